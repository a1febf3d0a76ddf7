import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const benefit = (n: number, fields: Record<string, unknown> = {}) => ({
  _uid: `fb-${n}`,
  component: "feature-benefit",
  title: `Voordeel ${n}`,
  text: `Uitleg ${n}.`,
  ...fields,
});
const block = (fields: Record<string, unknown> = {}) => ({
  _uid: "fb",
  component: "FeatureBenefits",
  eyebrow: "Waarom Koraal",
  title: "Eén team",
  intro: "Zo werken we samen.",
  image: { filename: "/images/services/benefits-team.svg", alt: "Drie teamleden achter één laptop" },
  benefits: [benefit(1), benefit(2), benefit(3)],
  ...fields,
});

describe("FeatureBenefits", () => {
  it("renders a labelled section: eyebrow, h2, intro, image and a list of benefits with h3", async () => {
    const { html, logs } = await renderBlok(block());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("benefits-fb");
    expect(await one(html, "h2")).toMatchObject({ text: "Eén team", attrs: { id: "benefits-fb" } });
    expect((await one(html, "p.eyebrow")).text).toBe("Waarom Koraal");
    expect(textOf(html)).toContain("Zo werken we samen.");
    expect((await one(html, "img")).attrs).toMatchObject({
      src: "/images/services/benefits-team.svg",
      alt: "Drie teamleden achter één laptop",
      width: "640",
      height: "480",
      loading: "lazy",
    });
    const items = await query(html, "ul > li");
    expect(items.map((li) => li.text)).toEqual(["Voordeel 1 Uitleg 1.", "Voordeel 2 Uitleg 2.", "Voordeel 3 Uitleg 3."]);
    expect((await query(html, "li h3")).map((h) => h.text)).toEqual(["Voordeel 1", "Voordeel 2", "Voordeel 3"]);
    // the check marks are decoration
    expect((await query(html, "li > span")).every((s) => s.attrs["aria-hidden"] === "true")).toBe(true);
  });

  it("skips empty benefits and leaves out empty parts", async () => {
    const { html } = await renderBlok(
      block({
        eyebrow: "",
        intro: "",
        image: { filename: null, alt: null },
        benefits: [benefit(1, { text: "" }), benefit(2, { title: "", text: "" }), benefit(3, { title: "" })],
      }),
    );
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "p.eyebrow")).toEqual([]);
    expect((await query(html, "li")).map((li) => li.text)).toEqual(["Voordeel 1", "Uitleg 3."]);
    expect(await query(html, "li p")).toHaveLength(1);
  });

  it("uses h2 for benefits when the block has no title, and renders nothing when empty", async () => {
    const { html } = await renderBlok(block({ title: "" }));
    expect((await query(html, "h2")).map((h) => h.text)).toEqual(["Voordeel 1", "Voordeel 2", "Voordeel 3"]);
    expect(await query(html, "h3")).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBeUndefined();
    expect((await renderBlok({ _uid: "e", component: "FeatureBenefits" })).html).toBe("");
  });
});
