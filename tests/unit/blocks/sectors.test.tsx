import { describe, expect, it } from "vitest";
import { listingQuery } from "../../../src/shared/listings/listing-queries";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { listingOf, storyOf } from "../../helpers/story-fixture";

const sectorStory = (slug: string, fields: Record<string, unknown> = {}) =>
  storyOf(`sectoren/${slug}`, {
    _uid: `sector-${slug}`,
    component: "Sector",
    title: `Sector ${slug} lang`,
    intro: `Intro ${slug}.`,
    cardTitle: `Sector ${slug}`,
    teaser: `Teaser ${slug}.`,
    icon: { filename: `/images/sectors/icon-${slug}.svg`, alt: `Icoon ${slug}` },
    ...fields,
  });

const sectors = (fields: Record<string, unknown> = {}) => ({ _uid: "sectors-1", component: "Sectors", ...fields });

describe("Sectors", () => {
  it("declares its listing: Sector stories under sectoren/, in the editor's order, 25 per page or the limit", () => {
    expect(listingQuery(sectors())).toEqual({
      starts_with: "sectoren/",
      is_startpage: false,
      content_type: "Sector",
      sort_by: "position:asc",
      per_page: 25,
      excluding_fields: "body",
    });
    expect(listingQuery(sectors({ limit: "3" }))?.per_page).toBe(3);
    expect(listingQuery(sectors({ limit: 6 }))?.per_page).toBe(6);
    expect(listingQuery(sectors({ limit: "" }))?.per_page).toBe(25);
    expect(listingQuery(sectors({ limit: "veel" }))?.per_page).toBe(25);
  });

  it("renders a card per sector: icon, card title as h3, teaser, a link to the sector page", async () => {
    const stories = [
      sectorStory("zorg"),
      sectorStory("mobiliteit", { cardTitle: "", teaser: "", description: "Beschrijving mobiliteit.", icon: { filename: "", alt: "" } }),
      sectorStory("bouw", { teaser: "", description: "" }),
    ];
    const { html, logs } = await renderBlok(sectors({ eyebrow: "Ervaring", title: "Onze sectoren", intro: "Kies een sector." }), {
      listings: { "sectors-1": listingOf(stories) },
    });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("sectors-sectors-1");
    expect(await one(html, "h2")).toMatchObject({ text: "Onze sectoren", attrs: { id: "sectors-sectors-1" } });
    expect((await query(html, "ul > li > article h3")).map((h) => h.text)).toEqual([
      "Sector zorg",
      "Sector mobiliteit lang",
      "Sector bouw",
    ]);
    // teaser, else the SEO description, else the intro
    expect((await query(html, "article p")).map((p) => p.text)).toEqual(["Teaser zorg.", "Beschrijving mobiliteit.", "Intro bouw."]);
    const images = await query(html, "article img");
    expect(images.map((i) => [i.attrs.src, i.attrs.alt, i.attrs.width, i.attrs.height])).toEqual([
      ["/images/sectors/icon-zorg.svg", "Icoon zorg", "56", "56"],
      ["/images/sectors/icon-bouw.svg", "Icoon bouw", "56", "56"],
    ]);
    const links = await query(html, "article a");
    expect(links.map((a) => [a.attrs.href, a.attrs["aria-label"]])).toEqual([
      ["/sectoren/zorg", "Bekijk sector Sector zorg"],
      ["/sectoren/mobiliteit", "Bekijk sector Sector mobiliteit lang"],
      ["/sectoren/bouw", "Bekijk sector Sector bouw"],
    ]);
    expect(await query(html, "nav")).toEqual([]);
  });

  it("skips stories that are not sectors", async () => {
    const other = storyOf("sectoren/map", { _uid: "p", component: "Page", title: "Geen sector" });
    const { html } = await renderBlok(sectors(), { listings: { "sectors-1": listingOf([sectorStory("zorg"), other]) } });
    expect(await query(html, "article")).toHaveLength(1);
    expect(textOf(html)).not.toContain("Geen sector");
  });

  it("shows a friendly Dutch empty state and no pagination without sectors", async () => {
    const { html, logs } = await renderBlok(sectors({ title: "Onze sectoren" }));
    expect(logs).toEqual([]);
    expect(await query(html, "ul")).toEqual([]);
    expect(textOf(html)).toBe(
      "Onze sectoren We zetten onze sectoren op dit moment op een rij. Kijk binnenkort nog eens, of neem contact met ons op.",
    );
  });

  it("labels the section 'Sectoren' when it has no title", async () => {
    const { html } = await renderBlok(sectors(), { listings: { "sectors-1": listingOf([sectorStory("zorg")]) } });
    expect((await one(html, "section")).attrs).toMatchObject({ "aria-label": "Sectoren" });
    expect(await query(html, "h2")).toEqual([]);
  });

  it("links to every page with ?pagina=N when there are more sectors than fit", async () => {
    const stories = [sectorStory("a"), sectorStory("b")];
    const { html } = await renderBlok(sectors({ limit: 2 }), {
      path: "/sectoren",
      listings: { "sectors-1": listingOf(stories, { total: 5, perPage: 2, page: 2 }) },
    });
    const nav = await one(html, "nav");
    expect(nav.attrs["aria-label"]).toBe("Paginering sectoren");
    expect((await query(html, "nav a")).map((a) => [a.attrs.href, a.text])).toEqual([
      ["/sectoren", "← Vorige"],
      ["/sectoren", "1"],
      ["/sectoren?pagina=3", "3"],
      ["/sectoren?pagina=3", "Volgende →"],
    ]);
    expect(await one(html, "nav [aria-current]")).toMatchObject({ text: "2", attrs: { "aria-current": "page" } });
  });
});

describe("Sector", () => {
  const sector = (fields: Record<string, unknown> = {}) => ({
    _uid: "sz",
    component: "Sector",
    title: "Zorg en welzijn",
    description: "SEO-tekst die niet op de pagina staat.",
    intro: "Software voor drukke zorgmedewerkers.",
    image: { filename: "/images/sectors/zorg.svg", alt: "Illustratie van een zorgapp" },
    cardTitle: "Zorg",
    teaser: "Alleen op de kaart.",
    icon: { filename: "/images/sectors/icon-zorg.svg", alt: "Icoon" },
    body: [
      { _uid: "t1", component: "Text", text: "Eerste blok." },
      { _uid: "c1", component: "Cta", title: "Werk je in de zorg?", text: "Bel ons." },
    ],
    ...fields,
  });

  it("renders the page's one h1 with a breadcrumb, intro and a priority image, then its body blocks", async () => {
    const { html, logs } = await renderBlok(sector());
    expect(logs).toEqual([]);
    expect((await one(html, "article")).attrs["aria-labelledby"]).toBe("sector-sz");
    expect(await one(html, "h1")).toMatchObject({ text: "Zorg en welzijn", attrs: { id: "sector-sz" } });
    const crumbs = await one(html, "nav");
    expect(crumbs.attrs["aria-label"]).toBe("Kruimelpad");
    expect((await one(html, "nav a")).attrs.href).toBe("/sectoren");
    expect((await one(html, "nav [aria-current]")).text).toBe("Zorg");
    const img = await one(html, "header img");
    expect(img.attrs).toMatchObject({
      src: "/images/sectors/zorg.svg",
      alt: "Illustratie van een zorgapp",
      width: "640",
      height: "480",
      loading: "eager",
      fetchpriority: "high",
    });
    expect(textOf(html)).toContain("Software voor drukke zorgmedewerkers.");
    expect(textOf(html)).toContain("Eerste blok.");
    expect((await one(html, "h2")).text).toBe("Werk je in de zorg?");
    // card-only and SEO fields are not shown on the page itself
    expect(textOf(html)).not.toContain("Alleen op de kaart.");
    expect(textOf(html)).not.toContain("SEO-tekst");
    expect(await query(html, "img")).toHaveLength(1);
  });

  it("keeps exactly one h1 and no crash when editors leave everything empty", async () => {
    const { html, logs } = await renderBlok({ _uid: "se", component: "Sector" });
    expect(logs).toEqual([]);
    expect((await query(html, "h1")).map((h) => h.text)).toEqual(["Sector"]);
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "nav [aria-current]")).toEqual([]);
    expect(await query(html, "header p")).toEqual([]);
  });
});
