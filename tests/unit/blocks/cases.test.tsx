import { describe, expect, it } from "vitest";
import { listingQuery } from "../../../src/shared/listings/listing-queries";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { listingOf, storyOf } from "../../helpers/story-fixture";

const caseStory = (slug: string, fields: Record<string, unknown> = {}) =>
  storyOf(`cases/${slug}`, {
    _uid: `cd-${slug}`,
    component: "CaseDetail",
    title: `Case ${slug}`,
    client: `Klant ${slug}`,
    sector: "Zorg",
    intro: `Intro van ${slug}.`,
    heroImage: { filename: `https://a.storyblok.com/f/287341/1600x1000/abc123/${slug}.png`, alt: `Beeld van ${slug}` },
    ...fields,
  });

const cases = (fields: Record<string, unknown> = {}) => ({ _uid: "cases-1", component: "Cases", ...fields });

describe("Cases", () => {
  it("declares its listing: CaseDetail stories under cases/, newest first, 25 per page or the limit", () => {
    expect(listingQuery(cases())).toEqual({
      starts_with: "cases/",
      is_startpage: false,
      content_type: "CaseDetail",
      sort_by: "first_published_at:desc",
      per_page: 25,
      excluding_fields: "body,results,related",
    });
    expect(listingQuery(cases({ limit: "3" }))?.per_page).toBe(3);
    expect(listingQuery(cases({ limit: 6 }))?.per_page).toBe(6);
    expect(listingQuery(cases({ limit: "" }))?.per_page).toBe(25);
    expect(listingQuery(cases({ limit: "drie" }))?.per_page).toBe(25);
    expect(listingQuery(cases({ limit: "-2" }))?.per_page).toBe(25);
  });

  it("renders a labelled section with one card per case: image, client and sector, linked h3, intro", async () => {
    const stories = [caseStory("alpha"), caseStory("beta", { sector: "", heroImage: { filename: "", alt: "" }, intro: "" })];
    const { html, logs } = await renderBlok(cases({ eyebrow: "Ons werk", title: "Recente cases", intro: "Een greep." }), {
      listings: { "cases-1": listingOf(stories) },
    });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("cases-cases-1");
    expect(await one(html, "h2")).toMatchObject({ text: "Recente cases", attrs: { id: "cases-cases-1" } });
    expect((await query(html, "section > div > div > p")).map((p) => p.text)).toEqual(["Ons werk", "Een greep."]);
    const cards = await query(html, "ul > li > article");
    expect(cards).toHaveLength(2);
    expect((await query(html, "article h3")).map((h) => h.text)).toEqual(["Case alpha", "Case beta"]);
    const links = await query(html, "article h3 a");
    expect(links.map((a) => [a.attrs.href, a.attrs.target ?? ""])).toEqual([
      ["/cases/alpha", ""],
      ["/cases/beta", ""],
    ]);
    const images = await query(html, "article img");
    expect(images).toHaveLength(1);
    expect(images[0]?.attrs).toMatchObject({ alt: "Beeld van alpha", width: "1600", height: "1000", loading: "lazy" });
    expect(images[0]?.attrs.src).toBe("https://a.storyblok.com/f/287341/1600x1000/abc123/alpha.png/m/480x0/filters:format(webp)");
    expect(images[0]?.attrs.srcset).toContain("/m/1280x0/filters:format(webp) 1280w");
    const text = textOf(html);
    expect(text).toContain("Klant alpha · Zorg Case alpha Intro van alpha. Lees de case →");
    expect(text).toContain("Klant beta Case beta Lees de case →");
    expect(await query(html, "nav")).toEqual([]);
  });

  it("labels itself 'Cases' without a title, uses h2 cards then, and skips stories that are not case stories", async () => {
    const other = storyOf("cases/overzicht", { _uid: "p", component: "Page", title: "Overzicht" });
    const { html } = await renderBlok(cases(), { listings: { "cases-1": listingOf([other, caseStory("gamma")]) } });
    const section = await one(html, "section");
    expect(section.attrs["aria-label"]).toBe("Cases");
    expect(section.attrs["aria-labelledby"]).toBeUndefined();
    // without a section heading the cards' headings move up a level, keeping the outline right
    expect(await query(html, "h3")).toEqual([]);
    expect((await query(html, "article h2")).map((h) => h.text)).toEqual(["Case gamma"]);
  });

  it("pages with ?pagina=N links on the current path when there are more cases than fit", async () => {
    const stories = Array.from({ length: 2 }, (_, i) => caseStory(`p${i}`));
    const { html } = await renderBlok(cases(), {
      path: "/cases",
      listings: { "cases-1": listingOf(stories, { total: 5, perPage: 2, page: 2 }) },
    });
    const nav = await one(html, "nav");
    expect(nav.attrs["aria-label"]).toBe("Paginering cases");
    const links = await query(html, "nav a");
    expect(links.map((a) => [a.attrs.href, a.text, a.attrs.rel ?? ""])).toEqual([
      ["/cases", "← Vorige", "prev"],
      ["/cases", "1", ""],
      ["/cases?pagina=3", "3", ""],
      ["/cases?pagina=3", "Volgende →", "next"],
    ]);
    expect(await one(html, '[aria-current="page"]')).toMatchObject({ text: "2" });
  });

  it("as a teaser (limit) it shows no pagination but the link to all cases", async () => {
    const stories = [caseStory("t1"), caseStory("t2"), caseStory("t3")];
    const blok = cases({ limit: "3", link: { id: "u", url: "", linktype: "story", fieldtype: "multilink", cached_url: "cases" } });
    const { html } = await renderBlok(blok, { listings: { "cases-1": listingOf(stories, { total: 4, perPage: 3 }) } });
    expect(await query(html, "article")).toHaveLength(3);
    expect(await query(html, "nav")).toEqual([]);
    const all = await one(html, "section > div > p > a");
    expect(all).toMatchObject({ text: "Bekijk alle cases →", attrs: { href: "/cases" } });
    const custom = await renderBlok({ ...blok, linkText: "Alle projecten" }, { listings: { "cases-1": listingOf(stories) } });
    expect((await one(custom.html, "section > div > p > a")).text).toBe("Alle projecten →");
  });

  it("shows a friendly empty state, with a way back when paged past the end, and no empty list", async () => {
    const empty = await renderBlok(cases({ title: "Cases" }));
    expect(empty.logs).toEqual([]);
    expect(await query(empty.html, "ul")).toEqual([]);
    expect(textOf(empty.html)).toBe(
      "Cases We schrijven onze nieuwste cases op dit moment uit. Kom binnenkort terug, of vraag ons gerust naar voorbeelden.",
    );
    const past = await renderBlok(cases(), { path: "/cases", listings: { "cases-1": listingOf([], { total: 3, perPage: 25, page: 4 }) } });
    expect(textOf(past.html)).toContain("Op deze pagina staan geen cases meer.");
    expect(await one(past.html, "a")).toMatchObject({ text: "Terug naar de eerste pagina", attrs: { href: "/cases" } });
  });
});
