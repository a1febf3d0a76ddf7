/**
 * What every HTTP stand-in of a third party shares: a request body read with a bound, and a
 * server listening on 127.0.0.1 (a free port unless one is given) that can be closed again.
 */
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > maxBytes) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface Listening {
  url: string;
  close: () => Promise<void>;
}

export async function listenLocal(server: Server, port = 0): Promise<Listening> {
  // Node closes a kept-alive connection after 5 s idle: a client backing off from a 429 for about
  // that long would send its retry on a socket being closed ("fetch failed"). Hosted APIs keep
  // connections far longer; so do the stand-ins.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  return { url, close };
}
