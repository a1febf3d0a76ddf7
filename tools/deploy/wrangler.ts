// wrangler as the deploy runs it: non-interactive (CI=true: it asks nothing and writes no id back
// into a config), without metrics, with a deadline, its output shown as it comes and kept for the
// lines the deploy reads (a version's id, its preview URL).
import { spawn } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";

const WRANGLER = `${REPO_ROOT}/node_modules/wrangler/bin/wrangler.js`;

export interface WranglerResult {
  code: number;
  output: string;
}

export type RunWrangler = (args: string[]) => Promise<WranglerResult>;

export interface WranglerOptions {
  env?: NodeJS.ProcessEnv;
  /** Where wrangler's own lines go (default: this process's stdout, indented). */
  echo?: (text: string) => void;
  timeoutMs?: number;
}

export function wranglerRunner({ env = process.env, echo, timeoutMs = 10 * 60_000 }: WranglerOptions = {}): RunWrangler {
  const show = echo ?? ((text: string) => process.stdout.write(text.replace(/^(?=.)/gm, "  │ ")));
  return (args) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [WRANGLER, ...args], {
        cwd: REPO_ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...env, CI: "true", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", FORCE_COLOR: "0" },
        timeout: timeoutMs,
      });
      let output = "";
      const take = (chunk: Buffer) => {
        const text = chunk.toString();
        output += text;
        show(text);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 124 : 1), output }));
    });
}

/** The first Cloudflare error code in wrangler's output (`[code: 10057]`), if any. */
export const errorCode = (output: string): number | undefined => {
  const match = /\[code: (\d+)\]/.exec(output);
  return match ? Number(match[1]) : undefined;
};

/** What `wrangler versions upload` printed about the version it made. */
export function uploadedVersion(output: string): { id: string; previewUrl?: string } | undefined {
  const id = /Worker Version ID: ([0-9a-f-]{36})/.exec(output)?.[1];
  if (!id) return undefined;
  const previewUrl = /Version Preview URL: (https?:\/\/\S+)/.exec(output)?.[1];
  return { id, previewUrl };
}

/** The first workers.dev (or other) URL wrangler printed after a deploy or a preview. */
export const printedUrl = (output: string): string | undefined => /(https:\/\/[a-z0-9.-]+\.workers\.dev)\b/.exec(output)?.[1];
