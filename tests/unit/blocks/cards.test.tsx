import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const storyLink = (slug: string) => ({ id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: slug });
const card = (n: number, fields: Record<string, unknown> = {}) => ({
  _uid: `card-${n}`,
  component: "Card",
  image: { filename: `/images/services/card-${n}.svg`, alt: `Illustratie ${n}` },
  label: `Week ${n}`,
  title: `Kaart ${n}`,
  text: `Tekst ${n}.`,
  link: storyLink("contact"),
  linkText: "Plan een discovery",
  ...fields,
});

describe("Card", () => {
  it("renders an article: image, label, h2 (on its own, no heading above it), text and a stretched link", async () => {
    const { html, logs } = await renderBlok(card(1));
    expect(logs).toEqual([]);
    expect((await one(html, "article img")).attrs).toMatchObject({
      src: "/images/services/card-1.svg",
      alt: "Illustratie 1",
      width: "640",
      height: "400",
      loading: "lazy",
    });
    expect((await query(html, "article p")).map((p) => p.text)).toEqual(["Week 1", "Tekst 1."]);
    expect((await one(html, "article h2")).text).toBe("Kaart 1");
    const link = await one(html, "article a");
    expect(link).toMatchObject({ text: "Plan een discovery →", attrs: { href: "/contact" } });
    expect(link.attrs.class).toContain("before:inset-0");
  });

  it("defaults the link text, has no link without a target and renders nothing when empty", async () => {
    expect((await one((await renderBlok(card(2, { linkText: "" }))).html, "a")).text).toBe("Lees verder →");
    const unlinked = await renderBlok(card(3, { link: undefined, image: { filename: "", alt: "" }, label: "" }));
    expect(await query(unlinked.html, "a")).toEqual([]);
    expect(await query(unlinked.html, "img")).toEqual([]);
    expect(textOf(unlinked.html)).toBe("Kaart 3 Tekst 3.");
    expect((await renderBlok({ _uid: "c", component: "Card", link: storyLink("contact") })).html).toBe("");
  });
});

describe("CardsCollection", () => {
  const collection = (fields: Record<string, unknown> = {}) => ({
    _uid: "cc",
    component: "CardsCollection",
    eyebrow: "Het traject",
    title: "Zo brengen we je app live",
    intro: "Drie tot zes maanden.",
    cards: [card(1), card(2, { link: undefined }), card(3)],
    ...fields,
  });

  it("renders a labelled section with a list of nested Card blocks", async () => {
    const { html, logs } = await renderBlok(collection());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("cards-cc");
    expect(await one(html, "h2")).toMatchObject({ text: "Zo brengen we je app live", attrs: { id: "cards-cc" } });
    expect(textOf(html).startsWith("Het traject Zo brengen we je app live Drie tot zes maanden.")).toBe(true);
    expect((await query(html, "ul > li > article h3")).map((h) => h.text)).toEqual(["Kaart 1", "Kaart 2", "Kaart 3"]);
    expect((await query(html, "a")).map((a) => a.attrs.href)).toEqual(["/contact", "/contact"]);
    expect((await one(html, "ul")).attrs.class).toContain("lg:grid-cols-3");
  });

  it("uses two columns for two cards, logs unknown nested blocks and renders nothing without cards", async () => {
    const two = await renderBlok(
      collection({ title: "", eyebrow: "", intro: "", cards: [card(1), { _uid: "x", component: "Bestaatniet" }] }),
    );
    expect((await one(two.html, "ul")).attrs.class).not.toContain("lg:grid-cols-3");
    // no section heading: the card's own title is the h2 (no level skipped)
    expect((await query(two.html, "h2")).map((h) => h.text)).toEqual(["Kaart 1"]);
    expect(two.logs.map((l) => l.event)).toEqual(["block.missing"]);
    expect((await renderBlok(collection({ cards: [] }))).html).toBe("");
  });
});
