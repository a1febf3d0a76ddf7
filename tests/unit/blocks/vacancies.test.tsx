import { describe, expect, it } from "vitest";
import { listingQuery } from "../../../src/shared/listings/listing-queries";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { storyOf } from "../../helpers/story-fixture";
import type { StoredBlok } from "../../helpers/stored";

const thomas = storyOf("team/thomas-van-dijk", {
  _uid: "m-thomas",
  component: "TeamMember",
  name: "Thomas van Dijk",
  role: "People & culture",
  photo: { filename: "/images/team/thomas-van-dijk.svg", alt: "Thomas van Dijk" },
  email: "werken@koraal.nl",
  bio: "Zoekt nieuwe collega's.",
});

const vacancy = {
  _uid: "vac-1",
  component: "Vacancy",
  title: "Senior React Native developer",
  description: "Vacature Senior React Native developer bij Koraal.",
  intro: "Bouw mee aan apps die dagelijks gebruikt worden.",
  location: "Utrecht (hybride)",
  hours: "32-40 uur",
  level: "Senior",
  salary: "€ 4.800 – € 6.200 bruto per maand",
  image: { filename: "/images/vacancies/react-native.svg", alt: "Telefoon met code" },
  body: {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Wat ga je doen" }] },
      {
        type: "bullet_list",
        content: [
          { type: "list_item", content: [{ type: "paragraph", content: [{ type: "text", text: "Apps bouwen in React Native." }] }] },
        ],
      },
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Wat vragen we" }] },
      { type: "paragraph", content: [{ type: "text", text: "Vijf jaar ervaring." }] },
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Wat bieden we" }] },
      { type: "blok", attrs: { id: "b1", body: [{ _uid: "txt-1", component: "Text", text: "Een NS Business Card." }] } },
    ],
  },
  applyLink: {
    url: "mailto:werken@koraal.nl?subject=Sollicitatie%20Senior%20React%20Native%20developer",
    linktype: "url",
    fieldtype: "multilink",
    cached_url: "mailto:werken@koraal.nl?subject=Sollicitatie%20Senior%20React%20Native%20developer",
  },
  applyText: "Solliciteer direct",
  contactPerson: thomas,
};

const APPLY = "mailto:werken@koraal.nl?subject=Sollicitatie%20Senior%20React%20Native%20developer";

describe("Vacancy", () => {
  it("renders the page: one h1, the facts, the body, apply links and the contact person", async () => {
    const { html, logs } = await renderBlok(vacancy);
    expect(logs.filter((l) => l.event === "block.missing")).toEqual([]);
    const h1 = await one(html, "h1");
    expect(h1.text).toBe("Senior React Native developer");
    expect((await query(html, "article"))[0]?.attrs["aria-labelledby"]).toBe(h1.attrs.id);
    expect(h1.attrs.id).toBe("vacancy-vac-1");
    expect((await query(html, "h2")).map((h) => h.text)).toEqual([
      "Wat ga je doen",
      "Wat vragen we",
      "Wat bieden we",
      "In het kort",
      "Vragen over deze vacature?",
    ]);
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Thomas van Dijk"]);
    expect((await query(html, 'ul[aria-label="Kenmerken"] li')).map((li) => li.text)).toEqual(["Utrecht (hybride)", "32-40 uur", "Senior"]);
    expect((await query(html, "dt")).map((dt) => dt.text)).toEqual(["Locatie", "Uren", "Niveau", "Salaris"]);
    expect((await query(html, "dd")).map((dd) => dd.text)).toEqual([
      "Utrecht (hybride)",
      "32-40 uur",
      "Senior",
      "€ 4.800 – € 6.200 bruto per maand",
    ]);
    const apply = await query(html, `a[href="${APPLY}"]`);
    expect(apply.map((a) => a.text)).toEqual(["Solliciteer direct →", "Solliciteer direct →"]);
    expect(apply.every((a) => a.attrs.target === undefined)).toBe(true);
    expect((await one(html, 'a[href="/vacatures"]')).text).toBe("← Alle vacatures");
    expect((await one(html, 'a[href="mailto:werken@koraal.nl"]')).text).toBe("werken@koraal.nl");
    expect(textOf(html)).toContain("Apps bouwen in React Native. Wat vragen we Vijf jaar ervaring. Wat bieden we Een NS Business Card.");
    const header = await query(html, "header img");
    expect(header.map((img) => [img.attrs.src, img.attrs.alt, img.attrs.loading, img.attrs.fetchpriority])).toEqual([
      ["/images/vacancies/react-native.svg", "Telefoon met code", "eager", "high"],
    ]);
    expect((await one(html, "aside")).attrs["aria-label"]).toBe("Solliciteren");
  });

  it("finds the contact person among the page's relations when the field holds a uuid", async () => {
    const { html } = await renderBlok({ ...vacancy, contactPerson: thomas.uuid }, { relations: [thomas] });
    expect((await one(html, "h3")).text).toBe("Thomas van Dijk");
  });

  it("leaves the contact person out when the relation is unresolved or not a team member", async () => {
    for (const contactPerson of ["6d0bd3a4-0000-4000-8000-000000000000", storyOf("vacatures/x", { _uid: "p", component: "Page" }), null]) {
      const { html, logs } = await renderBlok({ ...vacancy, contactPerson });
      expect(await query(html, "h3")).toEqual([]);
      expect(textOf(html)).not.toContain("Vragen over deze vacature?");
      expect(logs).toEqual([]);
    }
  });

  it("survives an empty vacancy: an h1, no empty lists, no apply button", async () => {
    const { html, logs } = await renderBlok({ _uid: "vac-2", component: "Vacancy", title: "Stagiair design" });
    expect(logs).toEqual([]);
    expect((await one(html, "h1")).text).toBe("Stagiair design");
    expect(await query(html, "ul")).toEqual([]);
    expect(await query(html, "dl")).toEqual([]);
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "h2")).toEqual([]);
    expect(await query(html, 'a[href^="mailto:"]')).toEqual([]);
    expect(textOf(html)).toBe("← Alle vacatures Vacature Stagiair design");
  });

  it("falls back to a default button text", async () => {
    const { html } = await renderBlok({ ...vacancy, applyText: "" });
    expect((await query(html, `a[href="${APPLY}"]`)).map((a) => a.text)).toEqual(["Solliciteer direct →", "Solliciteer direct →"]);
  });
});

const listBlok: StoredBlok = {
  _uid: "vl-1",
  component: "Vacancies",
  eyebrow: "Open plekken",
  title: "Openstaande vacatures",
  intro: "Staat je functie er niet tussen?",
};

describe("Vacancies", () => {
  it("lists the vacatures/ folder's Vacancy stories in the editors' order", () => {
    expect(listingQuery(listBlok)).toEqual({
      starts_with: "vacatures/",
      is_startpage: false,
      content_type: "Vacancy",
      sort_by: "position:asc",
      per_page: 25,
      excluding_fields: "body,contactPerson",
    });
    expect(listingQuery({ ...listBlok, limit: 6 } as StoredBlok)?.per_page).toBe(6);
  });

  it("renders a card per vacancy linking to its page, with its facts", async () => {
    const stories = [
      storyOf("vacatures/senior-react-native-developer", vacancy),
      storyOf("vacatures/product-designer", {
        _uid: "vac-3",
        component: "Vacancy",
        title: "Product designer",
        location: "Utrecht",
        hours: "32 uur",
      }),
    ];
    const { html, logs } = await renderBlok(listBlok, { listings: { "vl-1": { stories, total: 2, perPage: 25, page: 1 } } });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("vacancies-vl-1");
    expect((await one(html, "h2")).text).toBe("Openstaande vacatures");
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Senior React Native developer", "Product designer"]);
    const links = await query(html, "h3 a");
    expect(links.map((a) => a.attrs.href)).toEqual(["/vacatures/senior-react-native-developer", "/vacatures/product-designer"]);
    expect(links.every((a) => a.attrs.target === undefined)).toBe(true);
    const cards = await query(html, "ul.grid > li");
    expect(cards.map((li) => li.text)).toEqual([
      "Senior React Native developer Utrecht (hybride) 32-40 uur Senior Bouw mee aan apps die dagelijks gebruikt worden. Bekijk vacature →",
      "Product designer Utrecht 32 uur Bekijk vacature →",
    ]);
    expect(await query(html, 'nav[aria-label="Meer vacatures"]')).toEqual([]);
  });

  it("shows an open application invitation when nothing is open", async () => {
    const { html } = await renderBlok(listBlok, { listings: { "vl-1": { stories: [], total: 0, perPage: 25, page: 1 } } });
    expect(await query(html, "ul")).toEqual([]);
    expect(textOf(html)).toContain("Op dit moment staan er geen vacatures open.");
    expect((await one(html, "a")).attrs.href).toBe("mailto:werken@koraal.nl?subject=Open%20sollicitatie");
  });

  it("pages with ?pagina=N", async () => {
    const stories = [storyOf("vacatures/senior-react-native-developer", vacancy)];
    const { html } = await renderBlok(listBlok, { listings: { "vl-1": { stories, total: 2, perPage: 1, page: 1 } } });
    const links = await query(html, 'nav[aria-label="Meer vacatures"] a');
    expect(links.map((a) => [a.attrs.href, a.text, a.attrs["aria-current"] ?? ""])).toEqual([
      ["?pagina=1", "1", "page"],
      ["?pagina=2", "2", ""],
      ["?pagina=2", "Volgende →", ""],
    ]);
  });
});
