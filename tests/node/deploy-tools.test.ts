// The deploy's pieces on their own (tools/deploy/): the config it generates from wrangler.toml,
// its arguments, the Cloudflare API client's retries, the order of a release and a gradual
// release's way back, the rollback's refusals, the log filters. The whole deploy against the
// Cloudflare API stand-in with the real wrangler: tests/node/deploy.test.ts.
import { describe, expect, it } from "vitest";
import { cloudflareApi } from "../../tools/deploy/cloudflare-api.ts";
import { deployConfig, neededResources, requiredSecrets, workerName } from "../../tools/deploy/deploy-config.ts";
import { secretNames } from "../../tools/deploy/deploy.ts";
import { type DeployDeps, type DeployOptions, parseArgs, previewName } from "../../tools/deploy/options.ts";
import { tailArgs, parseArgs as logsArgs } from "../../tools/deploy/logs.ts";
import { release } from "../../tools/deploy/release.ts";
import { resolveResources } from "../../tools/deploy/resources.ts";
import { cannotRollBack, versionsOf } from "../../tools/deploy/rollback.ts";
import { committedConfig } from "../../tools/deploy/errors.ts";

const raw = committedConfig();
const account = { apiBase: "https://api.test/client/v4", token: "t", accountId: "acc" };
const noSleep = async () => {};
const ok = (result: unknown, info?: object) => Response.json({ success: true, errors: [], messages: [], result, result_info: info });

describe("wrangler.toml as the deploy reads it", () => {
  it("holds no resource id: every one is found or created by name", () => {
    const text = JSON.stringify(raw);
    expect(text).not.toMatch(/"(id|database_id|preview_id|preview_database_id)"/);
    expect(neededResources(raw, { env: "production" })).toEqual([
      { key: "kv:CONTENT_CACHE", kind: "kv", binding: "CONTENT_CACHE", name: "agency-site-content-cache" },
      { key: "d1:DB", kind: "d1", binding: "DB", name: "agency-site-newsletter" },
    ]);
    expect(neededResources(raw, { env: "staging" }).map((need) => need.name)).toEqual([
      "agency-site-staging-content-cache",
      "agency-site-staging-newsletter",
    ]);
    expect(neededResources(raw, { env: "production", preview: "feature-x" }).map((need) => need.name)).toEqual([
      "agency-site-previews-content-cache",
      "agency-site-previews-newsletter",
    ]);
  });

  it("gives production, staging and previews the same required secrets and datasets of their own", () => {
    const required = [
      "STORYBLOK_TOKEN",
      "STORYBLOK_PREVIEW_TOKEN",
      "STORYBLOK_WEBHOOK_SECRET",
      "SUBSCRIBER_HASH_KEY",
      "TURNSTILE_SECRET_KEY",
      "TURNSTILE_SITE_KEY",
    ];
    expect(requiredSecrets(raw, { env: "production" })).toEqual(required);
    expect(requiredSecrets(raw, { env: "staging" })).toEqual(required);
    expect(requiredSecrets(raw, { env: "production", preview: "x" })).toEqual(required);
    expect([workerName(raw, "production"), workerName(raw, "staging")]).toEqual(["agency-site", "agency-site-staging"]);
    const datasets = [raw.env!.production!, raw.env!.staging!, raw.env!.production!.previews!].map(
      (section) => (section.analytics_engine_datasets as Array<{ dataset: string }>)[0]!.dataset,
    );
    expect(new Set(datasets).size).toBe(3);
  });

  it("generates a config with the ids, absolute paths and the assets given", () => {
    const ids = { "kv:CONTENT_CACHE": "k1", "d1:DB": "d1-id" };
    const config = deployConfig(raw, { env: "staging" }, ids, "/repo", "/repo/.generated/deploy/a");
    const staging = config.env!.staging!;
    expect(staging.kv_namespaces).toEqual([{ binding: "CONTENT_CACHE", id: "k1" }]);
    expect(staging.d1_databases).toEqual([
      { binding: "DB", database_name: "agency-site-staging-newsletter", database_id: "d1-id", migrations_dir: "/repo/migrations" },
    ]);
    expect(config.main).toBe("/repo/src/server/index.ts");
    expect(config.assets).toEqual({ directory: "/repo/.generated/deploy/a", binding: "ASSETS", not_found_handling: "none" });
    expect(config.env!.production!.kv_namespaces).toEqual([{ binding: "CONTENT_CACHE" }]);
  });

  it("points a preview's every binding at the previews' resources, never production's", () => {
    const ids = { "kv:CONTENT_CACHE": "preview-kv", "d1:DB": "preview-d1" };
    const production = deployConfig(raw, { env: "production", preview: "x" }, ids, "/repo", "/a").env!.production!;
    expect(production.kv_namespaces).toEqual([{ binding: "CONTENT_CACHE", id: "preview-kv" }]);
    expect(production.d1_databases?.map((db) => [db.database_name, db.database_id])).toEqual([
      ["agency-site-previews-newsletter", "preview-d1"],
    ]);
    expect(production.previews?.d1_databases?.map((db) => db.database_id)).toEqual(["preview-d1"]);
  });
});

describe("npm run deploy's arguments", () => {
  const branch = () => "feature/Nieuwe_Footer";
  it("deploys production by default, staging with --env, a preview with --preview", () => {
    expect(parseArgs([], branch).target).toEqual({ env: "production" });
    expect(parseArgs(["--env", "staging", "--gradual"], branch)).toMatchObject({ target: { env: "staging" }, gradual: true });
    expect(parseArgs(["--preview"], branch).target).toEqual({ env: "production", preview: "feature-nieuwe-footer" });
    expect(parseArgs(["--preview", "fix-1"], branch).target).toEqual({ env: "production", preview: "fix-1" });
  });

  it("refuses what it cannot do, naming it", () => {
    expect(() => parseArgs(["--env", "test"], branch)).toThrow("--env must be one of production, staging");
    expect(() => parseArgs(["--preview", "--env", "staging"], branch)).toThrow("--preview previews production's Worker");
    expect(() => parseArgs(["--secrets-file"], branch)).toThrow("--secrets-file needs a value");
    expect(() => parseArgs(["--secrets-file", "a", "--secrets-from-env"], branch)).toThrow("exclude each other");
    expect(() => parseArgs(["--force"], branch)).toThrow("unknown option --force");
    expect(() => previewName("///")).toThrow('no preview name can be made of the branch "///"');
  });

  it("reads the names of a secrets file, JSON or .env, never needing the values", () => {
    expect(secretNames("s.env", () => "A=1\n# note\nB='two words'\n")).toEqual(["A", "B"]);
    expect(secretNames("s.json", () => '{"A":"1","B":"2"}')).toEqual(["A", "B"]);
    expect(() => secretNames("s.json", () => "{nope")).toThrow("the secrets file s.json is not valid JSON");
    expect(secretNames(undefined)).toEqual([]);
    // a name without a value is no secret given: a required one is refused (an empty TURNSTILE_SITE_KEY, issue 54)
    expect(secretNames("s.env", () => "A=1\nTURNSTILE_SITE_KEY=\nC=' '\n")).toEqual(["A"]);
    expect(secretNames("s.json", () => '{"A":"1","TURNSTILE_SITE_KEY":""}')).toEqual(["A"]);
  });
});

describe("the Cloudflare API client", () => {
  it("retries a 429 and a 5xx, then answers", async () => {
    const answers = [
      new Response("", { status: 429, headers: { "retry-after": "2" } }),
      new Response("", { status: 502 }),
      ok([{ id: "a" }]),
    ];
    const waits: number[] = [];
    const api = cloudflareApi(account, { fetch: async () => answers.shift()!, sleep: async (ms) => void waits.push(ms) });
    expect(await api.get("/workers/scripts")).toEqual([{ id: "a" }]);
    expect(waits).toEqual([2000, 2000]);
  });

  it("gives up after its attempts with Cloudflare's own error", async () => {
    const failure = () => Response.json({ success: false, errors: [{ code: 10013, message: "down" }] }, { status: 503 });
    let calls = 0;
    const counted = async () => {
      calls++;
      return failure();
    };
    const api = cloudflareApi(account, { fetch: counted, sleep: noSleep });
    await expect(api.get("/d1/database")).rejects.toThrow("GET /d1/database: 503 down [code: 10013]");
    expect(calls).toBe(5);
  });

  it("finds a resource by name or creates it, once", async () => {
    const created: string[] = [];
    const fetchFake = async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url).replace("https://api.test/client/v4/accounts/acc", "");
      if (init?.method === "POST") {
        created.push(path);
        return ok({ id: "new-kv", uuid: "new-d1" });
      }
      if (path.startsWith("/storage/kv/namespaces")) return ok([{ id: "old-kv", title: "agency-site-content-cache" }]);
      return ok([]);
    };
    const api = cloudflareApi(account, { fetch: fetchFake as typeof fetch, sleep: noSleep });
    const resolved = await resolveResources(api, neededResources(raw, { env: "production" }));
    expect(resolved.ids).toEqual({ "kv:CONTENT_CACHE": "old-kv", "d1:DB": "new-d1" });
    expect(created).toEqual(["/d1/database"]);
    expect(resolved.report).toEqual([
      "found KV namespace agency-site-content-cache (old-kv)",
      "created D1 database agency-site-newsletter (new-d1)",
    ]);
  });
});

describe("a release", () => {
  const OLD = "11111111-1111-4111-8111-111111111111";
  const NEW = "22222222-2222-4222-8222-222222222222";
  function fakes(smokeFailsOn: (base: string) => boolean) {
    const calls: string[] = [];
    const deps = {
      api: {
        get: async (path: string) =>
          path.endsWith("/deployments") ? { deployments: [{ versions: [{ version_id: OLD, percentage: 100 }] }] } : { subdomain: "koraal" },
      },
      wrangler: async (args: string[]) => {
        calls.push(args.filter((arg) => !arg.startsWith("/") && arg !== "--config").join(" "));
        const output =
          args[0] === "versions" && args[1] === "upload"
            ? `Worker Version ID: ${NEW}\nVersion Preview URL: https://22222222-agency-site.koraal.workers.dev\n`
            : "";
        return { code: 0, output };
      },
      smoke: async (base: string) => {
        calls.push(`smoke ${base}`);
        return smokeFailsOn(base) ? ["FAIL page:vacancy x: 500"] : [];
      },
      sleep: async (ms: number) => void calls.push(`wait ${ms / 60_000} min`),
      log: () => {},
    } as unknown as DeployDeps;
    return { calls, deps };
  }
  const prepared = {
    configPath: "/c.json",
    wranglerArgs: ["--config", "/c.json", "--env", "production"],
    databases: ["DB"],
    assetsNote: "",
  };
  const options = (gradual: boolean) => ({ target: { env: "production" }, gradual, stepMinutes: 5 }) as DeployOptions;

  it("checks the uploaded version on its preview URL before it sends traffic to it", async () => {
    const { calls, deps } = fakes(() => false);
    await release({ options: options(false), worker: "agency-site", exists: true, tag: "v2", prepared, deps });
    expect(calls).toEqual([
      "versions upload --env production --tag do-v2 --message npm run deploy",
      "smoke https://22222222-agency-site.koraal.workers.dev",
      `versions deploy ${NEW}@100 -y --message npm run deploy --env production`,
    ]);
  });

  it("sends no traffic to a version that fails the check", async () => {
    const { calls, deps } = fakes(() => true);
    await expect(release({ options: options(false), worker: "agency-site", exists: true, tag: "v2", prepared, deps })).rejects.toThrow(
      "It has no traffic: the version that served before still serves.",
    );
    expect(calls.filter((call) => call.startsWith("versions deploy"))).toEqual([]);
  });

  it("goes in steps with --gradual, and back to the old version at the first failed step", async () => {
    const { calls, deps } = fakes((base) => base === "https://agency-site.koraal.workers.dev");
    await expect(release({ options: options(true), worker: "agency-site", exists: true, tag: "v2", prepared, deps })).rejects.toThrow(
      `all traffic is back on ${OLD}`,
    );
    expect(calls.slice(2)).toEqual([
      `versions deploy ${NEW}@10 ${OLD}@90 -y --message npm run deploy --env production`,
      "wait 5 min",
      "smoke https://agency-site.koraal.workers.dev",
      `versions deploy ${OLD}@100 -y --message npm run deploy: back --env production`,
    ]);
  });
});

describe("npm run rollback's refusals", () => {
  it("picks the version that served all traffic before the current one", () => {
    const deployments = [
      { created_on: "2026-12-01T10:00:00Z", versions: [{ version_id: "b", percentage: 100 }] },
      {
        created_on: "2026-12-01T09:00:00Z",
        versions: [
          { version_id: "b", percentage: 10 },
          { version_id: "a", percentage: 90 },
        ],
      },
      { created_on: "2026-12-01T08:00:00Z", versions: [{ version_id: "a", percentage: 100 }] },
    ];
    expect(versionsOf(deployments)).toEqual({ current: "b", previous: "a" });
  });

  it("says when a Durable Object migration or a deleted resource stands between", () => {
    const now = { id: "b", annotations: { "workers/tag": "do-v3" } };
    expect(cannotRollBack(now, { id: "a", annotations: { "workers/tag": "do-v2" } }, [], [])).toBe(
      "a Durable Object migration (v2 -> v3) was deployed after version a: Cloudflare cannot roll back past it. Deploy a fix instead (npm run deploy).",
    );
    const gone = {
      id: "a",
      annotations: { "workers/tag": "do-v3" },
      resources: { bindings: [{ type: "kv_namespace", name: "CONTENT_CACHE", namespace_id: "k0" }] },
    };
    expect(cannotRollBack(now, gone, ["k1"], [])).toBe(
      "version a binds the KV namespace k0 (CONTENT_CACHE), which no longer exists: Cloudflare cannot roll back to it.",
    );
    expect(cannotRollBack(now, gone, ["k0"], [])).toBeUndefined();
  });
});

describe("npm run logs", () => {
  it("filters at Cloudflare with wrangler tail's own options", () => {
    expect(tailArgs(logsArgs(["--env", "staging", "--errors", "--event", "newsletter.failed"])).slice(3)).toEqual([
      "--env",
      "staging",
      "--format",
      "pretty",
      "--status",
      "error",
      "--search",
      '"event":"newsletter.failed"',
    ]);
    expect(tailArgs(logsArgs(["--level", "error", "--json"])).slice(-4)).toEqual(["--format", "json", "--search", '"level":"error"']);
    expect(() => logsArgs(["--event", "x;rm"])).toThrow("--event takes an event name");
  });
});
