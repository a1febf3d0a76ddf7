// The branch a preview is named after: the pull request's head in GitHub Actions, else git's.
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";

export function currentBranch(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GITHUB_HEAD_REF) return env.GITHUB_HEAD_REF;
  return execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
}
