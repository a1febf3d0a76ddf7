// Where `npm start` serves the site, kept in a file while it runs, so the commands run beside it
// (`npm run preview:link`) reach the site on the port it was started on without being told.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";

/** Under wrangler's own local state folder (ignored by git). */
export const RUNNING_SITE_FILE = join(REPO_ROOT, ".wrangler/running-site.json");

/** Records `origin` as the running site's; the returned function forgets it (when the site stops). */
export function recordRunningSite(origin: string, file = RUNNING_SITE_FILE): () => void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ origin, pid: process.pid })}\n`);
  return () => rmSync(file, { force: true });
}

/** The origin `npm start` serves on, while the process that recorded it lives; undefined otherwise. */
export function runningSite(file = RUNNING_SITE_FILE, alive = processAlive): string | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const { origin, pid } = JSON.parse(readFileSync(file, "utf8")) as { origin?: unknown; pid?: unknown };
    return typeof origin === "string" && typeof pid === "number" && alive(pid) ? origin : undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
