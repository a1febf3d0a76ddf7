// The built site served by wrangler's own dev server (its startWorker API) as `wrangler dev` serves
// it, without the file watchers `wrangler dev` keeps for reloading (esbuild's and wrangler's: ~0.03
// of a core each server while idle, measured, and a write under the project while a test runs could
// make esbuild's watcher crash). For the browser tests' servers (playwright.config.ts), which serve
// one build and never reload. Run with `node tools/local/serve.ts --port N --persist-to DIR
// [--inspector-port N] [--var NAME:VALUE ...] [ENTRY]`; D1's migrations are applied beforehand.
import { unstable_startWorker } from "wrangler";
import { REPO_ROOT } from "../repo-root.ts";
import { LOCAL_VARS } from "./local-worker.ts";

export interface ServeOptions {
  port: number;
  persist: string;
  inspectorPort?: number;
  vars: Record<string, string>;
  /** Another entry than wrangler.toml's `main` (the browser tests' late-content Worker). */
  entry?: string;
}

export function parseServeArgs(argv: string[]): ServeOptions {
  const options: ServeOptions = { port: 0, persist: "", vars: {} };
  for (let i = 0; i < argv.length; i++) {
    const [arg, value] = [argv[i], argv[i + 1] ?? ""];
    if (arg === "--port") options.port = Number(value);
    else if (arg === "--persist-to") options.persist = value;
    else if (arg === "--inspector-port") options.inspectorPort = Number(value);
    else if (arg === "--var") {
      const at = value.indexOf(":");
      if (at < 1) throw new Error(`--var takes NAME:VALUE, not ${value}`);
      options.vars[value.slice(0, at)] = value.slice(at + 1);
    } else if (arg?.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else {
      options.entry = arg;
      continue;
    }
    i++;
  }
  if (!Number.isInteger(options.port) || options.port <= 0) throw new Error("--port takes a port number");
  if (!options.persist) throw new Error("--persist-to takes a folder");
  return options;
}

export async function serve({ port, persist, inspectorPort, vars, entry }: ServeOptions): Promise<() => Promise<void>> {
  // wrangler's own switch for its wrangler.toml watcher
  process.env.WRANGLER_CI_DISABLE_CONFIG_WATCHING = "true";
  const bindings = Object.fromEntries(
    Object.entries({ ...LOCAL_VARS, ...vars }).map(([name, value]) => [name, { type: "plain_text" as const, value }]),
  );
  const worker = await unstable_startWorker({
    config: `${REPO_ROOT}/wrangler.toml`,
    ...(entry ? { entrypoint: `${REPO_ROOT}/${entry}` } : {}),
    bindings,
    dev: {
      watch: false,
      server: { hostname: "127.0.0.1", port },
      inspector: inspectorPort ? { port: inspectorPort } : false,
      persist: `${REPO_ROOT}/${persist}`,
      logLevel: "error",
    },
  });
  await worker.ready;
  return () => worker.dispose();
}

if (import.meta.main) {
  const stop = await serve(parseServeArgs(process.argv.slice(2)));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stop().finally(() => process.exit(0));
    });
  }
}
