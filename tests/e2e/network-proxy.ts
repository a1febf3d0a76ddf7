import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of a local site that gives every request through it, a page's and its beacons',
 * one CF-Connecting-IP, as Cloudflare's edge would (the local runtime keeps one a request comes
 * with): a fresh address of TEST-NET-3 (RFC 5737) per proxy. Field measurements count a network
 * once per page type and day (src/server/vitals/ledger.ts) and the test sites are not restarted
 * between runs (`--repeat-each`, a retry), so each run views from a network of its own. The Host
 * header passes as it came: the proxy is the site's origin for the pages and the beacons alike.
 */
export async function networkProxy(port: number): Promise<{ base: string; close: () => Promise<void> }> {
  const network = `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
  const proxy = createServer((req, res) => {
    const upstream = request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers: { ...req.headers, "cf-connecting-ip": network } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => {
      // the browser's keep-alive connections would hold close() open
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
