// Another commit of this repository, checked out and built beside this one, for a measurement that
// compares the two in one run (`npm run lighthouse -- --beside <commit>`): a detached git worktree
// under .generated/beside/<commit>, its own `npm ci` (from its own lock, offline-capable like ours)
// and its own build, each done once and found again by the next run. Served like the benches'
// paired checkouts (tools/local/local-worker.ts startLocalWorker with `cwd`).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { SITE_ENV } from "../local/local-worker.ts";
import { REPO_ROOT } from "../repo-root.ts";

export interface Checkout {
  /** The commit's full id. */
  commit: string;
  /** Its worktree, built. */
  dir: string;
}

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

/** Checks `ref` out beside this checkout (once), installs and builds it; each step says what it does. */
export function besideCheckout(ref: string, log: (line: string) => void = console.log): Checkout {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const dir = join(REPO_ROOT, ".generated", "beside", commit.slice(0, 12));
  if (!existsSync(join(dir, "package.json"))) {
    log(`checking out ${commit.slice(0, 12)} in ${dir}`);
    mkdirSync(join(REPO_ROOT, ".generated", "beside"), { recursive: true });
    git("worktree", "prune");
    git("worktree", "add", "--detach", "--force", dir, commit);
  }
  const run = (what: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    log(`${commit.slice(0, 12)}: ${what}`);
    execFileSync(command, args, { cwd: dir, stdio: ["ignore", "ignore", "inherit"], env });
  };
  const node = join(dir, "node_modules", "node", "bin", "node");
  // its dev dependencies too (wrangler, the pinned Node): npm ci leaves them out under NODE_ENV=production
  const { NODE_ENV: _, ...installEnv } = process.env;
  if (!existsSync(node)) run("npm ci", "npm", ["ci", "--no-audit", "--no-fund"], installEnv);
  // its own build script with its own Node (the `node` package it pins), as its npm scripts run it
  run("build", node, ["scripts/build.ts"], SITE_ENV);
  return { commit, dir };
}
