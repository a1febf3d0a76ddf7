import { describe, expect, it } from "vitest";
import { testInstance, testOrigin } from "../helpers/site";

// A vacancy past its closing date (`validThrough`, product-designer: 2030-01-31 23:59 UTC) is gone
// at that moment by the request's clock: from its listing (also when the listing page's body was
// kept in the isolate's memo), from the sitemap and from search engines (its page answers 410 with
// the error screen in its language, no JSON-LD), without a publish and without waiting for a cache.

const CLOSES = Date.parse("2030-01-31T23:59:00Z");

/** The links in the page's `<main>` (the header's menu is the editors' own: it may name a vacancy). */
const links = (html: string) => {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/href="([^"]+)"/g)].map(([, href]) => href);
};

describe("a vacancy past its closing date", () => {
  it("leaves listings, the sitemap and the JSON-LD and answers 410, in both languages, when the clock passes it", async () => {
    const origin = testOrigin();
    const site = testInstance(origin, { sleep: async (ms) => origin.advance(ms) });
    const open = async () => ({
      nl: await site.get("/vacatures"),
      en: await site.get("/en/jobs"),
      sitemap: await site.get("/sitemap.xml"),
      page: await site.get("/vacatures/product-designer"),
      pageEn: await site.get("/en/jobs/product-designer"),
    });

    const before = await open();
    expect(links(before.nl.text)).toContain("/vacatures/product-designer");
    expect(links(before.en.text)).toContain("/en/jobs/product-designer");
    expect(before.sitemap.text).toContain("/vacatures/product-designer</loc>");
    expect(before.sitemap.text).toContain("/en/jobs/product-designer</loc>");
    expect([before.page.status, before.pageEn.status]).toEqual([200, 200]);
    expect(before.page.text).toContain('"@type":"JobPosting"');
    // the listing page again: its body now comes from the memo
    expect(links((await site.get("/vacatures")).text)).toContain("/vacatures/product-designer");

    origin.advance(CLOSES - origin.now() - 1);
    expect((await site.get("/vacatures/product-designer")).status).toBe(200);

    origin.advance(1);
    const after = await open();
    expect(links(after.nl.text)).not.toContain("/vacatures/product-designer");
    expect(links(after.nl.text)).toContain("/vacatures/senior-react-native-developer");
    expect(links(after.en.text)).not.toContain("/en/jobs/product-designer");
    expect(after.sitemap.text).not.toContain("product-designer");
    expect(after.sitemap.text).toContain("/vacatures/senior-react-native-developer</loc>");
    expect(after.page.status).toBe(410);
    expect(after.page.text).toContain("Deze vacature is gesloten. Bekijk onze andere vacatures.");
    expect(after.page.text).toContain('<html lang="nl"');
    expect(after.page.text).not.toContain("application/ld+json");
    expect(after.page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(after.pageEn.status).toBe(410);
    expect(after.pageEn.text).toContain("This vacancy has closed. See our other vacancies.");
    expect(after.pageEn.text).toContain('<html lang="en"');
  });
});
