import { describe, expect, it } from "vitest";
import { serviceList } from "../../../src/site/blocks/case-detail";
import { RESOLVE_RELATIONS } from "../../../src/server/content/relations";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { storyOf } from "../../helpers/story-fixture";

const related = (slug: string, title: string) =>
  storyOf(`cases/${slug}`, {
    _uid: `rel-${slug}`,
    component: "CaseDetail",
    title,
    client: `Klant ${slug}`,
    sector: "Mobiliteit",
    intro: `Intro ${slug}.`,
    heroImage: { filename: `/images/cases/${slug}.svg`, alt: `Beeld ${slug}` },
  });

const caseDetail = (fields: Record<string, unknown> = {}) => ({
  _uid: "cd-1",
  component: "CaseDetail",
  title: "Een rooster dat zorgmedewerkers zelf in de hand hebben",
  description: "SEO-omschrijving",
  client: "Zorggroep De Linde",
  sector: "Zorg",
  services: ["UX-onderzoek", "App-ontwerp", "Flutter-ontwikkeling"],
  intro: "Ruilen ging via briefjes op de koelkast.",
  heroImage: { filename: "https://a.storyblok.com/f/287341/1600x1000/abc/linde.png", alt: "Twee telefoons met de roosterapp" },
  results: [
    { _uid: "r1", component: "case-result", value: "71%", label: "van de ruilverzoeken binnen een uur geregeld" },
    { _uid: "r2", component: "case-result", value: "-38%", label: "telefoontjes naar de planners" },
    { _uid: "r3", component: "case-result", value: "", label: "" },
  ],
  body: [
    { _uid: "b1", component: "Text", text: "Het verhaal van de case." },
    { _uid: "b2", component: "CustomerQuote", quote: "Mijn telefoon staat niet meer roodgloeiend.", name: "Marieke Jansen" },
  ],
  ...fields,
});

describe("CaseDetail", () => {
  it("asks the page route to resolve its related cases", () => {
    expect(RESOLVE_RELATIONS).toContain("CaseDetail.related");
  });

  it("renders one article with exactly one h1, breadcrumb, facts, hero, results and its body blocks", async () => {
    const { html, logs } = await renderBlok(caseDetail());
    expect(logs).toEqual([]);
    const article = await one(html, "article");
    expect(article.attrs["aria-labelledby"]).toBe("case-cd-1");
    expect(await one(html, "h1")).toMatchObject({
      text: "Een rooster dat zorgmedewerkers zelf in de hand hebben",
      attrs: { id: "case-cd-1" },
    });
    expect((await query(html, 'nav[aria-label="Kruimelpad"] a')).map((a) => [a.attrs.href, a.text])).toEqual([["/cases", "Cases"]]);
    expect((await one(html, '[aria-current="page"]')).text).toBe("Zorggroep De Linde");
    expect((await query(html, "header dl > div > dt")).map((dt) => dt.text)).toEqual(["Klant", "Sector", "Wat we deden"]);
    expect((await query(html, "header dd > ul > li")).map((li) => li.text)).toEqual([
      "UX-onderzoek",
      "App-ontwerp",
      "Flutter-ontwikkeling",
    ]);
    const hero = await one(html, "img");
    expect(hero.attrs).toMatchObject({
      alt: "Twee telefoons met de roosterapp",
      width: "1600",
      height: "1000",
      loading: "eager",
      fetchpriority: "high",
    });
    // results: empty entries are left out; the value is the dd, its meaning the dt
    expect(await one(html, "h2#case-cd-1-results")).toMatchObject({ text: "De resultaten" });
    expect((await query(html, "section dl > div")).map((d) => d.text)).toEqual([
      "van de ruilverzoeken binnen een uur geregeld 71%",
      "telefoontjes naar de planners -38%",
    ]);
    expect(await query(html, "section dl dd")).toHaveLength(2);
    // body blocks render through the registry
    expect(textOf(html)).toContain("Het verhaal van de case.");
    expect((await one(html, "figure > blockquote")).text).toBe("Mijn telefoon staat niet meer roodgloeiend.");
    expect(await query(html, "h1")).toHaveLength(1);
  });

  it("renders related cases from resolved stories, and from the page's relations for bare uuids", async () => {
    const resolved = related("domstad", "Een e-bike pakken in tien seconden");
    const fromMap = related("vakwerk", "Pensioen dat je snapt");
    const { html, logs } = await renderBlok(
      caseDetail({ related: [resolved, fromMap.uuid, "00000000-0000-4000-8000-999999999999", { not: "a story" }] }),
      { relations: [fromMap] },
    );
    expect(logs).toEqual([]);
    const section = await one(html, 'section[aria-labelledby="case-cd-1-related"]');
    expect(section.text).toContain("Meer cases");
    expect((await query(html, "article article h3")).map((h) => h.text)).toEqual([
      "Een e-bike pakken in tien seconden",
      "Pensioen dat je snapt",
    ]);
    expect((await query(html, "article article h3 a")).map((a) => a.attrs.href)).toEqual(["/cases/domstad", "/cases/vakwerk"]);
    expect((await query(html, 'section[aria-labelledby="case-cd-1-related"] > div > div a')).map((a) => [a.attrs.href, a.text])).toEqual([
      ["/cases", "Alle cases"],
    ]);
  });

  it("never crashes on an empty case and renders no empty wrappers", async () => {
    const { html, logs } = await renderBlok({ _uid: "cd-empty", component: "CaseDetail" });
    expect(logs).toEqual([]);
    expect(await one(html, "h1")).toMatchObject({ text: "Case" });
    for (const selector of ["dl", "img", "section", "p"]) expect(await query(html, selector)).toEqual([]);
    expect((await query(html, "li")).map((li) => li.text)).toEqual(["Cases", "/", "Case"]);
  });

  it("accepts services as typed text, one per line or comma", () => {
    expect(serviceList("Productstrategie\nApp-ontwerp, Native apps\n\n")).toEqual(["Productstrategie", "App-ontwerp", "Native apps"]);
    expect(serviceList(["A", " ", "A", 3])).toEqual(["A"]);
    expect(serviceList(undefined)).toEqual([]);
  });
});
