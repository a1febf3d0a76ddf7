// The site as the benches measure it: built, its D1 schema applied, served by `wrangler dev`
// (workerd) on 127.0.0.1 with React's production build. Used by the performance lab (tools/perf/),
// page-outputs.ts, the browser tests and the node tests that serve the built site.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";

export const WRANGLER = "node_modules/wrangler/bin/wrangler.js";
/**
 * wrangler dev's environment wherever the lab and the tests serve the built site (the benches,
 * page-outputs, the browser tests' three servers). What is deployed: React's production build (wrangler dev would bundle the development one).
 * Without wrangler dev's own trace recorder (the Local Explorer's, on by default since wrangler
 * 4.118, `X_LOCAL_OBSERVABILITY`): for a Worker with `[observability]` on, as the site is and the
 * bench's floor is not, it records every invocation into a local store, which cost wrangler dev's
 * workerd 0.5-1.0 ms per request of the home page over HTTP (docs/performance.md, sixth round). In
 * production invocation logs are recorded by the platform, not by a service beside the Worker.
 */
export const SITE_ENV = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NODE_ENV: "production",
  X_LOCAL_OBSERVABILITY: "false",
};

/**
 * The Worker's vars on this machine that production does not have: field measurements go to the
 * local D1 store (`vitals`), as wrangler dev's Analytics Engine binding drops every write; the
 * subscribers' pseudonyms are keyed with a fixed key that is public (it is right here) and so
 * protects nothing: local only. Every deployed environment must have its own secret
 * SUBSCRIBER_HASH_KEY (wrangler.toml `secrets.required`: a deploy without it is refused), and
 * never gets this one (vars are not inherited by environments). Every local start passes them:
 * `npm start`, the lab's and tests' `startLocalWorker`, the browser tests, vitest's workerd.
 */
export const LOCAL_VARS: Readonly<Record<string, string>> = {
  VITALS_STORE: "d1",
  SUBSCRIBER_HASH_KEY: "local-only-subscriber-key-not-secret-0000",
};

/** `LOCAL_VARS` (and `more`) as wrangler dev's `--var NAME:VALUE` arguments. */
export const localVarArgs = (more: Record<string, string> = {}): string[] =>
  Object.entries({ ...LOCAL_VARS, ...more }).flatMap(([name, value]) => ["--var", `${name}:${value}`]);

export interface LocalWorkerOptions {
  port: number;
  /** wrangler's local state folder (KV, D1), relative to the project. */
  persist: string;
  /** The Worker's LOG_LEVEL and wrangler's own log level. */
  logLevel: "error" | "info";
  /** "pipe" to read the Worker's log lines (wrangler writes them to stdout, its errors to stderr). */
  stdout?: "ignore" | "pipe";
  stderr?: "inherit" | "pipe";
  /** workerd's DevTools inspector (for CPU profiles); inspectorPortFor(port) unless given. */
  inspectorPort?: number;
  /** Another Worker's wrangler.toml (the bench's floor): no D1 migrations then. */
  config?: string;
  /** false: the bundle unminified (wrangler.toml minifies what is deployed), for a profile that names source files. */
  minify?: boolean;
  /** The checkout to serve (default this one): another, built, for a paired run (tools/perf/bench-pair.ts). */
  cwd?: string;
  /** More of the Worker's vars (`--var`), e.g. a webhook secret for the local publish route. */
  vars?: Record<string, string>;
}

/**
 * Each wrangler dev opens a DevTools inspector; left to itself it takes the first free port from
 * 9229, so wrangler dev processes that start at once can all pick the same one and all but one
 * fail with "Address already in use (socket direct:1:default)". A port derived from the site's
 * own port keeps servers that start together apart.
 */
export const inspectorPortFor = (port: number): number => port + 1000;

export function build(): void {
  execFileSync(process.execPath, ["scripts/build.ts"], { cwd: REPO_ROOT, stdio: "inherit", env: SITE_ENV });
}

/** Applies the D1 migrations to `persist` and starts wrangler dev there; call build() first. */
export function startLocalWorker({
  port,
  persist,
  logLevel,
  stdout = "ignore",
  stderr = "inherit",
  inspectorPort = inspectorPortFor(port),
  config,
  minify,
  cwd = REPO_ROOT,
  vars = {},
}: LocalWorkerOptions): ChildProcess {
  if (config === undefined) {
    execFileSync(process.execPath, [WRANGLER, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
      cwd,
      stdio: ["ignore", "ignore", "inherit"],
      env: SITE_ENV,
    });
  }
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false"];
  if (config !== undefined) args.push("--config", config);
  args.push("--log-level", logLevel === "info" ? "log" : "error", "--persist-to", persist, "--var", `LOG_LEVEL:${logLevel}`);
  args.push(...localVarArgs(vars));
  args.push("--inspector-port", String(inspectorPort));
  if (minify === false) args.push("--no-minify");
  return spawn(process.execPath, [WRANGLER, ...args], { cwd, stdio: ["ignore", stdout, stderr], env: SITE_ENV });
}

/**
 * The bench's floor (tests/bench/floor): what an HTML answer can reach under wrangler dev here,
 * served beside the site. Start it after the site is up: two starts at once share the two cores.
 */
export function startFloorWorker(port: number): ChildProcess {
  return startLocalWorker({ port, persist: ".wrangler/bench-floor", logLevel: "info", config: "tests/bench/floor/wrangler.toml" });
}

/** Hands the floor at `floorBase` a copy of the page at `pageUrl`: it serves it as `/<name>/constant` and `/<name>/react`. */
export async function copyPageToFloor(floorBase: string, name: string, pageUrl: string): Promise<void> {
  const html = await (await fetch(pageUrl)).text();
  const res = await fetch(`${floorBase}/${name}`, { method: "POST", body: html });
  if (!res.ok) throw new Error(`the floor refused the copy of ${pageUrl}: ${res.status}`);
}

/** Resolves once the Worker answers `path` (at most a minute). */
export async function waitUntilUp(base: string, path = "/robots.txt"): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(base + path)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("worker did not start");
}

/**
 * wrangler dev's local KV service (miniflare's simulator: its own worker in the same workerd, over
 * a SQLite file) compiles and opens its store on its first read after every start, 4-8 ms here.
 * Production's KV is not started with an isolate, so what measures a fresh isolate reads one entry
 * through wrangler dev's Local Explorer API first, which reads it with the same simulator, not through the
 * Worker (`npm run bench:cold`, `PROFILE_COLD=1 npm run profile`). Returns that read's ms (what the
 * first page would otherwise also pay), or undefined where the Worker has no KV namespace (the
 * bench's floor, which is asked the same way) or KV holds nothing yet.
 */
export async function warmLocalKv(base: string): Promise<number | undefined> {
  const api = `${base}/cdn-cgi/explorer/api/storage/kv/namespaces`;
  const get = async (url: string) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`wrangler dev's Local Explorer: ${url} answered ${res.status}`);
    return (await res.json()) as { result: Array<{ id?: string; name?: string }> };
  };
  const namespace = (await get(api)).result[0]?.id;
  if (namespace === undefined) return undefined;
  const key = (await get(`${api}/${namespace}/keys?limit=10`)).result[0]?.name;
  if (key === undefined) return undefined; // a fresh machine's first start, before anything filled KV
  const started = performance.now();
  await (await fetch(`${api}/${namespace}/values/${encodeURIComponent(key)}`)).arrayBuffer();
  return performance.now() - started;
}
