import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

describe("PageTitle", () => {
  it("renders the page's one h1 with eyebrow and intro", async () => {
    const { html, logs } = await renderBlok({
      _uid: "pt",
      component: "PageTitle",
      eyebrow: "Cases",
      title: "Werk waar we trots op zijn",
      intro: "Dit is wat we bouwden.",
    });
    expect(logs).toEqual([]);
    expect(await one(html, "header h1")).toMatchObject({ text: "Werk waar we trots op zijn", attrs: { id: "title-pt" } });
    expect((await query(html, "header p")).map((p) => p.text)).toEqual(["Cases", "Dit is wat we bouwden."]);
    expect((await one(html, "svg")).attrs["aria-hidden"]).toBe("true");
  });

  it("renders no empty h1 and nothing at all when every field is empty", async () => {
    const noTitle = await renderBlok({ _uid: "pt2", component: "PageTitle", intro: "Alleen een intro." });
    expect(await query(noTitle.html, "h1")).toEqual([]);
    expect(textOf(noTitle.html)).toBe("Alleen een intro.");
    expect((await renderBlok({ _uid: "pt3", component: "PageTitle", title: "", eyebrow: "" })).html).toBe("");
  });
});

describe("Spacer", () => {
  it("is hidden from assistive technology and sized small, medium or large", async () => {
    const sizes: Record<string, string> = { small: "h-6 md:h-8", medium: "h-12 md:h-16", large: "h-20 md:h-32" };
    for (const [size, classes] of Object.entries(sizes)) {
      const { html, logs } = await renderBlok({ _uid: "sp", component: "Spacer", size });
      expect(logs).toEqual([]);
      const div = await one(html, "div");
      expect(div.attrs["aria-hidden"]).toBe("true");
      expect(div.attrs["data-size"]).toBe(size);
      expect(div.attrs.class).toContain(classes);
      expect(textOf(html)).toBe("");
    }
  });

  it("falls back to medium for an empty or unknown size", async () => {
    for (const size of [undefined, "", "enorm", "constructor"]) {
      expect((await one((await renderBlok({ _uid: "sp", component: "Spacer", size })).html, "div")).attrs["data-size"]).toBe("medium");
    }
  });
});

describe("MultiParagraphsContent", () => {
  const blok = {
    _uid: "mp",
    component: "MultiParagraphsContent",
    eyebrow: "Aanpak",
    title: "Zo pakten we het aan",
    intro: "Vijf maanden, één team.",
    paragraphs: [
      {
        _uid: "p1",
        component: "titled-paragraph",
        title: "Meelopen op de afdeling",
        text: "Drie nachtdiensten mee.\n\nDaar zagen we het probleem.",
      },
      { _uid: "p2", component: "titled-paragraph", title: "Ruilen in drie tikken", text: "Kies een dienst." },
      { _uid: "p3", component: "titled-paragraph", title: "", text: "" },
    ],
  };

  it("renders an h2 and an h3 per titled paragraph, splitting text on blank lines", async () => {
    const { html, logs } = await renderBlok(blok);
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("paragraphs-mp");
    expect(await one(html, "h2")).toMatchObject({ text: "Zo pakten we het aan", attrs: { id: "paragraphs-mp" } });
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Meelopen op de afdeling", "Ruilen in drie tikken"]);
    expect((await one(html, "section > div > div.grid")).attrs.class).toContain("md:grid-cols-2");
    expect((await query(html, "section > div > div.grid > div > p")).map((p) => p.text)).toEqual([
      "Drie nachtdiensten mee.",
      "Daar zagen we het probleem.",
      "Kies een dienst.",
    ]);
    expect(textOf(html)).toBe(
      "Aanpak Zo pakten we het aan Vijf maanden, één team. Meelopen op de afdeling Drie nachtdiensten mee. Daar zagen we het probleem. Ruilen in drie tikken Kies een dienst.",
    );
    expect((await one(html, "section")).attrs.class).toContain("bg-white");
    const sand = await renderBlok({ ...blok, background: "sand" });
    expect((await one(sand.html, "section")).attrs.class).toContain("bg-sand");
  });

  it("uses h2 for the paragraphs when the block has no title, and renders nothing when empty", async () => {
    const untitled = await renderBlok({ ...blok, title: "", eyebrow: "", intro: "" });
    expect(await query(untitled.html, "h3")).toEqual([]);
    expect((await query(untitled.html, "h2")).map((h) => h.text)).toEqual(["Meelopen op de afdeling", "Ruilen in drie tikken"]);
    expect((await one(untitled.html, "section")).attrs["aria-labelledby"]).toBeUndefined();
    expect((await renderBlok({ _uid: "mp0", component: "MultiParagraphsContent", paragraphs: [] })).html).toBe("");
    expect((await renderBlok({ _uid: "mp1", component: "MultiParagraphsContent", paragraphs: "tekst" })).html).toBe("");
  });
});
