import { randomInt } from "node:crypto";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of a local site that gives every request through it, a page's and its beacons',
 * one CF-Connecting-IP, as Cloudflare's edge would (the local runtime keeps one a request comes
 * with): an address in a random /48 of IPv6's documentation prefix (RFC 3849) per proxy, one of
 * 65,535 (TEST-NET-3's 254 addresses let two runs meet about once in 250). Field measurements count a network
 * once per page type and day (src/server/vitals/ledger.ts) and the test sites are not restarted
 * between runs (`--repeat-each`, a retry), so each run views from a network of its own. The Host
 * header passes as it came: the proxy is the site's origin for the pages and the beacons alike.
 */
export async function networkProxy(port: number): Promise<{ base: string; close: () => Promise<void> }> {
  const network = `2001:db8:${randomInt(1, 0x10000).toString(16)}::1`;
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
