import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const textCard = (n: number, fields: Record<string, unknown> = {}) => ({
  _uid: `tc-${n}`,
  component: "text-card",
  title: `Stap ${n}`,
  text: `Tekst ${n}.`,
  ...fields,
});
const block = (fields: Record<string, unknown> = {}) => ({
  _uid: "tc",
  component: "TextCards",
  eyebrow: "Onze aanpak",
  title: "Zo werken we",
  intro: "Elk traject volgt hetzelfde ritme.",
  cards: [textCard(1), textCard(2), textCard(3), textCard(4)],
  ...fields,
});

describe("TextCards", () => {
  it("renders loose cards as an unordered list with an h3 per card", async () => {
    const { html, logs } = await renderBlok(block());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("textcards-tc");
    expect(await one(html, "h2")).toMatchObject({ text: "Zo werken we", attrs: { id: "textcards-tc" } });
    expect(textOf(html)).toContain("Onze aanpak Zo werken we Elk traject volgt hetzelfde ritme.");
    expect(await query(html, "ol")).toEqual([]);
    expect((await query(html, "ul > li")).map((li) => li.text)).toEqual([
      "Stap 1 Tekst 1.",
      "Stap 2 Tekst 2.",
      "Stap 3 Tekst 3.",
      "Stap 4 Tekst 4.",
    ]);
    expect((await query(html, "li h3")).map((h) => h.text)).toEqual(["Stap 1", "Stap 2", "Stap 3", "Stap 4"]);
    expect((await one(html, "ul")).attrs.class).toContain("lg:grid-cols-4");
  });

  it("renders numbered cards as an ordered list with decorative step numbers", async () => {
    const { html } = await renderBlok(block({ numbered: true, cards: [textCard(1), textCard(2), textCard(3)] }));
    expect(await query(html, "ul")).toEqual([]);
    const numbers = await query(html, "ol > li > span");
    expect(numbers.map((n) => [n.text, n.attrs["aria-hidden"]])).toEqual([
      ["01", "true"],
      ["02", "true"],
      ["03", "true"],
    ]);
    expect((await one(html, "ol")).attrs.class).toContain("md:grid-cols-3");
  });

  it("uses h2 per card without a block title, skips empty cards and renders nothing without cards", async () => {
    const { html } = await renderBlok(
      block({ title: "", eyebrow: "", intro: "", cards: [textCard(1), textCard(2, { title: "", text: "" }), textCard(3, { text: "" })] }),
    );
    expect((await query(html, "h2")).map((h) => h.text)).toEqual(["Stap 1", "Stap 3"]);
    expect(await query(html, "li")).toHaveLength(2);
    expect(await query(html, "li p")).toHaveLength(1);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBeUndefined();
    expect((await renderBlok({ _uid: "e", component: "TextCards", title: "Alleen een titel" })).html).toBe("");
  });
});
