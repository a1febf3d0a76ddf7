/**
 * The Cloudflare API stand-in (tests/stand-ins/cloudflare-api) driven directly over HTTP: its
 * envelope, its refusals (authentication, requests the OpenAPI description does not allow, and
 * what Cloudflare itself refuses: duplicate names, missing resources, a migration out of order, an
 * inherit binding without a secret, deployments that do not add up), D1 SQL really executing
 * and rolling back, and fault injection. tests/node/cloudflare-wrangler.test.ts runs real wrangler
 * against it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CloudflareStandIn, startCloudflareStandIn } from "../stand-ins/cloudflare-api/server.ts";

let cf: CloudflareStandIn;
let account: string;

interface Envelope {
  success: boolean;
  errors: Array<{ code: number; message: string }>;
  messages: unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read field by field
  result: any;
  result_info?: { page: number; per_page: number; total_count: number };
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${cf.token}`, ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await fetch(`${cf.url}${path.replace("{account}", `/accounts/${account}`)}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope };
}

/** A module Worker upload as wrangler builds it: a metadata part and the module. */
function upload(metadata: Record<string, unknown>): FormData {
  const form = new FormData();
  form.set("metadata", JSON.stringify({ main_module: "index.js", compatibility_date: "2025-01-01", ...metadata }));
  form.set(
    "index.js",
    new File(["export default { fetch() { return new Response('hi') } }"], "index.js", { type: "application/javascript+module" }),
  );
  return form;
}

const lastRequest = () => cf.requests().at(-1)!;

beforeAll(async () => {
  cf = await startCloudflareStandIn();
  account = cf.accountId;
});
afterAll(async () => {
  await cf.close();
});

describe("the envelope and authentication", () => {
  it("answers in Cloudflare's envelope and verifies the token", async () => {
    const { status, body } = await call("GET", "/user/tokens/verify");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, errors: [], messages: [], result: { status: "active" } });
    const memberships = await call("GET", "/memberships");
    expect(memberships.body.result).toEqual([expect.objectContaining({ account: expect.objectContaining({ id: account }) })]);
  });

  it("refuses a wrong or missing token with code 10000", async () => {
    const wrong = await call("GET", "{account}/workers/scripts", undefined, { authorization: "Bearer nope" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors).toEqual([{ code: 10000, message: "Authentication error" }]);
    const response = await fetch(`${cf.url}/accounts/${account}/workers/scripts`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Envelope).errors[0]?.code).toBe(10000);
  });

  it("refuses a request the description does not allow, and records why", async () => {
    const { status, body } = await call("POST", "{account}/d1/database", { name: "Not A Valid Name!" });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(lastRequest()).toMatchObject({ described: true, valid: false, operationId: "cloudflare-d1-create-database" });
    expect(lastRequest().reasons.join(" ")).toMatch(/body\/name must match pattern/);
    const unknown = await call("GET", "{account}/no/such/thing");
    expect(unknown.status).toBe(404);
    expect(lastRequest()).toMatchObject({ described: false, template: null });
  });
});

describe("KV namespaces and D1 databases", () => {
  it("creates, lists with pagination and refuses a duplicate title (10014)", async () => {
    for (const n of [1, 2, 3, 4, 5, 6])
      expect((await call("POST", "{account}/storage/kv/namespaces", { title: `ns-${n}` })).status).toBe(200);
    const duplicate = await call("POST", "{account}/storage/kv/namespaces", { title: "ns-2" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]?.code).toBe(10014);
    const page2 = await call("GET", "{account}/storage/kv/namespaces?page=2&per_page=5&order=title&direction=desc");
    expect(page2.body.result.map((ns: { title: string }) => ns.title)).toEqual(["ns-1"]);
    expect(page2.body.result_info).toMatchObject({ page: 2, per_page: 5, total_count: 6 });
    // the description's per_page is at least 5
    expect((await call("GET", "{account}/storage/kv/namespaces?per_page=2")).status).toBe(400);
  });

  it("creates a D1 database, finds it by name and refuses a duplicate", async () => {
    const created = await call("POST", "{account}/d1/database", { name: "site-db" });
    expect(created.body.result).toMatchObject({ name: "site-db", uuid: expect.any(String) });
    expect((await call("POST", "{account}/d1/database", { name: "site-db" })).status).toBe(400);
    const found = await call("GET", "{account}/d1/database?name=site-db");
    expect(found.body.result).toEqual([expect.objectContaining({ uuid: created.body.result.uuid })]);
  });

  it("executes SQL for real, and a failing batch leaves nothing behind (7500)", async () => {
    const db = (await call("POST", "{account}/d1/database", { name: "sql-db" })).body.result.uuid;
    const query = (sql: string, params?: string[]) => call("POST", `{account}/d1/database/${db}/query`, { sql, params });
    await query("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('first')");
    const failed = await query("INSERT INTO notes (body) VALUES ('second'); INSERT INTO missing_table VALUES (1)");
    expect(failed.status).toBe(400);
    expect(failed.body.errors[0]).toMatchObject({ code: 7500, message: expect.stringMatching(/no such table: missing_table/) });
    const rows = await query("SELECT body FROM notes WHERE id >= ?", ["1"]);
    expect(rows.body.result[0].results).toEqual([{ body: "first" }]);
    const raw = await call("POST", `{account}/d1/database/${db}/raw`, { sql: "SELECT id, body FROM notes" });
    expect(raw.body.result[0].results).toEqual({ columns: ["id", "body"], rows: [[1, "first"]] });
  });
});

describe("Worker scripts", () => {
  it("refuses a binding to a KV namespace that does not exist (10042) and one to a missing D1 database (10021)", async () => {
    const kv = await call(
      "PUT",
      "{account}/workers/scripts/refused",
      upload({ bindings: [{ type: "kv_namespace", name: "KV", namespace_id: "f".repeat(32) }] }),
    );
    expect(kv.body.errors[0]?.code).toBe(10042);
    const d1 = await call(
      "PUT",
      "{account}/workers/scripts/refused",
      upload({ bindings: [{ type: "d1", name: "DB", id: "00000000-0000-0000-0000-000000000000" }] }),
    );
    expect(d1.body.errors[0]).toEqual({ code: 10021, message: "binding DB of type d1 must have a valid `id` specified" });
    expect(cf.state().scripts.refused).toBeUndefined();
  });

  it("applies Durable Object migrations in order and refuses one whose old_tag is not the current tag (10079)", async () => {
    const v1 = { new_tag: "v1", steps: [{ new_sqlite_classes: ["Counter"] }] };
    const binding = { type: "durable_object_namespace", name: "COUNTER", class_name: "Counter" };
    expect((await call("PUT", "{account}/workers/scripts/do-worker", upload({ bindings: [binding], migrations: v1 }))).status).toBe(200);
    const wrong = await call(
      "PUT",
      "{account}/workers/scripts/do-worker",
      upload({ migrations: { old_tag: "v0", new_tag: "v2", steps: [] } }),
    );
    expect(wrong.body.errors[0]?.code).toBe(10079);
    const right = await call(
      "PUT",
      "{account}/workers/scripts/do-worker",
      upload({ bindings: [binding], migrations: { old_tag: "v1", new_tag: "v2", steps: [] } }),
    );
    expect(right.status).toBe(200);
    expect(cf.state().scripts["do-worker"]).toMatchObject({ migration_tag: "v2", durable_object_classes: ["Counter"] });
    const version = await call(
      "POST",
      "{account}/workers/scripts/do-worker/versions",
      upload({ migrations: { old_tag: "v2", new_tag: "v3", steps: [] } }),
    );
    expect(version.status).toBe(400);
  });

  it("refuses an inherit binding naming a secret the script lacks (10057), and inherits one it has", async () => {
    const first = await call(
      "PUT",
      "{account}/workers/scripts/secret-worker?bindings_inherit=strict",
      upload({ bindings: [{ type: "secret_text", name: "KEPT", text: "v" }] }),
    );
    expect(first.status).toBe(200);
    const inherit = [
      { type: "inherit", name: "KEPT" },
      { type: "inherit", name: "A_SECRET" },
    ];
    const missing = await call(
      "POST",
      "{account}/workers/scripts/secret-worker/versions?bindings_inherit=strict",
      upload({ bindings: inherit }),
    );
    expect(missing.body.errors).toEqual([{ code: 10057, message: "inherit binding 'A_SECRET' is invalid" }]);
    const kept = await call(
      "POST",
      "{account}/workers/scripts/secret-worker/versions?bindings_inherit=strict",
      upload({ bindings: inherit.slice(0, 1) }),
    );
    expect(kept.body.result.resources.bindings).toEqual([{ type: "secret_text", name: "KEPT" }]);
    const secrets = await call("GET", "{account}/workers/scripts/secret-worker/secrets");
    expect(secrets.body.result).toEqual([{ name: "KEPT", type: "secret_text" }]);
    expect(JSON.stringify(cf.state())).not.toContain('"text":"v"');
  });

  it("deploys versions whose percentages add up to 100, naming versions that exist", async () => {
    await call("PUT", "{account}/workers/scripts/split", upload({}));
    const second = (await call("POST", "{account}/workers/scripts/split/versions", upload({}))).body.result.id;
    const first = cf.state().scripts.split!.versions[0]!.id;
    const deploy = (versions: Array<{ version_id: string; percentage: number }>) =>
      call("POST", "{account}/workers/scripts/split/deployments", { strategy: "percentage", versions });
    expect(
      (
        await deploy([
          { version_id: first, percentage: 60 },
          { version_id: second, percentage: 30 },
        ])
      ).status,
    ).toBe(400);
    expect((await deploy([{ version_id: "00000000-0000-0000-0000-000000000000", percentage: 100 }])).status).toBe(400);
    expect(
      (
        await deploy([
          { version_id: first, percentage: 10 },
          { version_id: second, percentage: 90 },
        ])
      ).status,
    ).toBe(200);
    const listed = await call("GET", "{account}/workers/scripts/split/deployments");
    expect(listed.body.result.deployments[0].versions).toEqual([
      { version_id: first, percentage: 10 },
      { version_id: second, percentage: 90 },
    ]);
  });
});

describe("fault injection", () => {
  it("answers the next matching requests with the fault, then serves again", async () => {
    cf.fail({ method: "GET", path: /\/workers\/scripts$/, status: 429, times: 1, retryAfter: 7 });
    const limited = await call("GET", "{account}/workers/scripts");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body.success).toBe(false);
    expect((await call("GET", "{account}/workers/scripts")).status).toBe(200);
  });

  it("takes faults over HTTP for a stand-in in another process", async () => {
    const set = await fetch(`${cf.origin}/_stand-in/faults`, {
      method: "POST",
      body: JSON.stringify({ path: "/d1/database", status: 503, times: 2 }),
    });
    expect(set.status).toBe(200);
    expect((await call("GET", "{account}/d1/database")).status).toBe(503);
    expect((await call("GET", "{account}/d1/database")).status).toBe(503);
    expect((await call("GET", "{account}/d1/database")).status).toBe(200);
    const state = (await (await fetch(`${cf.origin}/_stand-in/state`)).json()) as { accountId: string };
    expect(state.accountId).toBe(account);
  });
});
