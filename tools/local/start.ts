// `npm start`: build, apply the D1 migrations locally, then serve the whole site with wrangler dev
// (workerd, local KV and D1) on http://127.0.0.1:8787, or on $PORT. Works offline: without
// STORYBLOK_TOKEN the embedded content snapshot is served.
// `npm run start:https` (`--https`) serves https://127.0.0.1:8787 instead, for Storyblok's visual
// editor, which frames only https pages: wrangler's own self-signed certificate, or yours with
// HTTPS_KEY_PATH and HTTPS_CERT_PATH.
import { spawn, execFileSync } from "node:child_process";
import { REPO_ROOT as root } from "../repo-root.ts";
import { WRANGLER, localVarArgs } from "./local-worker.ts";
import { recordRunningSite } from "./running-site.ts";

// React's production build, as deployed (wrangler dev would otherwise bundle the development
// build, about 20x slower to render); NODE_ENV=development npm start gives React's dev warnings.
// Offline and quiet: no metrics, no fetch of the `Request.cf` placeholder from Cloudflare (it
// fails without network and prints a stack trace), no banner.
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NODE_ENV: process.env.NODE_ENV || "production",
};

function tlsArgs(argv: string[]): string[] {
  const unknownArgs = argv.filter((arg) => arg !== "--https");
  if (unknownArgs.length) throw new Error(`unknown argument ${unknownArgs.join(" ")} (only --https)`);
  const https = argv.includes("--https");
  return [
    ...(https ? ["--local-protocol", "https"] : []),
    ...(https && process.env.HTTPS_KEY_PATH ? ["--https-key-path", process.env.HTTPS_KEY_PATH] : []),
    ...(https && process.env.HTTPS_CERT_PATH ? ["--https-cert-path", process.env.HTTPS_CERT_PATH] : []),
  ];
}

/**
 * The newsletter outbox schema (migrations/) in the local D1 database wrangler dev uses. No stdin:
 * wrangler then applies without asking, and a second run finds nothing to apply. Its tables and
 * confirmation are shown only when it fails. False when it failed.
 */
function applyMigrations(): boolean {
  try {
    const applied = execFileSync(process.execPath, [WRANGLER, "d1", "migrations", "apply", "DB", "--local"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env,
      encoding: "utf8",
    });
    const names = [...new Set(applied.match(/\d{4}_[\w-]+\.sql/g) ?? [])];
    console.log(names.length ? `local D1: applied ${names.join(", ")}` : "local D1: schema up to date");
    return true;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    console.error(`local D1 migrations failed:\n${failed.stdout ?? ""}${failed.stderr ?? ""}`);
    return false;
  }
}

/** `npm start [-- --https]`: answers wrangler dev's exit code once it stops. */
export async function main(argv: string[]): Promise<number> {
  const port = process.env.PORT || "8787";
  const host = process.env.HOST || "127.0.0.1";
  const tls = tlsArgs(argv);
  execFileSync(process.execPath, ["scripts/build.ts"], { cwd: root, stdio: "inherit", env });
  if (!applyMigrations()) return 1;
  const wrangler = spawn(
    process.execPath,
    [WRANGLER, "dev", "--ip", host, "--port", port, "--show-interactive-dev-session=false", ...localVarArgs(), ...tls],
    { cwd: root, stdio: "inherit", env },
  );
  const forget = recordRunningSite(`${tls.length ? "https" : "http"}://${host}:${port}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => wrangler.kill(signal));
  return new Promise((exited) =>
    wrangler.on("exit", (code) => {
      forget();
      exited(code ?? 0);
    }),
  );
}
