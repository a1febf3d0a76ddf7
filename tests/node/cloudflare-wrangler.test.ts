/**
 * Real wrangler (node_modules/wrangler) against the Cloudflare API stand-in, through the life of a
 * small Worker with every kind of binding the site uses: create its KV namespace and D1 database,
 * apply D1 migrations, deploy with a secrets file, deploy again (nothing new created, no asset
 * uploaded), upload a version, deploy it, roll back, list deployments, set a secret, and make and
 * delete a Worker Preview. Every request wrangler sent must conform to Cloudflare's OpenAPI
 * description, or be one of the operations the stand-in documents as outside it.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRA_ROUTES } from "../stand-ins/cloudflare-api/routes.ts";
import { type CloudflareStandIn, startCloudflareStandIn } from "../stand-ins/cloudflare-api/server.ts";

const WRANGLER = join(import.meta.dirname, "../../node_modules/wrangler/bin/wrangler.js");
const NAME = "fixture-worker";
const STEP_TIMEOUT = 180_000;

let cf: CloudflareStandIn;
let dir: string;

const WORKER = `import { DurableObject } from "cloudflare:workers";
export class Counter extends DurableObject {}
export default {
  async fetch(request, env) {
    return new Response(String(await env.KV.get("hits")));
  },
  async scheduled() {},
};
`;

function wranglerJson(kvId: string, dbId: string) {
  const bindings = {
    kv_namespaces: [{ binding: "KV", id: kvId }],
    d1_databases: [{ binding: "DB", database_name: "fixture-db", database_id: dbId, migrations_dir: "migrations" }],
    analytics_engine_datasets: [{ binding: "VITALS", dataset: "fixture_vitals" }],
    ratelimits: [{ name: "LIMITER", namespace_id: "1001", simple: { limit: 10, period: 60 } }],
  };
  return {
    name: NAME,
    main: "index.js",
    compatibility_date: "2025-01-01",
    ...bindings,
    durable_objects: { bindings: [{ name: "COUNTER", class_name: "Counter" }] },
    migrations: [{ tag: "v1", new_sqlite_classes: ["Counter"] }],
    assets: { directory: "public", binding: "ASSETS" },
    triggers: { crons: ["*/5 * * * *"] },
    secrets: { required: ["A_SECRET"] },
    // `wrangler preview` wants the Preview's own resources named; the fixture lends it production's
    previews: bindings,
  };
}

async function wrangler(args: string[], input?: string): Promise<string> {
  const home = join(dir, "home");
  const child = spawn(process.execPath, [WRANGLER, ...args], {
    cwd: join(dir, "worker"),
    // a command that outlives its test is killed, not left running after the run (seen once)
    timeout: STEP_TIMEOUT,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      CLOUDFLARE_API_BASE_URL: cf.url,
      CLOUDFLARE_API_TOKEN: cf.token,
      CLOUDFLARE_ACCOUNT_ID: cf.accountId,
      WRANGLER_SEND_METRICS: "false",
      CI: "true",
      NO_COLOR: "1",
      FORCE_COLOR: "0",
    } as unknown as NodeJS.ProcessEnv,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stdin.end(input ?? "");
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`wrangler ${args.join(" ")} exited ${code}:\n${output}`);
  return output;
}

const script = () => cf.state().scripts[NAME]!;
const latestDeployment = () => script().deployments.at(-1)!;
const requestsSince = (seq: number) => cf.requests().filter((r) => r.seq > seq);
const lastSeq = () => cf.requests().at(-1)?.seq ?? 0;

beforeAll(async () => {
  cf = await startCloudflareStandIn();
  dir = mkdtempSync(join(tmpdir(), "cf-wrangler-"));
  const worker = join(dir, "worker");
  mkdirSync(join(worker, "public"), { recursive: true });
  mkdirSync(join(worker, "migrations"));
  mkdirSync(join(dir, "home", ".config"), { recursive: true });
  writeFileSync(join(worker, "index.js"), WORKER);
  writeFileSync(join(worker, "public", "index.html"), "<!doctype html><title>fixture</title>\n");
  writeFileSync(join(worker, "public", "site.css"), "body { margin: 0 }\n");
  writeFileSync(join(worker, "migrations", "0001_hits.sql"), "CREATE TABLE hits (id INTEGER PRIMARY KEY, path TEXT NOT NULL);\n");
  writeFileSync(join(worker, "secrets.json"), JSON.stringify({ A_SECRET: "first-secret" }));
});

afterAll(async () => {
  await cf?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("wrangler against the Cloudflare API stand-in", () => {
  it("creates the KV namespace and the D1 database, and applies the migrations remotely", { timeout: STEP_TIMEOUT }, async () => {
    await wrangler(["kv", "namespace", "create", "fixture-kv"]);
    await wrangler(["d1", "create", "fixture-db"]);
    const { kvNamespaces, d1Databases } = cf.state();
    expect(kvNamespaces.map((ns) => ns.title)).toEqual(["fixture-kv"]);
    expect(d1Databases.map((db) => db.name)).toEqual(["fixture-db"]);
    writeFileSync(join(dir, "worker", "wrangler.json"), JSON.stringify(wranglerJson(kvNamespaces[0]!.id, d1Databases[0]!.uuid), null, 2));

    expect(await wrangler(["d1", "migrations", "apply", "fixture-db", "--remote"])).toMatch(/0001_hits\.sql/);
    const out = await wrangler(["d1", "execute", "fixture-db", "--remote", "--json", "--command", "SELECT name FROM d1_migrations"]);
    expect(out).toContain('"name": "0001_hits.sql"');
  });

  it("deploys a new Worker with its secrets file: script upload, Durable Object migration, assets, cron", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const out = await wrangler(["deploy", "--secrets-file", "secrets.json"]);
    expect(out).toMatch(/https:\/\/fixture-worker\.stand-in\.workers\.dev/);
    expect(out).toMatch(/schedule: \*\/5 \* \* \* \*/);
    expect(script()).toMatchObject({ migration_tag: "v1", durable_object_classes: ["Counter"], subdomain: { enabled: true } });
    expect(script().schedules.map((s) => s.cron)).toEqual(["*/5 * * * *"]);
    expect(cf.state().assetHashes).toHaveLength(2);
    const bindings = script().versions[0]!.bindings;
    expect(bindings.map((b) => `${b.type}:${b.name}`).sort()).toEqual(
      [
        "analytics_engine:VITALS",
        "assets:ASSETS",
        "d1:DB",
        "durable_object_namespace:COUNTER",
        "kv_namespace:KV",
        "ratelimit:LIMITER",
        "secret_text:A_SECRET",
      ].sort(),
    );
    expect(JSON.stringify(cf.state())).not.toContain("first-secret");
  });

  it("deploys again: a version and a deployment, the secret inherited, nothing created, no asset uploaded", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const before = lastSeq();
    await wrangler(["deploy"]);
    const calls = requestsSince(before).map((r) => `${r.method} ${r.template}`);
    expect(calls).toContain("POST /accounts/{account_id}/workers/scripts/{script_name}/versions");
    expect(calls).toContain("POST /accounts/{account_id}/workers/scripts/{script_name}/deployments");
    expect(calls).not.toContain("PUT /accounts/{account_id}/workers/scripts/{script_name}");
    expect(calls).not.toContain("POST /accounts/{account_id}/workers/assets/upload");
    expect(calls.filter((c) => c.startsWith("POST") && /kv\/namespaces|d1\/database$/.test(c))).toEqual([]);
    expect(script().versions).toHaveLength(2);
    expect(script().versions[1]!.bindings).toContainEqual({ type: "secret_text", name: "A_SECRET" });
  });

  it("uploads a version (with its preview URL), deploys it at 100%, and rolls back", { timeout: STEP_TIMEOUT }, async () => {
    const uploaded = await wrangler(["versions", "upload", "--message", "third"]);
    const versionId = /Worker Version ID: ([0-9a-f-]{36})/.exec(uploaded)?.[1];
    expect(versionId).toBeDefined();
    expect(uploaded).toContain(`Version Preview URL: https://${versionId!.slice(0, 8)}-fixture-worker.stand-in.workers.dev`);
    const previous = latestDeployment().versions[0]!.version_id;

    await wrangler(["versions", "deploy", `${versionId}@100`, "-y"]);
    expect(latestDeployment().versions).toEqual([{ version_id: versionId, percentage: 100 }]);

    await wrangler(["rollback", "--message", "roll back", "-y"]);
    expect(latestDeployment().versions).toEqual([{ version_id: previous, percentage: 100 }]);
    expect(latestDeployment().annotations["workers/message"]).toBe("roll back");

    const listed = JSON.parse(await wrangler(["deployments", "list", "--json"])) as Array<{ id: string }>;
    expect(listed.map((d) => d.id).sort()).toEqual(
      script()
        .deployments.map((d) => d.id)
        .sort(),
    );
  });

  it("puts a secret (a new version, deployed), and makes, changes and deletes a Worker Preview", { timeout: STEP_TIMEOUT }, async () => {
    await wrangler(["secret", "put", "OTHER_SECRET"], "second-secret\n");
    const secrets = latestDeploymentBindings().filter((b) => b.type === "secret_text");
    expect(secrets.map((b) => b.name).sort()).toEqual(["A_SECRET", "OTHER_SECRET"]);

    const preview = await wrangler(["preview", "--name", "pr-1", "--secrets-file", "secrets.json"]);
    expect(preview).toContain("Preview URL: https://pr-1-fixture-worker.stand-in.workers.dev");
    expect(preview).toMatch(/Unique Deployment URL: https:\/\/[0-9a-f]{8}-fixture-worker\.stand-in\.workers\.dev/);
    await wrangler(["preview", "secret", "put", "PREVIEW_ONLY", "--name", "pr-1"], "preview-secret\n");
    const [made] = script().previews;
    expect(Object.keys(made!.deployments.at(-1)!.env)).toEqual(expect.arrayContaining(["KV", "DB", "A_SECRET", "PREVIEW_ONLY"]));
    await wrangler(["preview", "delete", "--name", "pr-1", "-y"]);
    expect(script().previews).toEqual([]);
    expect(JSON.stringify(cf.state())).not.toMatch(/second-secret|preview-secret|first-secret/);
  });

  it("sent only requests the description allows, or operations the stand-in documents as outside it", () => {
    const extras = new Set(EXTRA_ROUTES.map(([method, template]) => `${method} ${template}`));
    const requests = cf.requests();
    expect(requests.filter((r) => !r.valid)).toEqual([]);
    expect(requests.filter((r) => !r.described && !extras.has(`${r.method} ${r.template}`))).toEqual([]);
    expect(requests.filter((r) => r.status >= 500)).toEqual([]);
  });
});

function latestDeploymentBindings() {
  const id = latestDeployment().versions[0]!.version_id;
  return script().versions.find((v) => v.id === id)!.bindings;
}
