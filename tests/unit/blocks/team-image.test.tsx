import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const blok = {
  _uid: "ti-1",
  component: "TeamImage",
  image: { filename: "/images/team/team-oudegracht.svg", alt: "Zeven collega's aan de lange tafel" },
  caption: "Elke maandag om 9.30 uur schuift het hele team aan.",
};

describe("TeamImage", () => {
  it("renders a figure with the image and its caption", async () => {
    const { html, logs } = await renderBlok(blok);
    expect(logs).toEqual([]);
    await one(html, "figure");
    expect((await one(html, "img")).attrs).toMatchObject({
      src: "/images/team/team-oudegracht.svg",
      alt: "Zeven collega's aan de lange tafel",
      width: "1200",
      height: "600",
      loading: "lazy",
    });
    expect((await one(html, "figcaption")).text).toBe("Elke maandag om 9.30 uur schuift het hele team aan.");
    expect(textOf(html)).toBe("Elke maandag om 9.30 uur schuift het hele team aan.");
  });

  it("leaves out an empty caption and renders nothing without an image", async () => {
    const { html } = await renderBlok({ ...blok, caption: "" });
    expect(await query(html, "figcaption")).toEqual([]);
    await one(html, "img");
    expect((await renderBlok({ ...blok, image: { filename: "", alt: "" } })).html).toBe("");
    expect((await renderBlok({ _uid: "ti-2", component: "TeamImage" })).html).toBe("");
  });

  it("uses the size of a Storyblok asset and a responsive srcset", async () => {
    const { html } = await renderBlok({ ...blok, image: { filename: "https://a.storyblok.com/f/1/2400x1000/abc/team.jpg", alt: "Team" } });
    const img = await one(html, "img");
    expect(img.attrs).toMatchObject({ width: "2400", height: "1000" });
    expect(img.attrs.srcset).toContain("https://a.storyblok.com/f/1/2400x1000/abc/team.jpg/m/1920x0/filters:format(webp) 1920w");
  });
});
