/**
 * The Management API as the push uses it, through Storyblok's own client
 * (@storyblok/management-api-client): requests are paced below the rate limit, its retry (ky) backs
 * off on 429 with growing delays (Retry-After when the API sends one) a bounded number of times,
 * and every call has a deadline. The token only ever goes into the Authorization header; errors
 * name the method, path and status, never the token.
 */
import { createManagementApiClient } from "@storyblok/management-api-client";
import { getManagementBaseUrl, getRegion, isRegion } from "@storyblok/region-helper";
import { failureLine, failureOf, withRetries } from "./mapi-failure.ts";

export type Json = Record<string, unknown>;
type Query = Record<string, string | number | boolean>;

export interface Mapi {
  /** Paths are relative to the space: "/components" is /v1/spaces/{id}/components. */
  get: <T = Json>(path: string, query?: Query) => Promise<T>;
  /** Every page of a paginated list (100 per page, at most `MAX_PAGES`). */
  list: <T = Json>(path: string, key: string, query?: Query) => Promise<T[]>;
  post: <T = Json>(path: string, body: unknown, query?: Query) => Promise<T>;
  put: <T = Json>(path: string, body: unknown, query?: Query) => Promise<T>;
  /**
   * The signed upload: sign, post the file to the signed form, finish; returns the asset.
   * `replacing`: the id of an asset whose upload never finished, which this one completes.
   */
  upload: (shortFilename: string, bytes: Uint8Array, contentType: string, size?: string, replacing?: number) => Promise<Json>;
}

export interface MapiSettings {
  token: string;
  spaceId: number;
  /** STORYBLOK_MANAGEMENT_URL; default: the region's (STORYBLOK_REGION, else from the space id). */
  baseUrl?: string;
  region?: string;
  requestsPerSecond?: number;
  /** Deadline per call (ms). */
  timeoutMs?: number;
  /** Retries after a 429, or after a server error or no answer where the request is safe to repeat. */
  retries?: number;
  /** The first wait before repeating a request after a server error or no answer; doubled each time. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<unknown>;
}

const MAX_PAGES = 100;

export class MapiError extends Error {
  override name = "MapiError";
}

interface SignedForm {
  id: string;
  post_url: string;
  fields: Record<string, string>;
  pretty_url?: string;
}

/**
 * Step 2 of the upload, the form to S3. Not through the client's `assets.upload`: that posts with
 * a bare `fetch` and no deadline, and sends the filename as a query parameter where Storyblok's
 * OpenAPI description has a JSON body.
 */
async function postSignedForm(
  signed: SignedForm,
  filename: string,
  bytes: Uint8Array,
  contentType: string,
  timeoutMs: number,
): Promise<void> {
  const form = new FormData();
  for (const [key, value] of Object.entries(signed.fields)) form.append(key, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  const response = await fetch(signed.post_url, { method: "POST", body: form, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok)
    throw Object.assign(new Error(response.statusText), { response: { status: response.status, statusText: response.statusText } });
}

/**
 * The asset a finished upload made, from the signed answer (its `id` is the asset's, its
 * `pretty_url` the file's URL, protocol-relative in Storyblok's answers) when it has them, so an
 * asset costs three requests, not four.
 */
function assetOfSigned(signed: SignedForm): Json | undefined {
  if (typeof signed.pretty_url !== "string" || !/^\d+$/.test(signed.id)) return undefined;
  return { id: Number(signed.id), filename: signed.pretty_url.replace(/^\/\//, "https://") };
}

/**
 * Keeps to `requestsPerSecond` as the API counts them, on arrival: a request starts only a second
 * after the answer to the one `requestsPerSecond` calls back has come. Timing starts (as the
 * client's own throttle does) lets a slow answer followed by a quick request put one request too
 * many into one of the API's seconds: a 429, and ky's retry, which no throttle sees. For calls
 * made one after another, as the push makes them.
 */
export function pacer(
  requestsPerSecond: number,
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<unknown> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const window = Math.max(1, Math.floor(requestsPerSecond));
  const spanMs = (1000 * window) / requestsPerSecond;
  const answered: number[] = [];
  return async <T>(request: () => Promise<T>): Promise<T> => {
    const oldest = answered.length === window ? (answered[0] ?? 0) : Number.NEGATIVE_INFINITY;
    const wait = oldest + spanMs - now();
    if (wait > 0) await sleep(wait);
    try {
      return await request();
    } finally {
      answered.push(now());
      if (answered.length > window) answered.shift();
    }
  };
}

export function managementBaseUrl(settings: Pick<MapiSettings, "baseUrl" | "region" | "spaceId">): string | undefined {
  if (settings.baseUrl) return settings.baseUrl.replace(/\/+$/, "");
  return undefined;
}

function regionOf(settings: MapiSettings) {
  if (settings.region && isRegion(settings.region)) return settings.region;
  return getRegion(settings.spaceId) ?? "eu";
}

/** Storyblok's client retries 429s only: they say the API did not act, so even a POST is safe to send again. */
const retry429 = (retries: number) => ({
  limit: retries,
  methods: ["get", "post", "put"] as Array<"get" | "post" | "put">,
  statusCodes: [429],
  shouldRetry: ({ error }: { error: Error }) => ("response" in error ? undefined : false),
});

const storyblokClient = (settings: MapiSettings, baseUrl: string, retries: number) =>
  createManagementApiClient({
    personalAccessToken: settings.token,
    spaceId: settings.spaceId,
    region: regionOf(settings),
    baseUrl,
    throwOnError: true,
    timeout: settings.timeoutMs ?? 30_000,
    // paced in createMapi instead (pacer)
    rateLimit: false,
    retry: retry429(retries),
  });

export function createMapi(settings: MapiSettings): Mapi {
  const baseUrl = managementBaseUrl(settings) ?? getManagementBaseUrl(regionOf(settings));
  const retries = settings.retries ?? 6;
  const client = storyblokClient(settings, baseUrl, retries);
  const prefix = `/v1/spaces/${settings.spaceId}`;
  const pace = pacer(settings.requestsPerSecond ?? 3);
  const repeat = <T>(method: string, url: URL, request: () => Promise<T>, { repeatable = true, spaceRequest = false } = {}) =>
    withRetries(request, {
      repeatable,
      retries,
      backoffMs: settings.backoffMs ?? 1000,
      sleep: settings.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    }).catch((error: unknown) => {
      throw new MapiError(failureLine(method.toUpperCase(), url, failureOf(error), spaceRequest));
    });
  const call = async <T>(method: "get" | "post" | "put", path: string, options: { query?: Query; body?: unknown }): Promise<T> => {
    const url = new URL(`${baseUrl}${prefix}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const { data } = await repeat(method, url, () => pace(() => client[method](`${prefix}${path}`, options)), {
      repeatable: method !== "post",
      spaceRequest: path === "",
    });
    return data as T;
  };
  return {
    get: (path, query) => call("get", path, { query }),
    post: (path, body, query) => call("post", path, { body, query }),
    put: (path, body, query) => call("put", path, { body, query }),
    async list<T>(path: string, key: string, query: Query = {}) {
      const all: T[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const data = await call<Json>("get", path, { query: { ...query, page, per_page: 100 } });
        const items = (data[key] as T[] | undefined) ?? [];
        all.push(...items);
        if (items.length < 100) return all;
      }
      throw new MapiError(`GET ${baseUrl}${prefix}${path}: more than ${MAX_PAGES * 100} items`);
    },
    async upload(shortFilename, bytes, contentType, size, replacing) {
      // a lost answer to this POST leaves an unfinished asset, which the next run finishes (`replacing`)
      const signed = await call<SignedForm>("post", "/assets", {
        body: { filename: shortFilename, ...(size ? { size } : {}), ...(replacing === undefined ? {} : { id: replacing }) },
      });
      const timeoutMs = settings.timeoutMs ?? 30_000;
      // the same file to the same key again is the same upload
      await repeat("post", new URL(signed.post_url), () => postSignedForm(signed, shortFilename, bytes, contentType, timeoutMs));
      await call("get", `/assets/${signed.id}/finish_upload`, {});
      return assetOfSigned(signed) ?? call<Json>("get", `/assets/${signed.id}`, {});
    },
  };
}
