// `wrangler d1 execute ... --json` as the operator's commands and the vitals report run it against
// the local or the deployed D1 database: the rows of each statement, or an error that says what
// failed (a table the migrations have not made yet named with what to do).
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "../repo-root.ts";
import { WRANGLER } from "./local-worker.ts";

export class D1ExecuteError extends Error {
  override name = "D1ExecuteError";
}

/** Runs wrangler with `args` (a `d1 execute ... --json` command): the rows of each statement. */
export function d1Execute<Row>(args: string[], tables: readonly string[]): Row[][] {
  let output: string;
  try {
    output = execFileSync(process.execPath, [WRANGLER, ...args], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    });
  } catch (error) {
    // execFileSync's error carries the child's output (strings, as encoding is utf8)
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const detail = `${stdout ?? ""}${stderr ?? ""}`;
    const missing = tables.find((table) => detail.includes(`no such table: ${table}`));
    throw new D1ExecuteError(
      missing
        ? `the table ${missing} does not exist yet; run \`npm start\` once (or \`wrangler d1 migrations apply DB\`).`
        : `wrangler d1 execute failed\n${detail}`,
    );
  }
  const answer = JSON.parse(output.slice(output.indexOf("["))) as Array<{ results?: Row[] }>;
  return answer.map((result) => result.results ?? []);
}
