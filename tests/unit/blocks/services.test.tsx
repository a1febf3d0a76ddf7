import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const storyLink = (slug: string) => ({ id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: slug });

const card = (n: number, fields: Record<string, unknown> = {}) => ({
  _uid: `sc-${n}`,
  component: "ServiceCard",
  icon: { filename: `/images/services/icon-${n}.svg`, alt: `Icoon ${n}` },
  title: `Dienst ${n}`,
  text: `Wat dienst ${n} doet.`,
  link: storyLink(`diensten/dienst-${n}`),
  linkText: `Meer over dienst ${n}`,
  ...fields,
});

describe("ServiceCard", () => {
  it("renders an article with icon, h3, text and a stretched link to the service page", async () => {
    const { html, logs } = await renderBlok(card(1));
    expect(logs).toEqual([]);
    const img = await one(html, "article img");
    expect(img.attrs).toMatchObject({ src: "/images/services/icon-1.svg", alt: "Icoon 1", width: "64", height: "64", loading: "lazy" });
    expect(await one(html, "article h3")).toMatchObject({ text: "Dienst 1" });
    expect((await one(html, "article p")).text).toBe("Wat dienst 1 doet.");
    const link = await one(html, "article a");
    expect(link.attrs.href).toBe("/diensten/dienst-1");
    expect(link.attrs.target).toBeUndefined();
    expect(link.text).toBe("Meer over dienst 1 →");
    expect(link.attrs.class).toContain("before:absolute");
    expect(await query(html, "h1, h2")).toEqual([]);
  });

  it("falls back to 'Meer over <title>' and leaves out what is empty", async () => {
    const { html } = await renderBlok(card(2, { icon: { filename: "", alt: "" }, text: "", linkText: "" }));
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "p")).toEqual([]);
    expect((await one(html, "a")).text).toBe("Meer over Dienst 2 →");
  });

  it("has no link without a target, and renders nothing without title and text", async () => {
    const noLink = await renderBlok(card(3, { link: { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "" } }));
    expect(await query(noLink.html, "a")).toEqual([]);
    expect(textOf(noLink.html)).toBe("Dienst 3 Wat dienst 3 doet.");
    expect((await renderBlok({ _uid: "sc-x", component: "ServiceCard" })).html).toBe("");
  });

  it("opens an external link in a new tab", async () => {
    const { html } = await renderBlok(card(4, { link: { url: "https://example.org", linktype: "url", fieldtype: "multilink" } }));
    expect((await one(html, "a")).attrs).toMatchObject({ href: "https://example.org", target: "_blank", rel: "noopener noreferrer" });
  });
});

describe("Services", () => {
  const services = (fields: Record<string, unknown> = {}) => ({
    _uid: "sv",
    component: "Services",
    eyebrow: "Wat we doen",
    title: "Van schets tot store",
    intro: "Drie disciplines.",
    services: [card(1), card(2), card(3)],
    link: storyLink("diensten"),
    linkText: "Alle diensten",
    ...fields,
  });

  it("renders a labelled section: eyebrow, h2, intro, overview link and a list of service cards", async () => {
    const { html, logs } = await renderBlok(services());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("services-sv");
    expect(await one(html, "h2")).toMatchObject({ text: "Van schets tot store", attrs: { id: "services-sv" } });
    expect((await one(html, "section p.eyebrow")).text).toBe("Wat we doen");
    expect(textOf(html)).toContain("Drie disciplines.");
    expect((await query(html, "ul > li > article h3")).map((h) => h.text)).toEqual(["Dienst 1", "Dienst 2", "Dienst 3"]);
    const links = await query(html, "a");
    expect(links.map((a) => a.attrs.href)).toEqual(["/diensten", "/diensten/dienst-1", "/diensten/dienst-2", "/diensten/dienst-3"]);
    expect(links[0]?.text).toBe("Alle diensten →");
  });

  it("leaves out the optional parts and renders nothing without title and cards", async () => {
    const bare = await renderBlok(services({ eyebrow: "", intro: "", linkText: "", title: "" }));
    expect((await one(bare.html, "section")).attrs["aria-labelledby"]).toBeUndefined();
    expect(await query(bare.html, "h2")).toEqual([]);
    expect(await query(bare.html, "p.eyebrow")).toEqual([]);
    expect(await query(bare.html, "article")).toHaveLength(3);
    const onlyTitle = await renderBlok(services({ services: [] }));
    expect(await query(onlyTitle.html, "ul")).toEqual([]);
    expect((await renderBlok({ _uid: "sv2", component: "Services" })).html).toBe("");
  });

  it("renders nested blocks through the registry and logs an unknown one", async () => {
    const { html, logs } = await renderBlok(services({ services: [card(1), { _uid: "zz", component: "Onbekend" }] }));
    expect(await query(html, "article")).toHaveLength(1);
    expect(logs.map((l) => l.event)).toEqual(["block.missing"]);
  });
});
