/**
 * tools/space/preview-link.ts (`npm run preview:link`): the links it prints are the ones the Worker
 * accepts, for the embedded space and for a real one.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recordRunningSite, runningSite } from "../../tools/local/running-site.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { embeddedPreview, previewLink, slugForPath } from "../../tools/space/preview-link.ts";
import { previewAccess } from "../../src/server/preview/token";

const CONTENT = join(REPO_ROOT, "content");
const SCRIPT = join(REPO_ROOT, "scripts/preview-link.ts");

function run(args: string[], env: Record<string, string> = {}) {
  // a clean environment, so a developer's STORYBLOK_PREVIEW_TOKEN never reaches the script
  const childEnv = { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv;
  return execFileSync(process.execPath, [SCRIPT, ...args], { env: childEnv, encoding: "utf8" }).trim();
}

describe("npm run preview:link", () => {
  it("signs as Storyblok does: hex SHA-1 of space_id:preview_token:timestamp", async () => {
    // Node's own SHA-1 as the independent reference for the Web Crypto code the Worker shares
    const expected = createHash("sha1").update("287341:local-preview-token:1772445600").digest("hex");
    const link = new URL(
      await previewLink({
        base: "http://x.test",
        path: "/",
        spaceId: 287341,
        token: "local-preview-token",
        storyId: 2,
        now: 1772445600_000,
      }),
    );
    expect(link.searchParams.get("_storyblok_tk[token]")).toBe(expected);
  });

  it("maps paths to the story slugs the page route uses", () => {
    expect(slugForPath("/")).toBe("home");
    expect(slugForPath("/cases/domstad-deelfietsen/")).toBe("cases/domstad-deelfietsen");
    expect(slugForPath("/contact?x=1")).toBe("contact");
    expect(() => slugForPath("/Contact")).toThrow('no story can live at "/Contact"');
  });

  it("prints a link for the embedded space that the Worker accepts, with the story's id", async () => {
    const link = new URL(run(["/contact"]));
    expect(link.origin + link.pathname).toBe("http://127.0.0.1:8787/contact");
    const space = embeddedPreview(CONTENT, "contact");
    expect(link.searchParams.get("_storyblok")).toBe(String(space.storyId));
    const access = await previewAccess(link, { previewToken: space.token, spaceId: space.spaceId, now: Date.now() });
    expect(access?.storyId).toBe(space.storyId);
  });

  it("prints links for English paths too: the story whose English path it is", async () => {
    const link = new URL(run(["/en/services/web-development"]));
    expect(link.origin + link.pathname).toBe("http://127.0.0.1:8787/en/services/web-development");
    const space = embeddedPreview(CONTENT, "diensten/webontwikkeling");
    expect(space.storyId).toEqual(expect.any(Number));
    expect(link.searchParams.get("_storyblok")).toBe(String(space.storyId));
    const access = await previewAccess(link, { previewToken: space.token, spaceId: space.spaceId, now: Date.now() });
    expect(access?.storyId).toBe(space.storyId);
    // the English home, a translated folder, a story with a draft, and a Dutch slug under /en (as the page route reads it)
    expect(new URL(run(["/en"])).searchParams.get("_storyblok")).toBe(String(embeddedPreview(CONTENT, "home").storyId));
    // a folder's page is its start page (content/stories/vacatures/_startpage.json)
    expect(embeddedPreview(CONTENT, "vacatures").storyId).toEqual(expect.any(Number));
    expect(embeddedPreview(CONTENT, "en/jobs").storyId).toBe(embeddedPreview(CONTENT, "vacatures").storyId);
    expect(embeddedPreview(CONTENT, "en/jobs/product-designer").storyId).toBe(
      embeddedPreview(CONTENT, "vacatures/product-designer").storyId,
    );
    expect(embeddedPreview(CONTENT, "en/over-ons").storyId).toBe(embeddedPreview(CONTENT, "over-ons").storyId);
    expect(() => run(["/en/does-not-exist"])).toThrow(/no story "en\/does-not-exist" in content/);
  });

  it("takes another base, from --base or PORT", () => {
    expect(run(["/", "--base", "http://127.0.0.1:8790"])).toMatch(/^http:\/\/127\.0\.0\.1:8790\/\?_storyblok=\d+&/);
    expect(run(["/"], { PORT: "8791" })).toMatch(/^http:\/\/127\.0\.0\.1:8791\/\?/);
  });

  it("signs links for a real space with STORYBLOK_PREVIEW_TOKEN and STORYBLOK_SPACE_ID", async () => {
    const link = new URL(
      run(["/over-ons", "--base", "https://www.koraal.nl", "--story", "42"], {
        STORYBLOK_PREVIEW_TOKEN: "echt-token",
        STORYBLOK_SPACE_ID: "1001",
      }),
    );
    expect(await previewAccess(link, { previewToken: "echt-token", spaceId: 1001, now: Date.now() })).toEqual(
      expect.objectContaining({ storyId: 42, spaceId: "1001" }),
    );
    expect(await previewAccess(link, { previewToken: "local-preview-token", now: Date.now() })).toBeNull();
  });

  it("says what is missing instead of printing a link that cannot work", () => {
    expect(() => run(["/bestaat-niet"])).toThrow(/no story "bestaat-niet" in content/);
    expect(() => run(["/"], { STORYBLOK_PREVIEW_TOKEN: "echt-token" })).toThrow(/set STORYBLOK_SPACE_ID/);
  });

  it("makes links that are an hour long", async () => {
    const link = new URL(await previewLink({ base: "http://x.test", path: "/", spaceId: 1, token: "t", storyId: 2, now: 1_000_000_000 }));
    expect(link.searchParams.get("_storyblok_tk[timestamp]")).toBe("1000000");
    expect(await previewAccess(link, { previewToken: "t", now: 1_000_000_000 + 3_600_000 })).not.toBeNull();
    expect(await previewAccess(link, { previewToken: "t", now: 1_000_000_000 + 3_600_001 })).toBeNull();
  });
});

describe("the site npm start runs", () => {
  it("is found on the port it was started on while it runs, and forgotten once it stops", () => {
    const file = join(mkdtempSync(join(tmpdir(), "running-site-")), "running-site.json");
    expect(runningSite(file)).toBeUndefined();
    const forget = recordRunningSite("http://127.0.0.1:8790", file);
    expect(runningSite(file)).toBe("http://127.0.0.1:8790");
    // a site whose process is gone (killed without forgetting) is not running
    expect(runningSite(file, () => false)).toBeUndefined();
    forget();
    expect(runningSite(file)).toBeUndefined();
  });
});
