/**
 * `npm run bench` only: the Worker entry of the in-Worker harness (in-worker.bench.ts). It wraps
 * the default exports of two Workers, and calls either's `fetch` in a loop inside workerd:
 *
 * - the site (src/server/index.ts, exactly as deployed) for every host but the two below, with
 *   its KV binding wrapped to count round trips;
 * - the floor (tests/bench/floor/worker.ts: a copy of a page as a constant string, and as React's
 *   stream of it) on `http://floor.internal/...`.
 *
 * `http://bench.internal/batch?url=<url>&n=<calls>` runs one batch: `n` calls of `url`, each
 * answer read to the end, inside this one request (so what the calls allocate is freed when the
 * batch ends), and answers the three clocks' readings (see in-worker.bench.ts).
 * `http://bench.internal/kv` lists the KV calls made since it was last asked, and clears them.
 */
import site from "../../src/server/index";
import floor from "./floor/worker";

export { CacheVersionAuthority, SignupLimiter, VitalsLedger } from "../../src/server/index";

type BenchEnv = Env & { BENCH_PROC: Fetcher };

const kvCalls: string[] = [];

/** The KV binding with every method call noted (`get cv:current`); the calls themselves unchanged. */
function countingKv(kv: KVNamespace): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        kvCalls.push(`${String(property)} ${typeof args[0] === "string" ? args[0] : "(several)"}`);
        return value.apply(target, args);
      };
    },
  });
}

// one wrapped env per bindings object: the site validates its settings again whenever the object changes
const wrapped = new WeakMap<object, Env>();

function siteEnv(env: Env): Env {
  let found = wrapped.get(env);
  if (!found) {
    found = { ...env, CONTENT_CACHE: countingKv(env.CONTENT_CACHE) };
    wrapped.set(env, found);
  }
  return found;
}

/** CPU ms the run's workerd processes have used so far, from Node (/proc, vitest.bench.config.ts). */
async function workerdCpu(env: BenchEnv): Promise<{ ms: number; processes: number; clock: string }> {
  return (await env.BENCH_PROC.fetch("http://proc/")).json();
}

const fence = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `n` calls of one Worker's fetch, read by the three clocks. */
async function batch(handler: (request: Request) => Response | Promise<Response>, url: string, n: number, env: BenchEnv) {
  const cpuBefore = await workerdCpu(env);
  await fence();
  const wallBefore = performance.now();
  let perCall = 0;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await (await handler(new Request(url))).arrayBuffer();
    perCall += performance.now() - started;
  }
  await fence();
  const fenced = performance.now() - wallBefore;
  const cpuAfter = await workerdCpu(env);
  return { cpu: cpuAfter.ms - cpuBefore.ms, perCall, fenced, processes: cpuAfter.processes, clock: cpuAfter.clock };
}

export default {
  async fetch(request: Request, env: BenchEnv, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === "bench.internal" && url.pathname === "/kv") return Response.json(kvCalls.splice(0));
    if (url.hostname === "bench.internal" && url.pathname === "/batch") {
      const target = url.searchParams.get("url") ?? "";
      const n = Math.min(1000, Number(url.searchParams.get("n") ?? 1));
      const handler = new URL(target).hostname === "floor.internal" ? floor.fetch : (r: Request) => site.fetch(r, siteEnv(env), ctx);
      return Response.json(await batch(handler, target, n, env));
    }
    if (url.hostname === "floor.internal") return floor.fetch(request);
    return site.fetch(request, siteEnv(env), ctx);
  },
} satisfies ExportedHandler<BenchEnv>;
