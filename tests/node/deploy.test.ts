// `npm run deploy`, `npm run rollback` as a person runs them: the real wrangler against the
// Cloudflare API stand-in (tests/stand-ins/cloudflare-api), which keeps the account's state, runs
// D1's SQL and checks every request against Cloudflare's OpenAPI description. The smoke check of
// each version goes to the built site under wrangler dev, presenting the version's own host
// (`--smoke-connect-to`). In order, on one account:
//   a deploy without the required secrets, refused before anything is made;
//   the first deploy into an empty account; a second that creates nothing, through 429 and 5xx
//   answers; a failure past the retries, resumed from; a version that fails its smoke check;
//   a failing migration, which leaves the version that served serving;
//   a rollback; staging beside production; a branch preview on data of its own.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationTag, requiredSecrets } from "../../tools/deploy/deploy-config.ts";
import { committedConfig } from "../../tools/deploy/errors.ts";
import { startLocalWorker, waitUntilUp } from "../../tools/local/local-worker.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { type CloudflareStandIn, startCloudflareStandIn } from "../stand-ins/cloudflare-api/server.ts";

const PORT = 8761;
const STEP = 180_000;
const raw = committedConfig();
const REQUIRED = requiredSecrets(raw, { env: "production" });

let cf: CloudflareStandIn;
let tmp: string;
let secretsFile: string;
let site: ChildProcess | undefined;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "deploy-"));
  secretsFile = join(tmp, "secrets.env");
  writeFileSync(secretsFile, REQUIRED.map((name) => `${name}=test-${name.toLowerCase()}`).join("\n"));
  cf = await startCloudflareStandIn({});
  // its error lines (the embedded space served on a public host: content.token_missing) are read and dropped
  site = startLocalWorker({ port: PORT, persist: join(tmp, "site"), logLevel: "error", stderr: "pipe" });
  site.stderr?.resume();
  await waitUntilUp(`http://127.0.0.1:${PORT}`);
}, STEP);

afterAll(async () => {
  site?.kill("SIGTERM");
  await cf?.close();
  rmSync(tmp, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  output: string;
}

/** A command of scripts/ as `npm run` runs it, against the stand-in (asynchronously: the stand-in answers in this process). */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const home = join(tmp, "home");
  const child = spawn(process.execPath, [join(REPO_ROOT, "scripts", script), ...args], {
    cwd: REPO_ROOT,
    // a command that outlives its test is killed, not left running after the run
    timeout: STEP,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      CLOUDFLARE_API_BASE_URL: cf.url,
      CLOUDFLARE_API_TOKEN: cf.token,
      CLOUDFLARE_ACCOUNT_ID: cf.accountId,
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

const deploy = (args: string[]) => run("deploy.ts", [...args, "--smoke-connect-to", `http://127.0.0.1:${PORT}`]);

const script = (name: string) => cf.state().scripts[name];
/** The version that serves all traffic of a Worker now. */
const serving = (name: string) =>
  script(name)
    ?.deployments.at(-1)
    ?.versions.find((version) => version.percentage === 100)?.version_id;
/** Requests since `from` that created a KV namespace or a D1 database. */
const creates = (from: number) =>
  cf
    .requests()
    .filter((request) => request.seq > from && request.method === "POST" && /\/(storage\/kv\/namespaces|d1\/database)$/.test(request.path))
    .map((request) => request.path.replace(/.*\/accounts\/[^/]+/, ""));
const lastSeq = () => cf.requests().at(-1)?.seq ?? 0;

async function d1Rows(name: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const database = cf.state().d1Databases.find((db) => db.name === name)!;
  const res = await fetch(`${cf.url}/accounts/${cf.accountId}/d1/database/${database.uuid}/query`, {
    method: "POST",
    headers: { authorization: `Bearer ${cf.token}`, "content-type": "application/json" },
    body: JSON.stringify({ sql }),
  });
  const answer = (await res.json()) as { result: Array<{ results: Array<Record<string, unknown>> }> };
  return answer.result[0]!.results;
}

describe("npm run deploy against an empty account", () => {
  it(
    "refuses without the required secrets, before anything is created or uploaded",
    async () => {
      const { code, output } = await deploy(["--no-build"]);
      expect(code).toBe(1);
      expect(output).toContain(
        `deploy: refused: agency-site requires ${REQUIRED.join(", ")}, which are neither in the secrets file nor on the Worker.`,
      );
      expect(cf.state().kvNamespaces).toEqual([]);
      expect(cf.state().d1Databases).toEqual([]);
      expect(cf.state().scripts).toEqual({});
    },
    STEP,
  );

  it(
    "refuses a Turnstile site key left empty, as not set: the form would have no widget (issue 54)",
    async () => {
      const file = join(tmp, "empty-site-key.env");
      writeFileSync(
        file,
        REQUIRED.map((name) => `${name}=${name === "TURNSTILE_SITE_KEY" ? "" : `test-${name.toLowerCase()}`}`).join("\n"),
      );
      const { code, output } = await deploy(["--no-build", "--secrets-file", file]);
      expect(code).toBe(1);
      expect(output).toContain(
        "deploy: refused: agency-site requires TURNSTILE_SITE_KEY, which is neither in the secrets file nor on the Worker.",
      );
      expect(cf.state().scripts).toEqual({});
    },
    STEP,
  );

  it(
    "goes live the first time: resources made, D1 migrated, assets without the demo's images, checked",
    async () => {
      const { code, output } = await deploy(["--secrets-file", secretsFile]);
      expect(code, output).toBe(0);
      expect(cf.state().kvNamespaces.map((kv) => kv.title)).toEqual(["agency-site-content-cache"]);
      expect(cf.state().d1Databases.map((db) => db.name)).toEqual(["agency-site-newsletter"]);
      const tables = (await d1Rows("agency-site-newsletter", "SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name);
      expect(tables).toContain("0001_newsletter_outbox.sql");
      const worker = script("agency-site")!;
      expect(worker.migration_tag).toBe(migrationTag(raw));
      expect(worker.schedules.map((schedule) => schedule.cron)).toEqual(["* * * * *"]);
      const version = worker.versions.at(-1)!;
      expect(version.bindings.map((binding) => binding.name).sort()).toEqual(
        expect.arrayContaining(["ASSETS", "CONTENT_CACHE", "CV_AUTHORITY", "DB", "SIGNUP_LIMITER", "VITALS", ...REQUIRED]),
      );
      expect(output).toContain("the demo space's _img left out");
      expect(output).toMatch(/smoke check of https:\/\/agency-site\.stand-in\.workers\.dev: passed/);
      expect(output).toMatch(/agency-site is live: version [0-9a-f-]{36}/);
    },
    STEP,
  );

  it(
    "creates nothing the second time, through 429 and 5xx answers: a version uploaded, checked on its preview URL, then given traffic",
    async () => {
      const before = lastSeq();
      const first = serving("agency-site");
      cf.fail({ method: "GET", path: "/storage/kv/namespaces", status: 429, times: 1, retryAfter: 1 });
      cf.fail({ method: "GET", path: /\/d1\/database$/, status: 503, times: 2 });
      cf.fail({ method: "POST", path: /\/workers\/scripts\/agency-site\/versions$/, status: 500, times: 1 });
      const { code, output } = await deploy(["--no-build"]);
      expect(code, output).toBe(0);
      const faults = cf.requests().filter((request) => request.seq > before && request.fault);
      expect(faults.map((request) => request.status)).toEqual([429, 503, 503, 500]);
      expect(creates(before)).toEqual([]);
      expect(output).toMatch(/smoke check of https:\/\/[0-9a-f]{8}-agency-site\.stand-in\.workers\.dev: passed/);
      const uploads = cf.requests().filter((request) => request.seq > before && request.path.endsWith("/workers/assets/upload"));
      expect(uploads).toEqual([]);
      expect(serving("agency-site")).not.toBe(first);
      expect(output).toContain(`(before: ${first}, \`npm run rollback\` returns to it)`);
    },
    STEP,
  );

  it(
    "resumes after a failure it could not survive, the version that served still serving meanwhile",
    async () => {
      const before = lastSeq();
      const first = serving("agency-site");
      // wrangler tries an upload three times
      cf.fail({ method: "POST", path: /\/workers\/scripts\/agency-site\/versions$/, status: 500, times: 3 });
      const failed = await deploy(["--no-build"]);
      expect(failed.code).toBe(1);
      expect(failed.output).toContain("5. wrangler versions upload: wrangler failed (above); the version that served before still serves");
      expect(serving("agency-site")).toBe(first);

      const again = await deploy(["--no-build"]);
      expect(again.code, again.output).toBe(0);
      expect(creates(before)).toEqual([]);
      expect(serving("agency-site")).not.toBe(first);
    },
    STEP,
  );

  it(
    "gives no traffic to a version that fails the smoke check on its preview URL",
    async () => {
      const first = serving("agency-site");
      const versions = script("agency-site")!.versions.length;
      // nothing answers there: every check fails
      const { code, output } = await run("deploy.ts", ["--no-build", "--smoke-connect-to", "http://127.0.0.1:9"]);
      expect(code).toBe(1);
      expect(output).toMatch(/the smoke check of https:\/\/[0-9a-f]{8}-agency-site\.stand-in\.workers\.dev failed:\n {3}FAIL home:nl /);
      expect(output).toContain("It has no traffic: the version that served before still serves.");
      expect(script("agency-site")!.versions.length).toBe(versions + 1);
      expect(serving("agency-site")).toBe(first);
    },
    STEP,
  );

  it(
    "stops at a failing migration: nothing uploaded, the version that served still serves",
    async () => {
      // the last migration recorded as not applied: applied again, its CREATE TABLE fails as D1 would
      const [last] = await d1Rows("agency-site-newsletter", "SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1");
      await d1Rows("agency-site-newsletter", `DELETE FROM d1_migrations WHERE name = '${last!.name}'`);
      const before = serving("agency-site");
      const versions = script("agency-site")!.versions.length;
      const { code, output } = await deploy(["--no-build"]);
      expect(code).toBe(1);
      expect(output).toContain(
        "4. the D1 migrations of DB failed (above): nothing was uploaded, and the version that served before still serves",
      );
      expect(script("agency-site")!.versions.length).toBe(versions);
      expect(serving("agency-site")).toBe(before);
      await d1Rows("agency-site-newsletter", `INSERT INTO d1_migrations (name) VALUES ('${last!.name}')`);
    },
    STEP,
  );

  it(
    "rolls back to the version that served before",
    async () => {
      const deployments = script("agency-site")!.deployments;
      const previous = deployments.at(-2)!.versions[0]!.version_id;
      const { code, output } = await run("rollback.ts", ["--message", "test"]);
      expect(code, output).toBe(0);
      expect(serving("agency-site")).toBe(previous);
      expect(output).toContain(`version ${previous} serves all traffic again`);
    },
    STEP,
  );

  it(
    "deploys staging beside production, on resources of its own",
    async () => {
      const production = serving("agency-site");
      const { code, output } = await deploy(["--env", "staging", "--no-build", "--secrets-file", secretsFile]);
      expect(code, output).toBe(0);
      expect(cf.state().kvNamespaces.map((kv) => kv.title)).toEqual(["agency-site-content-cache", "agency-site-staging-content-cache"]);
      expect(cf.state().d1Databases.map((db) => db.name)).toEqual(["agency-site-newsletter", "agency-site-staging-newsletter"]);
      const ids = (name: string) =>
        script(name)!
          .versions.at(-1)!
          .bindings.filter((binding) => /kv|d1/.test(binding.type))
          .map((b) => JSON.stringify(b));
      for (const binding of ids("agency-site-staging")) expect(ids("agency-site")).not.toContain(binding);
      expect(serving("agency-site")).toBe(production);
    },
    STEP,
  );

  it(
    "makes a branch preview on the previews' own data",
    async () => {
      const { code, output } = await deploy(["--preview", "feature/nieuw-menu", "--no-build", "--secrets-file", secretsFile]);
      expect(code, output).toBe(0);
      const preview = script("agency-site")!.previews.find((p) => p.name === "feature-nieuw-menu")!;
      const env = preview.deployments.at(-1)!.env;
      const previewsKv = cf.state().kvNamespaces.find((kv) => kv.title === "agency-site-previews-content-cache")!;
      expect(env.CONTENT_CACHE).toMatchObject({ namespace_id: previewsKv.id });
      expect(output).toMatch(
        /preview "feature-nieuw-menu" of agency-site: https:\/\/feature-nieuw-menu-agency-site\.stand-in\.workers\.dev/,
      );
    },
    STEP,
  );

  it("sent Cloudflare nothing its description refuses", () => {
    const invalid = cf.requests().filter((request) => !request.valid);
    expect(invalid.map((request) => `${request.method} ${request.path}: ${request.reasons.join("; ")}`)).toEqual([]);
  });
});
