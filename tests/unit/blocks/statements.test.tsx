import { describe, expect, it } from "vitest";
import { splitAccent } from "../../../src/site/blocks/slogan";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

describe("TextBanner", () => {
  it("renders a coral band with eyebrow, the statement and a link", async () => {
    const { html, logs } = await renderBlok({
      _uid: "tb",
      component: "TextBanner",
      eyebrow: "Sinds 2014",
      text: "Meer dan zestig apps gelanceerd.",
      link: { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "over-ons" },
      linkText: "Leer ons kennen",
    });
    expect(logs).toEqual([]);
    expect((await query(html, "p")).map((p) => p.text)).toEqual(["Sinds 2014", "Meer dan zestig apps gelanceerd."]);
    expect(await one(html, "a")).toMatchObject({ text: "Leer ons kennen →", attrs: { href: "/over-ons" } });
    expect((await query(html, "div"))[0]?.attrs.class).toContain("bg-koraal-400");
    expect((await one(html, "svg")).attrs["aria-hidden"]).toBe("true");
    expect(await query(html, "h1, h2")).toEqual([]);
  });

  it("shows no link without text or target and nothing without a statement", async () => {
    const { html } = await renderBlok({ _uid: "tb", component: "TextBanner", text: "Alleen tekst.", linkText: "Lees meer" });
    expect(await query(html, "a")).toEqual([]);
    expect(textOf(html)).toBe("Alleen tekst.");
    expect((await renderBlok({ _uid: "tb", component: "TextBanner", eyebrow: "Eyebrow", text: "  " })).html).toBe("");
  });
});

describe("Slogan", () => {
  it("splits the text around the first accent match, any case", () => {
    expect(splitAccent("Software die mensen graag gebruiken.", "graag")).toEqual(["Software die mensen ", "graag", " gebruiken."]);
    expect(splitAccent("Apps die mensen Elke Dag openen.", "elke dag")).toEqual(["Apps die mensen ", "Elke Dag", " openen."]);
    expect(splitAccent("Geen accent.", "")).toBeNull();
    expect(splitAccent("Geen accent.", "ontbreekt")).toBeNull();
  });

  it("renders the slogan with its accent word in coral and a decorative stroke", async () => {
    const { html, logs } = await renderBlok({
      _uid: "sl",
      component: "Slogan",
      eyebrow: "Waar we voor staan",
      text: "Software die mensen graag gebruiken.",
      accent: "graag",
    });
    expect(logs).toEqual([]);
    expect(await one(html, "p.eyebrow")).toMatchObject({ text: "Waar we voor staan" });
    expect(await one(html, "em")).toMatchObject({ text: "graag" });
    expect((await one(html, "em")).attrs.class).toContain("text-koraal-600");
    expect((await one(html, "em svg")).attrs["aria-hidden"]).toBe("true");
    expect(textOf(html)).toBe("Waar we voor staan Software die mensen graag gebruiken.");
    expect(await query(html, "h1, h2, h3")).toEqual([]);
  });

  it("renders plain text when the accent is missing, and nothing without text", async () => {
    const { html } = await renderBlok({ _uid: "sl", component: "Slogan", text: "Gewoon een zin.", accent: "ontbreekt" });
    expect(await query(html, "em")).toEqual([]);
    expect(await query(html, "p")).toHaveLength(1);
    expect(textOf(html)).toBe("Gewoon een zin.");
    expect((await renderBlok({ _uid: "sl", component: "Slogan", eyebrow: "x" })).html).toBe("");
  });
});

describe("Asterisk", () => {
  it("is hidden from assistive technology when it has no label", async () => {
    const { html, logs } = await renderBlok({ _uid: "as", component: "Asterisk" });
    expect(logs).toEqual([]);
    const outer = (await query(html, "div"))[0];
    expect(outer?.attrs["aria-hidden"]).toBe("true");
    expect(textOf(html)).toBe("");
    expect(await query(html, "svg rect")).toHaveLength(3);
  });

  it("reads out only its label; the ornament stays decoration", async () => {
    const { html } = await renderBlok({ _uid: "as", component: "Asterisk", label: "Van idee tot store" });
    expect((await query(html, "div"))[0]?.attrs["aria-hidden"]).toBeUndefined();
    expect(await one(html, "p")).toMatchObject({ text: "Van idee tot store" });
    expect((await one(html, "svg")).attrs).toMatchObject({ "aria-hidden": "true", focusable: "false" });
    expect((await query(html, "span")).every((s) => s.attrs["aria-hidden"] === "true")).toBe(true);
  });
});
