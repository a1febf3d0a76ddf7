import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const storyLink = (slug: string) => ({ id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: slug });
const cta = (fields: Record<string, unknown> = {}) => ({
  _uid: "cta",
  component: "Cta",
  eyebrow: "Klaar voor de volgende stap?",
  title: "Zullen we samen iets moois bouwen?",
  text: "Vertel ons over je idee.",
  link: storyLink("contact"),
  linkText: "Plan een kennismaking",
  secondaryLink: { id: "", url: "mailto:hallo@koraal.nl", linktype: "url", fieldtype: "multilink", cached_url: "mailto:hallo@koraal.nl" },
  secondaryLinkText: "hallo@koraal.nl",
  ...fields,
});

describe("Cta", () => {
  it("renders a labelled section with eyebrow, h2, text and two buttons", async () => {
    const { html, logs } = await renderBlok(cta());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("cta-cta");
    expect(await one(html, "h2")).toMatchObject({ text: "Zullen we samen iets moois bouwen?", attrs: { id: "cta-cta" } });
    expect(textOf(html)).toBe(
      "Klaar voor de volgende stap? Zullen we samen iets moois bouwen? Vertel ons over je idee. Plan een kennismaking → hallo@koraal.nl",
    );
    expect((await query(html, "a")).map((a) => [a.attrs.href, a.attrs.target ?? ""])).toEqual([
      ["/contact", ""],
      ["mailto:hallo@koraal.nl", ""],
    ]);
    expect((await query(html, "svg")).every((s) => s.attrs["aria-hidden"] === "true")).toBe(true);
  });

  it("leaves out buttons without text or target, and renders nothing without title and text", async () => {
    const { html } = await renderBlok(
      cta({ eyebrow: "", linkText: "", secondaryLink: { url: "", linktype: "url", fieldtype: "multilink" } }),
    );
    expect(await query(html, "a")).toEqual([]);
    expect(textOf(html)).toBe("Zullen we samen iets moois bouwen? Vertel ons over je idee.");
    const textOnly = await renderBlok(cta({ title: "" }));
    expect(await query(textOnly.html, "h2")).toEqual([]);
    expect((await one(textOnly.html, "section")).attrs["aria-labelledby"]).toBeUndefined();
    expect((await renderBlok(cta({ title: "", text: "" }))).html).toBe("");
  });
});
