import type { SpaceSnapshot } from "../../content/snapshot";
import { type Access, type Answer, CDN_CACHE_SIZE, statusText } from "./model";

export function readRequest(input: RequestInfo | URL, init?: RequestInit): { url: URL; method: string; signal?: AbortSignal } {
  const request = input instanceof Request ? input : undefined;
  const raw = request ? request.url : input instanceof URL ? input.href : String(input);
  // The host is irrelevant: the emulator is whatever endpoint the client was configured with.
  const url = new URL(raw, "http://emulator.local");
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  const signal = init?.signal ?? request?.signal ?? undefined;
  return { url, method, signal };
}

export function toResponse(answer: Answer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    statusText: statusText(answer.status),
    headers: { "content-type": "application/json", ...answer.headers },
  });
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** A real timer, cancelled by the request's signal the way fetch is. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal ? abortReason(signal) : undefined);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function authorize(token: string | null, tokens: SpaceSnapshot["tokens"]): Access | undefined {
  if (token && token === tokens.preview) return "preview";
  if (token && token === tokens.public) return "public";
  return undefined;
}

/** The CDN keys on the full URL; parameter order does not matter to Storyblok, so neither here. */
export function cdnCacheKey(url: URL): string {
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

export function remember(cache: Map<string, Answer>, key: string, answer: Answer): void {
  cache.set(key, answer);
  if (cache.size > CDN_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}
