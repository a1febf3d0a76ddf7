import { describe, expect, it } from "vitest";
import { anchors, brokenLinks, sitemapPaths } from "../helpers/internal-links";
import { testInstance, testOrigin } from "../helpers/site";

// Every link the site renders (menus, footer, cards, rich text, buttons) leads to a live page: each
// internal `<a href>` of every page of the sitemap, in both languages, answers 200 itself (not a
// 301 to the page, a 410 of a closed vacancy or a 404), and an English page links the English
// version of a page that has one (a Dutch page the Dutch one). The same after a vacancy closes by
// the clock, with no publish: the header's menu link to it is gone with it.

const CLOSES = Date.parse("2030-01-31T23:59:00Z"); // vacatures/product-designer's validThrough

describe("every internal link of every page", () => {
  // first: the cache-version authority (a Durable Object) is the file's, and the next test moves the clock to 2030
  it("after a Dutch rename the theme never saved again links the live page, in each page's language", { timeout: 240_000 }, async () => {
    const origin = testOrigin();
    const site = testInstance(origin, { sleep: async (ms) => origin.advance(ms) });
    const renamed = origin.emulator.rename("diensten/app-ontwikkeling", "apps-bouwen");
    origin.advance(1000);
    await site.publish(renamed);
    const header = async (path: string) => anchors((await site.get(path)).text).map((anchor) => anchor.href);
    expect(await header("/contact")).toContain("/diensten/apps-bouwen");
    expect(await header("/contact")).not.toContain("/diensten/app-ontwikkeling");
    expect(await header("/en/contact")).toContain("/en/services/app-development");
    expect(await brokenLinks(site)).toEqual([]);
  });

  it("answers 200 itself, in the page's language, before and after a vacancy closes by the clock", { timeout: 240_000 }, async () => {
    const origin = testOrigin();
    const site = testInstance(origin, { sleep: async (ms) => origin.advance(ms) });
    const before = await sitemapPaths(site);
    expect(before.length).toBeGreaterThan(40);
    expect(before).toContain("/en/jobs/product-designer");
    // the theme's header links the vacancy on every page
    expect(anchors((await site.get("/en")).text).map((anchor) => anchor.href)).toContain("/en/jobs/product-designer");
    expect(await brokenLinks(site)).toEqual([]);

    origin.advance(CLOSES - origin.now());
    const after = await sitemapPaths(site);
    expect(before.filter((path) => !after.includes(path)).sort()).toEqual(["/en/jobs/product-designer", "/vacatures/product-designer"]);
    expect(await brokenLinks(site)).toEqual([]);
    expect(anchors((await site.get("/en")).text).map((anchor) => anchor.href)).not.toContain("/en/jobs/product-designer");
  });
});
