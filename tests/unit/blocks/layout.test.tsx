import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const text = (n: number) => ({ _uid: `t-${n}`, component: "Text", text: `Tekst ${n}.` });

describe("Row", () => {
  it("renders its nested blocks as grid columns, side by side from md", async () => {
    const { html, logs } = await renderBlok({ _uid: "row", component: "Row", columns: [text(1), text(2)] });
    expect(logs).toEqual([]);
    const grid = (await query(html, "div.grid"))[0];
    expect(grid?.attrs.class).toContain("md:grid-cols-2");
    expect(grid?.attrs.class).toContain("items-start");
    // nested blocks bring their own container: no second gutter inside a column
    expect(grid?.attrs.class).toContain("[&_.site-container]:px-0");
    expect((await query(html, "div.grid > div")).map((c) => c.text)).toEqual(["Tekst 1.", "Tekst 2."]);
  });

  it("uses literal grid classes for three and four columns, centres on request", async () => {
    const three = await renderBlok({ _uid: "row", component: "Row", verticalAlign: "center", columns: [text(1), text(2), text(3)] });
    expect((await query(three.html, "div.grid"))[0]?.attrs.class).toContain("md:grid-cols-2 lg:grid-cols-3 items-center");
    const four = await renderBlok({ _uid: "row", component: "Row", columns: [text(1), text(2), text(3), text(4)] });
    expect((await query(four.html, "div.grid"))[0]?.attrs.class).toContain("lg:grid-cols-4");
    const one_ = await renderBlok({ _uid: "row", component: "Row", columns: [text(1)] });
    expect((await query(one_.html, "div.grid"))[0]?.attrs.class).not.toContain("grid-cols");
  });

  it("renders nothing without columns and logs an unknown column block", async () => {
    expect((await renderBlok({ _uid: "row", component: "Row" })).html).toBe("");
    const { html, logs } = await renderBlok({ _uid: "row", component: "Row", columns: [text(1), { _uid: "u", component: "Onbekend" }] });
    expect(textOf(html)).toBe("Tekst 1.");
    expect(logs.map((l) => [l.event, l.component])).toEqual([["block.missing", "Onbekend"]]);
  });
});

describe("SbBackground", () => {
  it("paints a palette colour behind its nested blocks and makes their own bands transparent", async () => {
    const { html, logs } = await renderBlok({ _uid: "bg", component: "SbBackground", background: "koraal", blocks: [text(1), text(2)] });
    expect(logs).toEqual([]);
    const wrapper = (await query(html, "div"))[0];
    expect(wrapper?.attrs["data-background"]).toBe("koraal");
    expect(wrapper?.attrs.class).toContain("bg-koraal-100");
    expect(wrapper?.attrs.class).toContain("[&>*]:!bg-transparent");
    expect(textOf(html)).toBe("Tekst 1. Tekst 2.");
  });

  it("switches accents to their light versions on ink", async () => {
    const { html } = await renderBlok({ _uid: "bg", component: "SbBackground", background: "ink", blocks: [text(1)] });
    const classes = (await query(html, "div"))[0]?.attrs.class ?? "";
    expect(classes).toContain("bg-ink");
    expect(classes).toContain("text-white");
    expect(classes).toContain("[&_.eyebrow]:!text-koraal-300");
    expect(classes).toContain("[&_.btn-primary]:!bg-koraal-400");
  });

  it("falls back to sand for an empty or unknown colour and renders nothing without blocks", async () => {
    for (const background of [undefined, "", "paars", "constructor"]) {
      const { html } = await renderBlok({ _uid: "bg", component: "SbBackground", background, blocks: [text(1)] });
      expect((await query(html, "div"))[0]?.attrs["data-background"]).toBe("sand");
    }
    for (const background of ["white", "sand"]) {
      const { html } = await renderBlok({ _uid: "bg", component: "SbBackground", background, blocks: [text(1)] });
      expect((await query(html, "div"))[0]?.attrs.class).toContain(`bg-${background}`);
    }
    expect((await renderBlok({ _uid: "bg", component: "SbBackground", background: "ink", blocks: [] })).html).toBe("");
  });
});

describe("SbGradient", () => {
  it("renders nested blocks on the coral gradient, darkening coral accents", async () => {
    const { html, logs } = await renderBlok({ _uid: "gr", component: "SbGradient", blocks: [text(1)] });
    expect(logs).toEqual([]);
    const classes = (await query(html, "div"))[0]?.attrs.class ?? "";
    expect(classes).toContain("bg-gradient-to-br from-koraal-100 via-koraal-200 to-koraal-300");
    expect(classes).toContain("[&_.eyebrow]:!text-koraal-900");
    expect(textOf(html)).toBe("Tekst 1.");
    expect((await renderBlok({ _uid: "gr", component: "SbGradient" })).html).toBe("");
  });
});

describe("BlocksWithBackgroundImage", () => {
  const block = (fields: Record<string, unknown> = {}) => ({
    _uid: "bi",
    component: "BlocksWithBackgroundImage",
    image: { filename: "/images/services/background-pattern.svg", alt: "Abstracte achtergrond" },
    blocks: [{ _uid: "sl", component: "Slogan", text: "Apps die mensen elke dag openen.", accent: "elke dag" }, text(1)],
    ...fields,
  });

  it("puts nested blocks over the image with a dark overlay and light text", async () => {
    const { html, logs } = await renderBlok(block());
    expect(logs).toEqual([]);
    expect((await one(html, "img")).attrs).toMatchObject({
      src: "/images/services/background-pattern.svg",
      alt: "Abstracte achtergrond",
      width: "1600",
      height: "900",
      loading: "lazy",
    });
    expect((await one(html, "img")).attrs.class).toContain("object-cover");
    const overlay = await one(html, "div[aria-hidden]");
    expect(overlay.attrs.class).toContain("bg-ink/80");
    expect((await query(html, "div"))[0]?.attrs["data-overlay"]).toBe("dark");
    expect(html).toContain("[&amp;_.text-ink-soft]:!text-white/85");
    expect(textOf(html)).toBe("Apps die mensen elke dag openen. Tekst 1.");
  });

  it("offers a light overlay, works without an image and renders nothing without blocks", async () => {
    const light = await renderBlok(block({ overlay: "light", image: { filename: "", alt: "" } }));
    expect(await query(light.html, "img")).toEqual([]);
    expect((await one(light.html, "div[aria-hidden]")).attrs.class).toContain("bg-white/85");
    expect((await query(light.html, "div"))[0]?.attrs["data-overlay"]).toBe("light");
    expect(light.html).not.toContain("!text-white/85");
    expect((await renderBlok(block({ blocks: [] }))).html).toBe("");
  });
});
