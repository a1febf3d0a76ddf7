import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

describe("CustomerQuote", () => {
  it("renders figure > blockquote with the quote and a figcaption with name, role and company", async () => {
    const { html, logs } = await renderBlok({
      _uid: "q1",
      component: "CustomerQuote",
      quote: "Koraal zei vaker nee dan we gewend waren.\n\nDat was precies wat we nodig hadden.",
      name: "Thijs van Dam",
      role: "Directeur",
      company: "Fietsfabriek Domstad",
      avatar: { filename: "https://a.storyblok.com/f/287341/200x200/abc/thijs.jpg", alt: "Thijs van Dam" },
    });
    expect(logs).toEqual([]);
    expect((await query(html, "figure > blockquote > p")).map((p) => p.text)).toEqual([
      "Koraal zei vaker nee dan we gewend waren.",
      "Dat was precies wat we nodig hadden.",
    ]);
    expect((await one(html, "figure > figcaption")).text).toBe("Thijs van Dam Directeur, Fietsfabriek Domstad");
    const avatar = await one(html, "figcaption img");
    // the asset's own size is the box (CSS draws it at 56 px), the smallest width the service gives
    expect(avatar.attrs).toMatchObject({ alt: "Thijs van Dam", width: "200", height: "200", loading: "lazy" });
    expect(avatar.attrs.src).toBe("https://a.storyblok.com/f/287341/200x200/abc/thijs.jpg/m/160x0/filters:format(webp)");
    expect(await query(html, "h1, h2, h3")).toEqual([]);
  });

  it("works without avatar and with only a company, and renders no empty caption", async () => {
    const company = await renderBlok({
      _uid: "q2",
      component: "CustomerQuote",
      quote: "Top.",
      company: "Tulpbank",
      avatar: { filename: "", alt: "" },
    });
    expect(await query(company.html, "img")).toEqual([]);
    expect(textOf(company.html)).toBe("Top. Tulpbank");
    const bare = await renderBlok({ _uid: "q3", component: "CustomerQuote", quote: "Alleen een citaat." });
    expect(await query(bare.html, "figcaption")).toEqual([]);
    expect(textOf(bare.html)).toBe("Alleen een citaat.");
  });

  it("renders nothing without a quote", async () => {
    const { html, logs } = await renderBlok({ _uid: "q4", component: "CustomerQuote", quote: "  ", name: "Niemand" });
    expect(html).toBe("");
    expect(logs).toEqual([]);
  });
});
