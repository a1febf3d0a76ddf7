// The few reads and creates of Cloudflare's API that the deploy makes itself (finding resources by
// name, the Worker's versions and deployments); everything that uploads is wrangler's. Every call
// has a deadline, and a 429 or 5xx is retried with backoff a bounded number of times, so a deploy
// survives a passing fault and, when the fault lasts, stops with the answer Cloudflare gave.

export interface CloudflareAccount {
  /** CLOUDFLARE_API_BASE_URL, as wrangler reads it: Cloudflare's own API unless set. */
  apiBase: string;
  token: string;
  accountId: string;
}

export const CLOUDFLARE_API = "https://api.cloudflare.com/client/v4";

export class CloudflareApiError extends Error {
  override name = "CloudflareApiError";
  readonly status: number;
  readonly code: number | undefined;
  constructor(message: string, status: number, code?: number) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface ApiDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** One request's deadline. */
  timeoutMs?: number;
  /** Attempts of one request, the first included. */
  attempts?: number;
}

interface Envelope<T> {
  success: boolean;
  errors?: Array<{ code: number; message: string }>;
  result: T;
  result_info?: { page?: number; per_page?: number; total_pages?: number; total_count?: number; cursor?: string };
}

/** What the deploy needs from the environment; each missing one named. */
export function accountFromEnv(env: NodeJS.ProcessEnv): CloudflareAccount {
  const missing = ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ACCOUNT_ID"].filter((name) => !env[name]?.trim());
  if (missing.length) throw new CloudflareApiError(`${missing.join(" and ")} must be set (README, Deploy)`, 0);
  return {
    apiBase: (env.CLOUDFLARE_API_BASE_URL?.trim() || CLOUDFLARE_API).replace(/\/$/, ""),
    token: env.CLOUDFLARE_API_TOKEN!.trim(),
    accountId: env.CLOUDFLARE_ACCOUNT_ID!.trim(),
  };
}

const retryable = (status: number) => status === 429 || status >= 500;
/** Cloudflare's Retry-After in seconds, bounded: a deploy never waits a minute for one call. */
const waitFor = (res: Response, attempt: number) => Math.min(Number(res.headers.get("retry-after")) * 1000 || 1000 * 2 ** attempt, 30_000);

export function cloudflareApi(account: CloudflareAccount, deps: ApiDeps = {}) {
  const { fetch: doFetch = fetch, sleep = (ms) => new Promise((r) => setTimeout(r, ms)), timeoutMs = 30_000, attempts = 5 } = deps;

  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const url = `${account.apiBase}/accounts/${account.accountId}${path}`;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          headers: { authorization: `Bearer ${account.token}`, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (attempt + 1 >= attempts) throw new CloudflareApiError(`${method} ${path}: ${(error as Error).message}`, 0);
        await sleep(1000 * 2 ** attempt);
        continue;
      }
      if (retryable(res.status) && attempt + 1 < attempts) {
        await res.body?.cancel();
        await sleep(waitFor(res, attempt));
        continue;
      }
      const envelope = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
      if (res.ok && envelope?.success) return envelope;
      const first = envelope?.errors?.[0];
      throw new CloudflareApiError(
        `${method} ${path}: ${res.status}${first ? ` ${first.message} [code: ${first.code}]` : ""}`,
        res.status,
        first?.code,
      );
    }
  }

  /** Every item of a paged list (at most `maxPages` pages: an account's lists are short). */
  async function list<T>(path: string, perPage = 100, maxPages = 50): Promise<T[]> {
    const items: T[] = [];
    const join = path.includes("?") ? "&" : "?";
    for (let page = 1; page <= maxPages; page++) {
      const { result, result_info } = await call<T[]>("GET", `${path}${join}page=${page}&per_page=${perPage}`);
      items.push(...result);
      if (result.length < perPage || (result_info?.total_pages !== undefined && page >= result_info.total_pages)) break;
    }
    return items;
  }

  return {
    get: async <T>(path: string) => (await call<T>("GET", path)).result,
    post: async <T>(path: string, body: unknown) => (await call<T>("POST", path, body)).result,
    list,
  };
}

export type CloudflareApi = ReturnType<typeof cloudflareApi>;
