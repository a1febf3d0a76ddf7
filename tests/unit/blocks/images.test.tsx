import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const sb = (name: string, w = 800, h = 600) => ({
  filename: `https://a.storyblok.com/f/287341/${w}x${h}/abc/${name}.png`,
  alt: `Beeld ${name}`,
});

describe("ImageAsset", () => {
  it("renders one content image at the content image sizes, with its caption", async () => {
    const { html, logs } = await renderBlok({ _uid: "ia", component: "ImageAsset", image: sb("schema", 720, 540), caption: "Het schema." });
    expect(logs).toEqual([]);
    const img = await one(html, "figure > img");
    expect(img.attrs).toMatchObject({
      alt: "Beeld schema",
      width: "720",
      height: "540",
      loading: "lazy",
      sizes: "(min-width: 768px) 360px, 180px",
    });
    expect(img.attrs.src).toBe("https://a.storyblok.com/f/287341/720x540/abc/schema.png/m/320x0/filters:format(webp)");
    expect(img.attrs.srcset).toBe(
      ["320", "480", "720"]
        .map((w) => `https://a.storyblok.com/f/287341/720x540/abc/schema.png/m/${w}x0/filters:format(webp) ${w}w`)
        .join(", "),
    );
    expect((await one(html, "figcaption")).text).toBe("Het schema.");
  });

  it("renders nothing without an image, and no caption element without a caption", async () => {
    expect((await renderBlok({ _uid: "ia2", component: "ImageAsset", image: { filename: "", alt: "" }, caption: "Los" })).html).toBe("");
    expect((await renderBlok({ _uid: "ia3", component: "ImageAsset" })).html).toBe("");
    const bare = await renderBlok({ _uid: "ia4", component: "ImageAsset", image: { filename: "/images/x.svg", alt: null } });
    expect(await query(bare.html, "figcaption")).toEqual([]);
    expect((await one(bare.html, "img")).attrs).toMatchObject({ src: "/images/x.svg", alt: "" });
  });
});

describe("ImageGroup", () => {
  it("renders a titled figure with a list of images, three columns for three images", async () => {
    const { html, logs } = await renderBlok({
      _uid: "ig",
      component: "ImageGroup",
      title: "Van kaart tot kliksluiting",
      images: [sb("a"), sb("b"), { filename: "", alt: "" }, sb("c")],
      caption: "Drie schermen.",
    });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("images-ig");
    expect(await one(html, "h2")).toMatchObject({ text: "Van kaart tot kliksluiting", attrs: { id: "images-ig" } });
    expect((await one(html, "figure > ul")).attrs.class).toContain("md:grid-cols-3");
    const imgs = await query(html, "figure > ul > li > img");
    expect(imgs.map((i) => [i.attrs.alt, i.attrs.width, i.attrs.height])).toEqual([
      ["Beeld a", "800", "600"],
      ["Beeld b", "800", "600"],
      ["Beeld c", "800", "600"],
    ]);
    expect(imgs[0]?.attrs.sizes).toBe(
      "(min-width: 1280px) 389px, (min-width: 1024px) 303px, (min-width: 768px) 219px, (min-width: 640px) 282px, 162px",
    );
    expect((await one(html, "figcaption")).text).toBe("Drie schermen.");
  });

  it("keeps two or four images in an even two-column grid; renders nothing without images", async () => {
    const four = await renderBlok({ _uid: "ig4", component: "ImageGroup", images: [sb("a"), sb("b"), sb("c"), sb("d")] });
    expect((await one(four.html, "ul")).attrs.class).not.toContain("md:grid-cols-3");
    expect(await query(four.html, "li")).toHaveLength(4);
    expect(await query(four.html, "h2, figcaption")).toEqual([]);
    expect((await one(four.html, "section")).attrs["aria-labelledby"]).toBeUndefined();
    for (const images of [[], undefined, [{ filename: "", alt: "" }], "x"]) {
      expect((await renderBlok({ _uid: "ig0", component: "ImageGroup", title: "Leeg", images })).html).toBe("");
    }
  });
});

describe("ImageTrio", () => {
  it("shows the first three images: one large (eager is never used) and two beside it", async () => {
    const { html, logs } = await renderBlok({
      _uid: "it",
      component: "ImageTrio",
      images: [sb("groot", 1600, 1200), sb("klein1"), sb("klein2"), sb("vierde")],
      caption: "Drie beelden.",
    });
    expect(logs).toEqual([]);
    const cells = await query(html, "figure > div > div");
    expect(cells).toHaveLength(3);
    expect(cells[0]?.attrs.class).toContain("md:row-span-2");
    const imgs = await query(html, "figure img");
    expect(imgs.map((i) => [i.attrs.alt, i.attrs.loading])).toEqual([
      ["Beeld groot", "lazy"],
      ["Beeld klein1", "lazy"],
      ["Beeld klein2", "lazy"],
    ]);
    expect(imgs[0]?.attrs.sizes).toBe(
      "(min-width: 1280px) 800px, (min-width: 1024px) 624px, (min-width: 768px) 464px, (min-width: 640px) 576px, 335px",
    );
    expect((await one(html, "figcaption")).text).toBe("Drie beelden.");
  });

  it("degrades to one wide image, and renders nothing without images", async () => {
    const single = await renderBlok({ _uid: "it1", component: "ImageTrio", images: [sb("enige")] });
    expect(await query(single.html, "img")).toHaveLength(1);
    expect((await one(single.html, "figure > div > div")).attrs.class).toContain("md:col-span-3");
    expect(await query(single.html, "figcaption")).toEqual([]);
    expect((await renderBlok({ _uid: "it0", component: "ImageTrio", images: [] })).html).toBe("");
  });
});

describe("FullWidthImage", () => {
  it("renders an edge-to-edge figure with full-width srcset sizes and a caption", async () => {
    const { html, logs } = await renderBlok({
      _uid: "fw",
      component: "FullWidthImage",
      image: sb("gracht", 2400, 1000),
      caption: "De Oudegracht.",
    });
    expect(logs).toEqual([]);
    const img = await one(html, "figure > img");
    expect(img.attrs).toMatchObject({ alt: "Beeld gracht", width: "2400", height: "1000", loading: "lazy" });
    expect(img.attrs.class).toContain("w-full");
    expect(img.attrs.sizes).toBe(
      "(min-width: 1536px) 1536px, (min-width: 1280px) 1280px, (min-width: 1024px) 1024px, (min-width: 768px) 768px, (min-width: 640px) 640px, 320px",
    );
    // every width and density at the image service's widths, never above 1920 px
    const widths = (img.attrs.srcset ?? "").split(", ").map((candidate) => Number(candidate.split(" ")[1]?.replace("w", "")));
    expect(widths).toEqual([320, 640, 960, 1280, 1920]);
    expect((await one(html, "figcaption")).text).toBe("De Oudegracht.");
    expect((await one(html, "figure")).attrs.class).not.toContain("site-container");
  });

  it("renders nothing without an image", async () => {
    expect((await renderBlok({ _uid: "fw0", component: "FullWidthImage", caption: "Geen beeld" })).html).toBe("");
    const noCaption = await renderBlok({
      _uid: "fw1",
      component: "FullWidthImage",
      image: { filename: "/images/cases/linde-workshop.svg", alt: "Workshop" },
    });
    expect(textOf(noCaption.html)).toBe("");
    expect(await query(noCaption.html, "figcaption")).toEqual([]);
  });
});
