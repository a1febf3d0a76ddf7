// The site under check, as every check sees it: where it is, which origin its own URLs name, whether
// it is a preview host, and its answers (a GET asked once per run, however many checks read it).
import { type Answer, createHttp, type HttpOptions } from "./http.ts";

/** Hosts containing this are preview hosts, never indexed (the Worker's PREVIEW_HOST_MARKER in wrangler.toml). */
export const PREVIEW_HOST_MARKER = "workers.dev";

/** Bodies larger than this fail: a page is ~60-200 KB, an API answer a line. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
export const MAX_SMALL_BYTES = 64 * 1024;

export interface Site {
  /** The checked origin as a visitor names it. */
  base: URL;
  /** The origin the site's own URLs are on (canonical links, sitemap, feeds): its SITE_URL, else the origin it was asked at. */
  origin: string;
  /** A host the site keeps out of search engines. */
  preview: boolean;
  /** The answer to GET `path`, asked once per run. */
  get(path: string, maxBytes?: number): Promise<Answer>;
  post(path: string, headers: Record<string, string>, body: string): Promise<Answer>;
  url(path: string): string;
  /** `make()`'s promise, made once per run under `key`: what several checks read (the sitemap). */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
}

export interface SiteOptions extends HttpOptions {
  siteUrl?: string;
}

export function createSite(options: SiteOptions): Site {
  const ask = createHttp(options);
  const kept = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, make: () => Promise<T>): Promise<T> => {
    if (!kept.has(key)) kept.set(key, make());
    return kept.get(key) as Promise<T>;
  };
  return {
    base: options.base,
    origin: options.siteUrl ? new URL(options.siteUrl).origin : servedOrigin(options.base, options.connectTo),
    preview: options.base.hostname.toLowerCase().includes(PREVIEW_HOST_MARKER),
    get: (path, maxBytes = MAX_PAGE_BYTES) => once(`GET ${path}`, () => ask(path, { maxBytes })),
    post: (path, headers, body) => ask(path, { method: "POST", headers, body, maxBytes: MAX_SMALL_BYTES }),
    url: (path) => new URL(path, options.base).href,
    once,
  };
}

/**
 * The origin the Worker sees a request at: the checked host, with the scheme of the connection it
 * came over (a local `wrangler dev` behind --connect-to is plain http, whatever `base` says).
 */
function servedOrigin(base: URL, connectTo: URL | undefined): string {
  if (!connectTo) return base.origin;
  return new URL(`${connectTo.protocol}//${base.host}`).origin;
}
