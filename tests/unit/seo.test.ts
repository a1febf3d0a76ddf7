import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapEntries, sitemapXml } from "../../src/server/routes/seo";
import type { LinkEntry } from "../../src/shared/content";
import { linkEntry } from "../helpers/link-entry";

describe("sitemap and robots", () => {
  const link = (slug: string, extra: Partial<LinkEntry> = {}) => linkEntry(slug, { published_at: "2026-01-01T00:00:00.000Z", ...extra });

  it("keeps published pages only, home as /, start pages without their slash", () => {
    const entries = sitemapEntries([
      link("over-ons"),
      link("home", { updated_at: "2026-02-01T00:00:00.000Z", published_at: null }),
      link("cases", { is_folder: true, published: false }),
      link("blog/", { is_startpage: true }),
      link("theme/theme"),
      link("team/eva-smit"),
      link("team"),
      link("concept", { published: false }),
      link("zonder-datum", { published_at: null }),
    ]);
    expect(entries).toEqual([
      { path: "/", lastmod: "2026-02-01T00:00:00.000Z" },
      { path: "/blog", lastmod: "2026-01-01T00:00:00.000Z" },
      { path: "/over-ons", lastmod: "2026-01-01T00:00:00.000Z" },
      { path: "/team", lastmod: "2026-01-01T00:00:00.000Z" },
      { path: "/zonder-datum" },
    ]);
  });

  it("escapes and encodes URLs in the XML", () => {
    expect(sitemapXml([{ path: "/één&twee" }], "https://x.nl")).toContain("<url><loc>https://x.nl/%C3%A9%C3%A9n&amp;twee</loc></url>");
  });

  it("names the sitemap except on preview hosts", () => {
    expect(robotsTxt("www.koraal.nl", "workers.dev", "https://www.koraal.nl/sitemap.xml")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://www.koraal.nl/sitemap.xml\n",
    );
    expect(robotsTxt("x.workers.dev", "workers.dev", "https://x.workers.dev/sitemap.xml")).toBe("User-agent: *\nDisallow: /\n");
  });
});
