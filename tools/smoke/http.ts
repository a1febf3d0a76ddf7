// How the smoke check asks the site: every request with a deadline, never following a redirect
// (a 301 where a page should be is a fault to report, not a detour), a bounded body, a few
// requests at a time. With `connectTo` the request goes to another origin but names the checked
// host in `Host`, as curl --connect-to does: Node's fetch drops a Host header it is given (undici
// sends the URL's host), so that path uses node:http(s).
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";

/** One answer, its body read as text. `url` is the checked site's URL (the one a visitor would use). */
export interface Answer {
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

export interface RequestSpec {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Larger answers fail the request (their rest is never read). */
  maxBytes: number;
}

export interface HttpOptions {
  base: URL;
  connectTo?: URL;
  fetch?: typeof fetch;
  timeoutMs: number;
  /** Requests in flight at once, at most. */
  concurrency: number;
}

/** What a transport hands back before the body is read. */
interface RawAnswer {
  status: number;
  headers: Headers;
  body: AsyncIterable<Uint8Array> | null;
}

type Transport = (
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
) => Promise<RawAnswer>;

/** Says so in the smoke check's own words: who it is, so a site's logs can tell it from visitors. */
export const USER_AGENT = "koraal-smoke/1 (npm run smoke)";

/** A request failed before it had an answer (refused, timed out, too large). */
export class RequestFailed extends Error {
  override name = "RequestFailed";
}

/** `ask(path, spec)`: the answer at the checked site's `path`, within the deadline. */
export function createHttp(options: HttpOptions): (path: string, spec: RequestSpec) => Promise<Answer> {
  const transport = options.connectTo ? connectingTransport(options.connectTo, options.base) : fetchTransport(options.fetch ?? fetch);
  const slot = semaphore(options.concurrency);
  return (path, spec) => slot(() => ask(transport, new URL(path, options.base), spec, options.timeoutMs));
}

async function ask(transport: Transport, url: URL, spec: RequestSpec, timeoutMs: number): Promise<Answer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = { "user-agent": USER_AGENT, ...spec.headers };
  try {
    const raw = await transport(url, spec.method ?? "GET", headers, spec.body, signal);
    const text = await readBounded(raw.body, spec.maxBytes);
    return { url: url.href, status: raw.status, headers: raw.headers, text };
  } catch (error) {
    throw new RequestFailed(describeFailure(error, signal, timeoutMs));
  }
}

function describeFailure(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `no complete answer within ${timeoutMs} ms`;
  if (error instanceof RequestFailed) return error.message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return detail ? `${message} (${detail})` : message;
}

/** The body as UTF-8 text; past `maxBytes` the read stops and the request fails. */
async function readBounded(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    // leaving the loop cancels the stream: the rest is never downloaded
    if (size > maxBytes) throw new RequestFailed(`answer larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (url, method, headers, body, signal) => {
    const response = await fetchImpl(url, { method, headers, body, signal, redirect: "manual" });
    return { status: response.status, headers: response.headers, body: response.body };
  };
}

/** node:http(s) to `connectTo`, with the checked site's host in `Host` (and, over TLS, in SNI). */
function connectingTransport(connectTo: URL, base: URL): Transport {
  const send = connectTo.protocol === "https:" ? httpsRequest : httpRequest;
  return (url, method, headers, body, signal) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const request = send(
        {
          host: connectTo.hostname,
          port: connectTo.port || undefined,
          method,
          path: url.pathname + url.search,
          headers: { ...headers, host: base.host, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) },
          signal,
          // --connect-to names a server of the checker's own (a local wrangler dev with its self-signed certificate)
          ...(connectTo.protocol === "https:" ? { servername: base.hostname, rejectUnauthorized: false } : {}),
        },
        (response) => resolve({ status: response.statusCode ?? 0, headers: headersOf(response), body: response }),
      );
      request.on("error", reject);
      request.end(body);
    });
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** Runs at most `limit` of the given jobs at a time, in the order they were handed in. */
function semaphore(limit: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (job) => {
    // a finished job hands its slot straight to the next waiting one, so none can slip in between
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
