import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { imageRequest, parseTransformation } from "../../src/server/demo/image-service";
import { readImageHeader } from "../helpers/image-header";

const BASE = "http://www.koraal.test";
const get = (path: string, init?: RequestInit) => exports.default.fetch(new Request(BASE + path, init));

/** The embedded space's asset URLs, as the snapshot names them (the build made their files). */
const assets = [...new Set(JSON.stringify(snapshot.stories).match(/\/_storyblok\/f\/[^"]+?\.(?:jpg|svg)/g) ?? [])];
const photo = assets.find((url) => url.endsWith("/hero-app.jpg")) ?? "";
const logo = assets.find((url) => url.endsWith("/logo.svg")) ?? "";

async function image(path: string) {
  const res = await get(path);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes: bytes.length, header: readImageHeader(bytes) };
}

describe("the embedded space's image service", () => {
  it("names every image of the snapshot by the site's own origin", () => {
    expect(assets.length).toBe(78);
    expect(JSON.stringify(snapshot.stories)).not.toContain("a.storyblok.com");
    expect(photo).toMatch(/^\/_storyblok\/f\/287341\/2400x1800\/[0-9a-f]{10}\/hero-app\.jpg$/);
  });

  it("serves the original as uploaded: a JPEG of the size its URL names, cached for a year", async () => {
    const { res, header, bytes } = await image(photo);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(header).toEqual({ format: "jpeg", width: 2400, height: 1800 });
    expect(bytes).toBeGreaterThan(150_000);
  });

  it.each([160, 320, 480, 640, 960, 1280, 1920])("serves the %i px WebP the site asks for", async (width) => {
    const { res, header } = await image(`${photo}/m/${width}x0/filters:format(webp)`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(header).toEqual({ format: "webp", width, height: Math.round((width * 1800) / 2400) });
  });

  it("serves the 1200x630 sharing JPEG, cropped", async () => {
    const { res, header } = await image(`${photo}/m/1200x630/filters:format(jpeg)`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(header).toEqual({ format: "jpeg", width: 1200, height: 630 });
  });

  it("the SVG files themselves (/_img/, served by the platform from public/_headers) carry the image route's CSP", async () => {
    const routed = await get(logo);
    const file = /^\/_storyblok\/f\/(.+)$/.exec(logo)![1]!;
    const stored = await env.ASSETS.fetch(new Request(`${BASE}/_img/${file}/original.svg`));
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/svg+xml");
    expect(stored.headers.get("content-security-policy")).toBe(routed.headers.get("content-security-policy"));
    await Promise.all([routed.body?.cancel(), stored.body?.cancel()]);
  });

  it("serves an SVG asset as it is, also through /m/, under a CSP that runs nothing", async () => {
    for (const path of [logo, `${logo}/m/`, `${logo}/m/100x0/filters:format(webp)`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect((await res.text()).startsWith("<svg")).toBe(true);
    }
  });

  it("answers a well-formed transformation it has not prebuilt with a 404 that says so", async () => {
    for (const ops of [
      "700x0/filters:format(webp)",
      "640x0/filters:format(avif)",
      "640x0/filters:format(webp):quality(50)",
      "fit-in/640x640",
    ]) {
      const res = await get(`${photo}/m/${ops}`);
      expect(res.status, ops).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.text()).toMatch(/^Not Found: this variant of the asset is not prebuilt \(/);
    }
  });

  it.each([
    ["640x0/filters:format(gif)", "unsupported format: gif (webp, avif, jpeg or png)"],
    ["640x0/filters:blur(3)", "unsupported filter: blur"],
    ["640x0/filters:quality(101)", "quality must be 0-100: 101"],
    ["640x0/filters:format(webp", "malformed filters: format(webp"],
    ["smart/640x0", "unknown or misplaced transformation part: 640x0"],
    ["99999x0", "size above 10000 px: 99999x0"],
    ["640x0/filters:format(webp)/more", "unknown or misplaced transformation part: more"],
  ])("refuses a malformed transformation (%s) with a 400 naming the problem", async (ops, message) => {
    const res = await get(`${photo}/m/${ops}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(`Bad Request: ${message}`);
  });

  it("answers an asset the space does not have with a 404, never the pages' error screen", async () => {
    const wrongHash = photo.replace(/\/[0-9a-f]{10}\//, "/0000000000/");
    for (const path of [wrongHash, photo.replace("2400x1800", "2400x1801"), "/_storyblok/f/287341/", "/_storyblok/whatever"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toBe("text/plain; charset=UTF-8");
    }
  });

  it("answers HEAD with the headers alone", async () => {
    const res = await get(`${photo}/m/640x0/filters:format(webp)`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(await res.text()).toBe("");
  });
});

describe("Storyblok's transformation syntax", () => {
  it("reads fit-in, size, smart and filters in Storyblok's order", () => {
    const t = parseTransformation("/fit-in/300x200/smart/filters:format(png):quality(80):focal(10x20:30x40):fill(transparent)");
    expect(t).toEqual({
      fitIn: true,
      width: 300,
      height: 200,
      smart: true,
      filters: new Map([
        ["format", "png"],
        ["quality", "80"],
        ["focal", "10x20:30x40"],
        ["fill", "transparent"],
      ]),
    });
    expect(parseTransformation("/640x0/filters:format(webp):format(avif)")).toBe("filter given twice: format");
  });

  it("names the prebuilt file a request is kept as", () => {
    const asset = "/_storyblok/f/1/2400x1800/abcdef0123/a.jpg";
    expect(imageRequest(asset)).toEqual({
      ok: true,
      asset: "1/2400x1800/abcdef0123/a.jpg",
      file: "original.jpg",
      contentType: "image/jpeg",
    });
    expect(imageRequest(`${asset}/m/640x0/filters:format(webp)`)).toMatchObject({
      ok: true,
      file: "640x0.webp",
      contentType: "image/webp",
    });
    expect(imageRequest(`${asset}/m/640x0`)).toMatchObject({ ok: true, file: "640x0.jpeg", contentType: "image/jpeg" });
    expect(imageRequest(`${asset}/m/fit-in/300x200/smart/filters:quality(80):format(png)`)).toMatchObject({
      file: "fit-in-300x200-smart-quality-80.png",
      contentType: "image/png",
    });
  });
});

describe("the page's largest image", () => {
  it("is preloaded from the head by its srcset at high priority, on a first view and from the memo alike", async () => {
    for (const round of ["cold", "warm"]) {
      const html = await (await get("/diensten/app-ontwikkeling")).text();
      const [head = "", body = ""] = html.split("</head>");
      const tag = /<link rel="preload"[^>]* imageSrcSet="[^"]*"[^>]*\/>/.exec(head)?.[0] ?? "";
      const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
      expect(attribute("as"), round).toBe("image");
      expect(attribute("fetchPriority"), round).toBe("high");
      expect(attribute("imageSrcSet")?.split(", ")[0], round).toBe(`${photo}/m/320x0/filters:format(webp) 320w`);
      expect(attribute("imageSrcSet"), round).toContain(`${photo}/m/1280x0/filters:format(webp) 1280w`);
      expect(attribute("imageSizes"), round).toBe(
        "(min-width: 1280px) 560px, (min-width: 1024px) 480px, (min-width: 768px) 384px, (min-width: 640px) 640px, 320px",
      );
      expect(body, round).not.toContain('<link rel="preload"');
      expect(body, round).toMatch(
        /<img src="[^"]+hero-app\.jpg\/m\/320x0\/filters:format\(webp\)" srcSet="[^"]+" sizes="[^"]+" alt="[^"]*" width="2400" height="1800" loading="eager" decoding="sync" fetchPriority="high"/,
      );
    }
  });
});
