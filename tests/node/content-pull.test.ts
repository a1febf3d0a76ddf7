/**
 * tools/space/content-pull.ts: its pure parts, and the whole command against the emulator served
 * over HTTP (the real API is not reachable from tests): pulling the embedded space must give
 * back exactly the content it was built from.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSnapshot, fullSlugFromFilePath, storyFilePath } from "../../tools/build/build-snapshot.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import {
  contentFiles,
  draftsToKeep,
  foldTranslation,
  pullSpace,
  stripEditable,
  validationProblems,
} from "../../tools/space/content-pull.ts";
import { apiBase, createPacer } from "../../tools/space/space-reader.ts";
import { createEmulator, type Emulator } from "../../src/server/demo/emulator";
import type { Story } from "../../src/shared/content";
import { testClock } from "../helpers/test-clock";

const CONTENT_DIR = join(REPO_ROOT, "content");
// The pure snapshot of content/: npm start serves withContentVersion(snapshot), whose cv is shifted.
const snapshot = buildSnapshot(CONTENT_DIR);
const SCRIPT = join(REPO_ROOT, "scripts/content-pull.ts");

function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // A clean environment, so a STORYBLOK_TOKEN of the developer never reaches the child.
    const childEnv = { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv;
    const child = spawn(process.execPath, [SCRIPT], { env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("file paths", () => {
  it.each([
    ["home", "home.json"],
    ["theme/theme", "theme/theme.json"],
    ["cases/app/", "cases/app/_startpage.json"],
  ])("stores %s in %s and reads it back", (fullSlug, file) => {
    expect(storyFilePath(fullSlug)).toBe(file);
    expect(fullSlugFromFilePath(file)).toBe(fullSlug);
  });
});

describe("pure parts", () => {
  it("builds the API base from a host or an origin", () => {
    expect(apiBase()).toBe("https://api.storyblok.com/v2");
    expect(apiBase("api-us.storyblok.com")).toBe("https://api-us.storyblok.com/v2");
    expect(apiBase("http://127.0.0.1:8787/")).toBe("http://127.0.0.1:8787/v2");
  });

  it("starts at most 5 requests a second", async () => {
    const time = testClock();
    const pace = createPacer({ now: time.now, sleep: time.sleep });
    for (let i = 0; i < 6; i++) await pace();
    expect(time.sleeps).toEqual([200, 200, 200, 200, 200]);
    expect(time.now()).toBe(1000);
  });

  it("keeps only drafts that differ from the published story, without editor markers", () => {
    const published = snapshot.stories;
    const home = published.find((story) => story.full_slug === "home") as Story;
    const marked = (story: Story): Story => ({ ...story, content: { ...story.content, _editable: "<!--#storyblok#{}-->" } });
    const changed = { ...home, name: "Home (nieuw)" };
    const unpublished = { ...home, id: 1, uuid: "11111111-1111-4111-8111-111111111111", full_slug: "nieuw", slug: "nieuw" };
    expect(draftsToKeep(published, [marked(home), marked(changed), marked(unpublished)])).toEqual([changed, unpublished]);
    expect(stripEditable({ a: [{ _editable: "x", b: 1 }] })).toEqual({ a: [{ b: 1 }] });
  });

  it("folds a language's answer back into __i18n__ fields, next to the field, nested bloks by _uid", () => {
    const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
    const dutch = {
      _uid: "p",
      component: "Page",
      title: "Hallo",
      body: [{ _uid: "a", component: "Text", text: doc("Dag"), size: "small" }],
      seo: "zelfde",
    };
    const english = {
      _uid: "p",
      component: "Page",
      title: "Hello",
      body: [{ _uid: "a", component: "Text", text: doc("Bye"), size: "small" }],
      seo: "zelfde",
      extra: "only en",
    };
    const folded = foldTranslation(dutch, english, "en");
    expect(folded).toEqual({
      _uid: "p",
      component: "Page",
      title: "Hallo",
      title__i18n__en: "Hello",
      body: [{ _uid: "a", component: "Text", text: doc("Dag"), text__i18n__en: doc("Bye"), size: "small" }],
      seo: "zelfde",
      extra__i18n__en: "only en",
    });
    expect(Object.keys(folded)).toEqual(["_uid", "component", "title", "title__i18n__en", "body", "seo", "extra__i18n__en"]);
  });

  it("maps a pulled space to content files that build", () => {
    const files = contentFiles({
      space: snapshot.space,
      stories: snapshot.stories,
      drafts: snapshot.drafts,
      datasources: snapshot.datasources,
    });
    // Exactly the files content/ was built from, however many there are.
    const onDisk = readdirSync(CONTENT_DIR, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.split(sep).join("/"));
    expect(onDisk).toEqual(
      expect.arrayContaining(["space.json", "stories/home.json", "stories/contact.json", "drafts/home.json", "stories/theme/theme.json"]),
    );
    expect([...files.keys()].sort()).toEqual(onDisk.sort());
    expect(files.get("space.json")).toEqual({
      space: snapshot.space,
      tokens: { public: "local-public-token", preview: "local-preview-token" },
    });
    expect(validationProblems(files)).toEqual([]);
    files.delete("stories/contact.json");
    expect(validationProblems(files)).toContain(
      `content/stories/home.json: content.body[0].cta points at story ${snapshot.stories.find((s) => s.full_slug === "contact")?.uuid}, which is not a published story`,
    );
  });

  it("pulls through an injected fetch and waits out a 429", async () => {
    let limited = 0;
    const emulator = createEmulator(snapshot, {
      fault: (url) => (url.pathname === "/v2/cdn/stories" && limited++ === 0 ? { status: 429 } : undefined),
    });
    const time = testClock();
    const pulled = await pullSpace({
      token: "local-public-token",
      previewToken: "local-preview-token",
      host: "http://emulator.test",
      fetch: emulator.fetch,
      ...time,
    });
    expect(pulled).toEqual({
      space: snapshot.space,
      stories: expect.any(Array),
      drafts: expect.any(Array),
      datasources: snapshot.datasources,
    });
    expect(pulled.stories.map((story) => story.full_slug).sort()).toEqual(snapshot.stories.map((story) => story.full_slug));
    // every draft, exactly; in the API's order, which is not the order of the files
    const bySlug = (a: { full_slug: string }, b: { full_slug: string }) => (a.full_slug < b.full_slug ? -1 : 1);
    expect([...pulled.drafts].sort(bySlug)).toEqual([...snapshot.drafts].sort(bySlug));
    expect(time.sleeps).toContain(1000);
  });
});

describe("npm run content:pull", () => {
  let server: Server;
  let emulator: Emulator;
  let host = "";
  const requests: string[] = [];
  const out = mkdtempSync(join(tmpdir(), "content-pull-"));

  beforeAll(async () => {
    emulator = createEmulator(snapshot);
    server = createServer(async (request, response) => {
      requests.push(request.url ?? "");
      const answer = await emulator.fetch(`http://emulator${request.url}`, { method: request.method });
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(await answer.text());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(out, { recursive: true, force: true });
  });

  it("explains itself in one line and exits 1 without a token", async () => {
    const result = await run({ STORYBLOK_CONTENT_DIR: out });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^content:pull: set STORYBLOK_TOKEN/);
  });

  it("snapshots the space over HTTP into content files that build back to the same snapshot", async () => {
    const result = await run({
      STORYBLOK_TOKEN: "local-public-token",
      STORYBLOK_PREVIEW_TOKEN: "local-preview-token",
      STORYBLOK_API_HOST: host,
      STORYBLOK_CONTENT_DIR: out,
    });
    const { stories, drafts, datasources, space } = snapshot;
    expect(result).toEqual({
      code: 0,
      stdout: `content:pull: wrote ${out} (stories: ${stories.length}, drafts: ${drafts.length}, datasources: ${datasources.length}, cv: ${space.version})\n`,
      stderr: "",
    });
    expect(buildSnapshot(out)).toEqual(snapshot);
    expect(readFileSync(join(out, "stories/theme/theme.json"), "utf8")).toBe(
      readFileSync(join(REPO_ROOT, "content/stories/theme/theme.json"), "utf8"),
    );
    // One page of stories per 100 (the API's maximum), published and then draft; entries per datasource.
    // Each version is read once per language of the space: the CDN only shows translations in place.
    const pages = (count: number) => Array(Math.max(1, Math.ceil(count / 100))).fill("/v2/cdn/stories");
    const inEveryLanguage = (count: number) => [undefined, ...space.language_codes].flatMap(() => pages(count));
    const draftView = new Set([...stories, ...drafts].map((story) => story.uuid)).size;
    expect(requests.map((url) => url.replace(/\?.*/, ""))).toEqual([
      "/v2/cdn/spaces/me",
      ...inEveryLanguage(stories.length),
      ...inEveryLanguage(draftView),
      "/v2/cdn/datasources",
      ...datasources.map(() => "/v2/cdn/datasource_entries"),
    ]);
    expect(requests.every((url) => url.includes(`cv=${snapshot.space.version}`) || url.startsWith("/v2/cdn/spaces/me"))).toBe(true);
    expect(requests.filter((url) => url.includes("language=en"))).toHaveLength(pages(stories.length).length + pages(draftView).length);
  });
});
