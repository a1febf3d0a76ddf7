import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const storyLink = (slug: string) => ({ id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: slug });
const entry = (n: number, link?: unknown) => ({
  _uid: `al-${n}`,
  component: "arrow-list-item",
  text: `Punt ${n}`,
  ...(link ? { link } : {}),
});

describe("ArrowList", () => {
  const list = (fields: Record<string, unknown> = {}) => ({
    _uid: "al",
    component: "ArrowList",
    eyebrow: "Meer vragen",
    title: "Hier kun je ook terecht",
    intro: "Niet elk traject begint bij nul.",
    items: [
      entry(1, storyLink("diensten/app-ontwikkeling")),
      entry(2),
      entry(3, { url: "https://www.w3.org/TR/WCAG22/", linktype: "url", fieldtype: "multilink" }),
    ],
    ...fields,
  });

  it("renders a labelled section with a list of arrow entries; entries with a target are links", async () => {
    const { html, logs } = await renderBlok(list());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("arrows-al");
    expect(await one(html, "h2")).toMatchObject({ text: "Hier kun je ook terecht", attrs: { id: "arrows-al" } });
    expect((await one(html, "p.eyebrow")).text).toBe("Meer vragen");
    expect((await query(html, "ul > li")).map((li) => li.text)).toEqual(["Punt 1", "Punt 2", "Punt 3"]);
    const links = await query(html, "li a");
    expect(links.map((a) => [a.attrs.href, a.attrs.target ?? "", a.text])).toEqual([
      ["/diensten/app-ontwikkeling", "", "Punt 1"],
      ["https://www.w3.org/TR/WCAG22/", "_blank", "Punt 3"],
    ]);
    const markers = await query(html, "li span[aria-hidden]");
    expect(markers).toHaveLength(3);
    expect(markers.every((m) => m.attrs["aria-hidden"] === "true")).toBe(true);
    expect(await query(html, "li svg")).toHaveLength(3);
  });

  it("skips entries without text, leaves out an empty heading column and renders nothing without entries", async () => {
    const { html } = await renderBlok(
      list({ eyebrow: "", title: "", intro: "", items: [entry(1), { _uid: "x", component: "arrow-list-item", text: "  " }] }),
    );
    expect(await query(html, "li")).toHaveLength(1);
    expect(await query(html, "h2")).toEqual([]);
    expect(await query(html, "section > div > div")).toEqual([]);
    expect(textOf(html)).toBe("Punt 1");
    expect((await renderBlok(list({ items: [] }))).html).toBe("");
    expect((await renderBlok({ _uid: "e", component: "ArrowList" })).html).toBe("");
  });
});
