/**
 * `npm run mapi:local` and `npm run space:push` as a user runs them: real processes, the push
 * talking HTTP to the stand-in. A dry run writes nothing, the first run creates every component
 * group, component, folder, datasource entry, asset and story, the second finds nothing to do,
 * a push faster than the stand-in allows gets 429s and still finishes, the token never shows, and
 * each setup mistake (the wrong token, space or URL) ends the push with one line naming the URL
 * and the likely cause.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { schema, storyFolders } from "../../content-model/index.ts";
import { buildSnapshot } from "../../tools/build/build-snapshot.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { desiredSpace } from "../../tools/space/push/desired.ts";

const SPACE_ID = 287341;
const TOKEN = "pat-3f9c1e7a-never-printed";
const desired = desiredSpace(buildSnapshot(join(REPO_ROOT, "content")), schema, storyFolders);
const started: ChildProcess[] = [];

interface State {
  counts: Record<string, number>;
  digest: string;
  throttled: number;
}

/** Starts `npm run mapi:local`'s script and resolves with the base URL it prints. */
function startStandIn(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ["scripts/mapi-local.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on("exit", (code) => reject(new Error(`mapi:local exited with ${code}: ${out}`)));
  });
}

function push(url: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const pushEnv = {
    ...process.env,
    STORYBLOK_MANAGEMENT_URL: url,
    STORYBLOK_SPACE_ID: String(SPACE_ID),
    STORYBLOK_PERSONAL_ACCESS_TOKEN: TOKEN,
    STORYBLOK_MAPI_RATE: "80",
    ...env,
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/space-push.ts", ...args],
      { cwd: REPO_ROOT, env: pushEnv, timeout: 90_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
      },
    );
  });
}

/** A failed run's one line after the plan's, checked to be its last, with no stack trace. */
function failureOf(run: { code: number; output: string }): string | undefined {
  expect(run.code).toBe(1);
  const lines = run.output.trim().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^Pushing to space \d+: /);
  return lines[1];
}

const state = async (url: string): Promise<State> => (await fetch(`${url}/_stand-in/state`)).json() as Promise<State>;

afterEach(() => {
  for (const child of started.splice(0)) child.kill();
});

describe("space:push into mapi:local", () => {
  it("plans without writing, creates everything once, then has nothing to do", async () => {
    const url = await startStandIn({ MAPI_LOCAL_RATE: "100" });
    const empty = await state(url);

    const dry = await push(url, ["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.output).toContain("changes planned (dry run: nothing written)");
    expect(dry.output).toContain("would create component HeroBanner");
    expect(dry.output).toContain("would write story home");
    expect(await state(url)).toEqual(empty);

    const first = await push(url);
    expect(first.code, first.output).toBe(0);
    const { counts } = await state(url);
    expect(counts).toEqual({
      componentGroups: Object.keys(schema.folders).length,
      components: Object.keys(schema.blocks).length,
      datasources: 1,
      datasourceEntries: desired.datasources[0]?.entries.length,
      folders: storyFolders.length,
      stories: desired.stories.length,
      assets: desired.assets.length,
      versions: desired.stories.filter((story) => story.published).length,
    });
    expect(counts).toMatchObject({ componentGroups: 7, components: 65, folders: 7, stories: 37 });
    // dry run and first run list the same changes
    const planned = dry.output.split("\n").filter((line) => line.startsWith("  would ")).length;
    expect(first.output.split("\n").filter((line) => line.startsWith("  ") && !line.startsWith("  would")).length).toBe(planned);

    // what is left by hand, with the values to enter
    expect(first.output).toContain(
      "Left to do by hand in Storyblok:\n- Settings -> Visual Editor: location (default environment) https://127.0.0.1:8787/",
    );
    expect(first.output).toContain(
      "- Settings -> Webhooks: endpoint <the site's origin>/api/storyblok/webhook, secret: the value of STORYBLOK_WEBHOOK_SECRET",
    );
    expect(first.output).toContain("- Settings -> Internationalization: should list English (en)");
    expect(first.output).toContain(
      "- Settings -> Access Tokens: one Public token (STORYBLOK_TOKEN) and one Preview token (STORYBLOK_PREVIEW_TOKEN)",
    );

    const afterFirst = await state(url);
    const second = await push(url);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain("Nothing to do: the space already matches the model and content.");
    expect((await state(url)).digest).toBe(afterFirst.digest);
    const dryAgain = await push(url, ["--dry-run"]);
    expect(dryAgain.output).toContain("Nothing to do");
    expect((await state(url)).digest).toBe(afterFirst.digest);

    for (const run of [dry, first, second, dryAgain]) expect(run.output).not.toContain(TOKEN);
  });

  it("backs off when the API answers 429 and still finishes", async () => {
    const url = await startStandIn({ MAPI_LOCAL_RATE: "50" });
    const run = await push(url, [], { STORYBLOK_MAPI_RATE: "400" });
    expect(run.code, run.output).toBe(0);
    const { counts, throttled } = await state(url);
    expect(throttled).toBeGreaterThan(0);
    expect(counts.stories).toBe(desired.stories.length);
    expect(run.output).not.toContain(TOKEN);
  });

  it("stops with one line naming the URL and the token's kind when the token is refused", async () => {
    const url = await startStandIn({ MAPI_LOCAL_TOKEN: "the-right-one" });
    const run = await push(url);
    expect(failureOf(run)).toBe(
      `space:push failed: GET ${url}/v1/spaces/${SPACE_ID}: 401 Unauthorized {"error":"Unauthorized"}: the token was refused: ` +
        "STORYBLOK_PERSONAL_ACCESS_TOKEN must be a personal access token (Storyblok: My account -> Personal access tokens), not a space's public or preview access token",
    );
    expect((await state(url)).counts.components).toBe(0);
  });

  it("stops with one line naming the URL and where to look when the space is not there", async () => {
    const url = await startStandIn({});
    const run = await push(url, [], { STORYBLOK_SPACE_ID: "1234" });
    expect(failureOf(run)).toBe(
      `space:push failed: GET ${url}/v1/spaces/1234: 404 Not Found {"error":"space not found"}: no such space there: ` +
        "check STORYBLOK_SPACE_ID, STORYBLOK_REGION (eu, us, ca, ap, cn) and STORYBLOK_MANAGEMENT_URL",
    );
  });

  it("stops with one line naming the URL when nothing listens there", async () => {
    const url = await startStandIn({});
    for (const child of started.splice(0)) {
      child.kill();
      await once(child, "exit");
    }
    const run = await push(url);
    expect(failureOf(run)).toBe(
      `space:push failed: GET ${url}/v1/spaces/${SPACE_ID}: no answer (ECONNREFUSED): nothing is listening at ${url}: ` +
        "check STORYBLOK_MANAGEMENT_URL (for the stand-in: is `npm run mapi:local` running?)",
    );
  });
});
