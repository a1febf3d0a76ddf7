import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { Image } from "../../src/site/ui/image";
import {
  BREAKPOINTS,
  CONTENT_IMAGE_SIZES,
  DENSITIES,
  IMAGE_WIDTHS,
  LOCAL_ASSET_PREFIX,
  assetDimensions,
  fullWidthSizes,
  imageSources,
  imageUrl,
  isResizableAsset,
  isStoryblokAsset,
  shareImage,
  snapWidth,
  variantWidths,
} from "../../src/site/ui/image-url";
import { renderNode } from "../helpers/render";

const ASSET = "https://a.storyblok.com/f/287341/1600x1000/3f2a9c1b7e/kantoor-oudegracht.jpg";
const m = (w: number) => `${ASSET}/m/${w}x0/filters:format(webp)`;

describe("Storyblok image URLs", () => {
  it("knows the spec's breakpoints, densities and content image sizes", () => {
    expect(BREAKPOINTS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 });
    expect(DENSITIES).toEqual([1, 2]);
    expect(CONTENT_IMAGE_SIZES).toEqual({ xs: 180, md: 360 });
  });

  it("recognises Storyblok assets (any region) and reads their size from the path", () => {
    expect(isStoryblokAsset(ASSET)).toBe(true);
    expect(isStoryblokAsset("https://a-us.storyblok.com/f/1/10x20/x/y.png")).toBe(true);
    expect(isStoryblokAsset("/images/logo.svg")).toBe(false);
    expect(isStoryblokAsset("https://example.com/f/1/10x20/x/y.png")).toBe(false);
    expect(assetDimensions(ASSET)).toEqual({ width: 1600, height: 1000 });
    expect(assetDimensions("/images/logo.svg")).toBeNull();
  });

  it("resizes through the image service, webp by default, replacing an earlier transformation", () => {
    expect(imageUrl(ASSET, 640)).toBe(m(640));
    expect(imageUrl(ASSET, 640, "avif")).toBe(`${ASSET}/m/640x0/filters:format(avif)`);
    expect(imageUrl(m(320), 640)).toBe(m(640));
    expect(imageUrl(ASSET, 359.6)).toBe(m(360));
  });

  it("builds content-image sources: 180 px on phones, 360 px from md, at 1x and 2x, at the service's widths", () => {
    expect(imageSources(ASSET, CONTENT_IMAGE_SIZES)).toEqual({
      src: m(320),
      srcSet: `${m(320)} 320w, ${m(480)} 480w, ${m(960)} 960w`,
      sizes: "(min-width: 768px) 360px, 180px",
    });
  });

  it("asks for the next of a few widths, never wider than the original or 1920 px", () => {
    expect(IMAGE_WIDTHS).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    expect([1, 160, 161, 700, 1920, 3072].map((w) => snapWidth(w, 2400))).toEqual([160, 160, 320, 960, 1920, 1920]);
    expect([1000, 1300].map((w) => snapWidth(w, 1200))).toEqual([1200, 1200]);
    expect(variantWidths(2400)).toEqual([160, 320, 480, 640, 960, 1280, 1920]);
    expect(variantWidths(1200)).toEqual([160, 320, 480, 640, 960, 1200]);
    expect(variantWidths(640)).toEqual([160, 320, 480, 640]);
  });

  it("resizes raster assets only: an SVG asset is served as it is, with its size", () => {
    const svg = "https://a.storyblok.com/f/287341/132x32/08de40b4d6/logo.svg";
    expect(isResizableAsset(ASSET)).toBe(true);
    expect(isResizableAsset(svg)).toBe(false);
    expect(imageSources(svg, CONTENT_IMAGE_SIZES)).toEqual({ src: svg, srcSet: undefined, sizes: undefined });
    expect(assetDimensions(svg)).toEqual({ width: 132, height: 32 });
  });

  it("knows the embedded space's assets on the site's own origin", () => {
    const local = `${LOCAL_ASSET_PREFIX}/f/287341/1600x1000/3f2a9c1b7e/kantoor-oudegracht.jpg`;
    expect(local).toBe("/_storyblok/f/287341/1600x1000/3f2a9c1b7e/kantoor-oudegracht.jpg");
    expect(assetDimensions(local)).toEqual({ width: 1600, height: 1000 });
    expect(imageUrl(local, 640)).toBe(`${local}/m/640x0/filters:format(webp)`);
    expect(isStoryblokAsset("/elsewhere/f/287341/1600x1000/3f2a9c1b7e/k.jpg")).toBe(false);
  });

  it("never asks for more pixels than the original has", () => {
    const sources = imageSources(ASSET, fullWidthSizes());
    expect(sources.srcSet).toBe([320, 640, 960, 1280, 1600].map((w) => `${m(w)} ${w}w`).join(", "));
    expect(sources.sizes).toBe(
      "(min-width: 1536px) 1536px, (min-width: 1280px) 1280px, (min-width: 1024px) 1024px, (min-width: 768px) 768px, (min-width: 640px) 640px, 320px",
    );
  });

  it("passes local assets through unchanged", () => {
    expect(imageSources("/images/cases/linde-hero.svg", CONTENT_IMAGE_SIZES)).toEqual({
      src: "/images/cases/linde-hero.svg",
      srcSet: undefined,
      sizes: undefined,
    });
    expect(imageUrl("/images/logo.svg", 320)).toBe("/images/logo.svg");
  });
});

describe("<Image>", () => {
  it("renders a lazy content image with srcset, sizes and its intrinsic size", async () => {
    const { html } = await renderNode(createElement(Image, { src: ASSET, alt: "Ons kantoor", sizes: CONTENT_IMAGE_SIZES }));
    expect(html).toBe(
      `<img src="${m(320)}" srcSet="${m(320)} 320w, ${m(480)} 480w, ${m(960)} 960w" sizes="(min-width: 768px) 360px, 180px" alt="Ons kantoor" width="1600" height="1000" loading="lazy" decoding="async"/>`,
    );
  });

  it("loads a hero eagerly with high priority", async () => {
    const { html } = await renderNode(createElement(Image, { src: ASSET, alt: "", sizes: { xs: 320 }, priority: true }));
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('alt=""');
  });

  it("renders nothing without a source", async () => {
    const { html } = await renderNode(createElement(Image, { src: null, alt: "x", sizes: CONTENT_IMAGE_SIZES }));
    expect(html).toBe("");
  });
});

describe("shareImage", () => {
  const banner = "/images/og-banner.png";
  it("crops and converts a CMS photo to a 1200x630 JPEG; a CMS SVG falls back to the banner", () => {
    expect(shareImage("https://a.storyblok.com/f/1/2400x1600/abc/team.jpg", banner)).toEqual({
      src: "https://a.storyblok.com/f/1/2400x1600/abc/team.jpg/m/1200x630/filters:format(jpeg)",
      sized: true,
    });
    expect(shareImage("https://a.storyblok.com/f/1/2400x1600/abc/team.svg", banner)).toEqual({ src: banner, sized: true });
  });
  it("falls back to the raster banner for an SVG of our own or no image", () => {
    expect(shareImage("/images/sectors/mobiliteit.svg", banner)).toEqual({ src: banner, sized: true });
    expect(shareImage(undefined, banner)).toEqual({ src: banner, sized: true });
  });
  it("keeps a raster file of our own, without claiming its size", () => {
    expect(shareImage("/images/team/office.jpg", banner)).toEqual({ src: "/images/team/office.jpg", sized: false });
  });
});
