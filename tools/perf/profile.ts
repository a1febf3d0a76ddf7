// `npm run profile [path ...]`: where a warm page's time goes, from a CPU profile of the Worker
// itself. Builds, starts the Worker as the bench does (wrangler dev = workerd, React's production
// build, the log settings npm start uses, unminified) with its DevTools inspector on, warms the page, then records V8's
// sampling profiler while the page is loaded at concurrency 8. Prints the self time per source
// module and per function (the bundle's module markers map each sample to the file it came
// from) and writes the raw profile to .generated/profiles/ (open it in Chromium's DevTools).
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, startLocalWorker, waitUntilUp, warmLocalKv } from "../local/local-worker.ts";
import { REPO_ROOT } from "../repo-root.ts";

const port = Number(process.env.BENCH_PORT || 8796);
const inspectorPort = Number(process.env.PROFILE_INSPECTOR_PORT || 9236);
const base = `http://127.0.0.1:${port}`;
const SECONDS = Number(process.env.PROFILE_SECONDS || 4);
/** PROFILE_COLD=1: profile only the fresh isolate's first request for the first path. */
const COLD = process.env.PROFILE_COLD === "1";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  timeDeltas: number[];
}

/** A DevTools protocol session over the inspector's WebSocket (wrangler's proxy wants a local Origin). */
async function inspector(url: string) {
  const ws = new WebSocket(url, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve);
    ws.addEventListener("error", () => reject(new Error(`cannot reach the inspector at ${url}`)));
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; method?: string };
    if (message.id === undefined) return;
    // wrangler's proxy answers a command that has no result data with the command itself
    if (
      "result" in message ||
      message.method === "Profiler.enable" ||
      message.method === "Profiler.setSamplingInterval" ||
      message.method === "Profiler.start"
    ) {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    }
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const call = ++id;
      return new Promise<T>((resolve) => {
        pending.set(call, resolve as (result: unknown) => void);
        ws.send(JSON.stringify({ id: call, method, params }));
      });
    },
    close: () => ws.close(),
  };
}

/** The bundle wrangler dev runs: esbuild marks where each source file starts (`// src/…`, `// node_modules/…`). */
function moduleMap(): (line: number) => string {
  const tmp = join(REPO_ROOT, ".wrangler/tmp");
  const bundles = readdirSync(tmp)
    .filter((name) => name.startsWith("dev-"))
    .map((name) => join(tmp, name, "index.js"))
    .filter((file) => statSync(file, { throwIfNoEntry: false }))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const starts: Array<[number, string]> = [];
  readFileSync(bundles[0]!, "utf8")
    .split("\n")
    .forEach((text, line) => {
      // `// src/…`, `// node_modules/…`, or `// ../main/node_modules/…` where node_modules is a link
      const marker = /^\/\/ ((?:\.\.\/)*[\w.@/-]*?(?:src|client|node_modules|\.generated)\/\S+\.[cm]?[jt]sx?)$/.exec(text);
      if (marker) starts.push([line, marker[1]!.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, "$1")]);
    });
  return (line) => {
    let found = "(wrangler glue)";
    for (const [start, name] of starts) {
      if (start > line) break;
      found = name;
    }
    return found;
  };
}

async function load(path: string, ms: number): Promise<number> {
  let requests = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        await (await fetch(base + path)).arrayBuffer();
        requests++;
      }
    }),
  );
  return requests;
}

function report(path: string, profile: Profile, requests: number, moduleOf: (line: number) => string): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const modules = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    if (frame.functionName === "(idle)") return;
    busy += us;
    const module = frame.url === "index.js" ? moduleOf(frame.lineNumber) : frame.url || "(runtime)";
    const fn = `${frame.functionName || "(anonymous)"}  ${module}`;
    modules.set(module, (modules.get(module) ?? 0) + us);
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  });
  const perRequest = (us: number) => (us / 1000 / requests).toFixed(3).padStart(7);
  const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  console.log(`\n${path}: ${requests} requests profiled; busy ${perRequest(busy)} ms per request (sampling inflates this)`);
  console.log("self time by source module (ms per request, share of busy time):");
  for (const [name, us] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`${perRequest(us)} ${share(us)}  ${name}`);
  console.log("self time by function:");
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${perRequest(us)} ${share(us)}  ${name}`);
}

/** `npm run profile [-- /path ...]` (default `/`). */
export async function main(argv: string[]): Promise<number> {
  const paths = argv.length ? argv : ["/"];
  build();
  // the log level npm start uses (wrangler.toml); unminified, so the bundle's markers name each sample's source file
  const server = startLocalWorker({ port, persist: ".wrangler/bench-state", logLevel: "info", inspectorPort, minify: false });
  try {
    await waitUntilUp(base);
    const moduleOf = moduleMap();
    const session = await inspector(`ws://127.0.0.1:${inspectorPort}/ws`);
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 100 });
    mkdirSync(join(REPO_ROOT, ".generated/profiles"), { recursive: true });
    /** Profiles `run` (which answers how many requests it made), reports it and keeps the raw profile as `name`. */
    const profiled = async (label: string, name: string, run: () => Promise<number>) => {
      await session.send("Profiler.start");
      const requests = await run();
      const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
      const file = join(REPO_ROOT, ".generated/profiles", `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      report(label, profile, requests, moduleOf);
      console.log(`raw profile: ${file}`);
    };
    if (COLD) await warmLocalKv(base); // wrangler dev's own KV service, not the isolate
    if (COLD)
      await profiled(`${paths[0]} (first request of a fresh isolate)`, "cold", async () => {
        await (await fetch(base + paths[0])).arrayBuffer();
        return 1;
      });
    for (const path of COLD ? [] : paths) {
      await load(path, 1500); // warm: KV, memos, JIT
      await profiled(path, path.replace(/[^a-z0-9]+/gi, "_") || "_", () => load(path, SECONDS * 1000));
    }
    session.close();
    return 0;
  } finally {
    server.kill("SIGTERM");
  }
}
