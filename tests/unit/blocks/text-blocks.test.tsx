import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const textBlock = (n: number, fields: Record<string, unknown> = {}) => ({
  _uid: `tb-${n}`,
  component: "text-block",
  title: `Kolom ${n}`,
  text: `Alinea ${n}a.\n\nAlinea ${n}b.`,
  ...fields,
});

describe("TextBlocks", () => {
  it("renders two or three columns, each an h3 with its paragraphs split on blank lines", async () => {
    const { html, logs } = await renderBlok({
      _uid: "tb",
      component: "TextBlocks",
      eyebrow: "Techniek",
      title: "Native of cross-platform?",
      blocks: [textBlock(1), textBlock(2), textBlock(3)],
    });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("textblocks-tb");
    expect(await one(html, "h2")).toMatchObject({ text: "Native of cross-platform?", attrs: { id: "textblocks-tb" } });
    expect((await one(html, "p.eyebrow")).text).toBe("Techniek");
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Kolom 1", "Kolom 2", "Kolom 3"]);
    expect((await query(html, "section > div > div > div > p")).map((p) => p.text)).toEqual([
      "Alinea 1a.",
      "Alinea 1b.",
      "Alinea 2a.",
      "Alinea 2b.",
      "Alinea 3a.",
      "Alinea 3b.",
    ]);
    expect(html).toContain("md:grid-cols-3");
  });

  it("uses two columns for two blocks and h2 when there is no title", async () => {
    const { html } = await renderBlok({ _uid: "tb2", component: "TextBlocks", blocks: [textBlock(1), textBlock(2, { text: "" })] });
    expect((await query(html, "h2")).map((h) => h.text)).toEqual(["Kolom 1", "Kolom 2"]);
    expect(await query(html, "p")).toHaveLength(2);
    expect(html).toContain("md:grid-cols-2");
    expect(html).not.toContain("md:grid-cols-3");
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBeUndefined();
  });

  it("skips empty blocks and renders nothing when none is left", async () => {
    const { html } = await renderBlok({
      _uid: "tb3",
      component: "TextBlocks",
      title: "Titel",
      blocks: [textBlock(1, { title: "", text: " \n " }), textBlock(2, { title: "" })],
    });
    expect(await query(html, "h3")).toEqual([]);
    expect(textOf(html)).toBe("Titel Alinea 2a. Alinea 2b.");
    expect((await renderBlok({ _uid: "tb4", component: "TextBlocks", title: "Titel", blocks: [] })).html).toBe("");
  });
});
