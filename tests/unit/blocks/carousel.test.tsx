import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  _uid: `ci-${n}`,
  component: "CarouselItem",
  image: { filename: `/images/team/werkwijze-${n}.svg`, alt: `Illustratie ${n}` },
  title: `Afspraak ${n}`,
  text: `Uitleg bij afspraak ${n}.`,
  ...extra,
});

const carousel = {
  _uid: "car-1",
  component: "Carousel",
  eyebrow: "Werkwijze",
  title: "Zo werken we",
  intro: "Vier afspraken.",
  items: [
    item(1),
    item(2, { link: { id: "u", url: "", linktype: "story", cached_url: "contact" }, linkText: "Plan een bezoek" }),
    item(3, { link: { url: "https://www.example.org/case", linktype: "url", cached_url: "" } }),
  ],
};

describe("Carousel", () => {
  it("renders a keyboard-scrollable, labelled region (a named section) of scroll-snapping items", async () => {
    const { html, logs } = await renderBlok(carousel);
    expect(logs).toEqual([]);
    expect((await one(html, "section[aria-labelledby]")).attrs["aria-labelledby"]).toBe("carousel-car-1");
    expect((await one(html, "h2")).text).toBe("Zo werken we");
    const region = await one(html, "section[aria-label]");
    expect(region.attrs.tabindex).toBe("0");
    expect(region.attrs["aria-label"]).toBe("Zo werken we: scroll horizontaal");
    expect(region.attrs.class).toContain("overflow-x-auto");
    expect(region.attrs.class).toContain("snap-x");
    expect(region.attrs.class).toContain("snap-mandatory");
    const slides = await query(html, "section[aria-label] > ul > li");
    expect(slides).toHaveLength(3);
    expect(slides.every((li) => li.attrs.class?.includes("snap-start"))).toBe(true);
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Afspraak 1", "Afspraak 2", "Afspraak 3"]);
    const links = await query(html, "li a");
    expect(links.map((a) => [a.attrs.href, a.attrs.target ?? "", a.text])).toEqual([
      ["/contact", "", "Plan een bezoek →"],
      ["https://www.example.org/case", "_blank", "Lees meer ↗"],
    ]);
    const images = await query(html, "img");
    expect(images.map((img) => [img.attrs.src, img.attrs.alt, img.attrs.width, img.attrs.height, img.attrs.loading])).toEqual([
      ["/images/team/werkwijze-1.svg", "Illustratie 1", "640", "480", "lazy"],
      ["/images/team/werkwijze-2.svg", "Illustratie 2", "640", "480", "lazy"],
      ["/images/team/werkwijze-3.svg", "Illustratie 3", "640", "480", "lazy"],
    ]);
    expect(textOf(html)).toContain("Swipe of scroll voor meer →");
    // no client-side script: the carousel is plain HTML and CSS
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it("renders nothing without items, and one item without the scroll hint", async () => {
    expect((await renderBlok({ _uid: "car-2", component: "Carousel", title: "Leeg", items: [] })).html).toBe("");
    expect((await renderBlok({ _uid: "car-3", component: "Carousel" })).html).toBe("");
    const { html } = await renderBlok({ _uid: "car-4", component: "Carousel", items: [item(1)] });
    expect(textOf(html)).toBe("Afspraak 1 Uitleg bij afspraak 1.");
    expect((await one(html, "section[aria-label]")).attrs["aria-label"]).toBe("Carrousel: scroll horizontaal");
    expect(await query(html, "h2")).toEqual([]);
  });

  it("logs an unknown nested block and renders the rest", async () => {
    const { html, logs } = await renderBlok({ ...carousel, items: [item(1), { _uid: "x", component: "Onbekend" }] });
    expect(logs.map((l) => [l.event, l.component])).toEqual([["block.missing", "Onbekend"]]);
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Afspraak 1"]);
  });
});

describe("CarouselItem", () => {
  it("on its own in a page it is a card with an h2", async () => {
    const { html, logs } = await renderBlok(
      item(7, { linkText: "Lees het verhaal", link: { url: "/klanten", linktype: "url", cached_url: "" } }),
    );
    expect(logs).toEqual([]);
    const h2 = await one(html, "h2");
    expect(h2.text).toBe("Afspraak 7");
    expect((await one(html, "article")).attrs["aria-labelledby"]).toBe(h2.attrs.id);
    expect((await one(html, "a")).attrs.href).toBe("/klanten");
    expect(textOf(html)).toBe("Afspraak 7 Uitleg bij afspraak 7. Lees het verhaal →");
  });

  it("leaves out empty parts and renders nothing when empty", async () => {
    const { html } = await renderBlok({
      _uid: "ci-9",
      component: "CarouselItem",
      title: "Alleen een titel",
      link: { url: "", cached_url: "" },
    });
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "p")).toEqual([]);
    expect(await query(html, "a")).toEqual([]);
    expect((await renderBlok({ _uid: "ci-10", component: "CarouselItem" })).html).toBe("");
  });
});
