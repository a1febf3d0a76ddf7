import type { Context } from "hono";
import { LOCAL_ASSET_PREFIX } from "../../site/ui/image-url";
import type { AppBindings } from "../request-context";

/**
 * Storyblok's image service for the embedded space, offline: `/_storyblok/f/{space}/{w}x{h}/{hash}/{name}.{ext}`
 * is the asset as uploaded, and `.../m/{transformation}` a variant of it, in Storyblok's syntax:
 * `[fit-in/][{w}x{h}/][smart/][filters:format(webp|avif|jpeg|png):quality(0-100):focal(…):fill(…)]`.
 * The build prebuilt the files the site asks for (scripts/asset-images.ts) into the static assets
 * under `/_img/{space}/{w}x{h}/{hash}/{name}.{ext}/{variant}`; a transformation that is well formed
 * but was not prebuilt is a 404 that says so, a malformed one a 400. Nothing is transformed here.
 * Mounted only on the embedded space (./index.ts): with STORYBLOK_TOKEN the stories name
 * a.storyblok.com, and a path under `/_storyblok/` is answered as any unknown path is.
 */

export const IMMUTABLE = "public, max-age=31536000, immutable";
const MAX_DIMENSION = 10_000;
const ASSET_PATH = new RegExp(
  `^${LOCAL_ASSET_PREFIX}/f/(\\d{1,10}/\\d{1,5}x\\d{1,5}/[0-9a-f]{6,40}/[\\w.-]{1,200}\\.(jpe?g|png|webp|gif|avif|svg))(?:/m(/.*)?)?$`,
  "i",
);
const FORMATS = new Set(["webp", "avif", "jpeg", "png"]);
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
};

export interface Transformation {
  fitIn: boolean;
  width: number;
  height: number;
  smart: boolean;
  filters: Map<string, string>;
}

export type ImageRequest =
  | { ok: true; asset: string; file: string; contentType: string }
  | { ok: false; status: 400 | 404; message: string };

/** Parses `/m/...` (without the `/m`): Storyblok's order, each part at most once. */
export function parseTransformation(ops: string): Transformation | string {
  const parts = ops.split("/").filter((part) => part !== "");
  const result: Transformation = { fitIn: false, width: 0, height: 0, smart: false, filters: new Map() };
  let stage = 0; // 0 fit-in, 1 size, 2 smart, 3 filters, 4 done
  for (const part of parts) {
    const size = /^(\d{1,5})x(\d{1,5})$/.exec(part);
    if (part === "fit-in" && stage === 0) [result.fitIn, stage] = [true, 1];
    else if (size && stage <= 1) {
      [result.width, result.height, stage] = [Number(size[1]), Number(size[2]), 2];
      if (result.width > MAX_DIMENSION || result.height > MAX_DIMENSION) return `size above ${MAX_DIMENSION} px: ${part}`;
    } else if (part === "smart" && stage <= 2) stage = 3;
    else if (part.startsWith("filters:") && stage <= 3) {
      const problem = parseFilters(part.slice("filters:".length), result.filters);
      if (problem) return problem;
      stage = 4;
    } else return `unknown or misplaced transformation part: ${part}`;
    if (part === "smart") result.smart = true;
  }
  return result;
}

function parseFilters(text: string, into: Map<string, string>): string | null {
  const filter = /^(\w+)\(([^()]*)\)(?::|$)/;
  for (let rest = text; rest !== ""; ) {
    const match = filter.exec(rest);
    if (!match) return `malformed filters: ${text}`;
    const [whole, name = "", arg = ""] = match;
    const problem = checkFilter(name, arg);
    if (problem) return problem;
    if (into.has(name)) return `filter given twice: ${name}`;
    into.set(name, arg);
    rest = rest.slice(whole.length);
  }
  return into.size === 0 ? "empty filters" : null;
}

function checkFilter(name: string, arg: string): string | null {
  switch (name) {
    case "format":
      return FORMATS.has(arg) ? null : `unsupported format: ${arg} (webp, avif, jpeg or png)`;
    case "quality":
      return /^\d{1,3}$/.test(arg) && Number(arg) <= 100 ? null : `quality must be 0-100: ${arg}`;
    case "focal":
      return /^\d{1,5}x\d{1,5}:\d{1,5}x\d{1,5}$/.test(arg) ? null : `focal must be {x1}x{y1}:{x2}x{y2}: ${arg}`;
    case "fill":
      return /^(transparent|[0-9a-f]{6})$/i.test(arg) ? null : `fill must be a hex colour or transparent: ${arg}`;
    default:
      return `unsupported filter: ${name}`;
  }
}

/** The prebuilt file a transformation is kept as: `640x0.webp`, `fit-in-300x200-q80.png`, ... */
export function variantFile(t: Transformation, sourceExt: string): string {
  const filters = [...t.filters].filter(([name]) => name !== "format").map(([name, arg]) => `-${name}-${arg.replace(/:/g, "_")}`);
  const format = t.filters.get("format") ?? (sourceExt === "jpg" ? "jpeg" : sourceExt);
  return `${t.fitIn ? "fit-in-" : ""}${t.width}x${t.height}${t.smart ? "-smart" : ""}${filters.join("")}.${format}`;
}

/** What a path under `/_storyblok/` asks for. Pure. */
export function imageRequest(path: string): ImageRequest {
  const match = ASSET_PATH.exec(path);
  if (!match) return { ok: false, status: 404, message: "Not Found: not an asset of this space" };
  const [, asset = "", ext = "", ops] = match;
  const sourceExt = ext.toLowerCase();
  const contentType = CONTENT_TYPES[sourceExt] ?? "application/octet-stream";
  const original = { ok: true as const, asset, file: `original.${sourceExt === "svg" ? "svg" : "jpg"}`, contentType };
  if (ops === undefined || ops === "/") return original;
  const parsed = parseTransformation(ops);
  if (typeof parsed === "string") return { ok: false, status: 400, message: `Bad Request: ${parsed}` };
  if (sourceExt === "svg") return original; // the image service hands SVGs out as they are
  const file = variantFile(parsed, sourceExt);
  return { ok: true, asset, file, contentType: CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? contentType };
}

/** Where the image service answers. */
export const IMAGE_SERVICE_PATH = `${LOCAL_ASSET_PREFIX}/*`;

/** An asset of the embedded space, or one of its prebuilt variants, from the static assets. */
export async function serveImage(c: Context<AppBindings>): Promise<Response> {
  const url = c.get("url");
  const request = imageRequest(decodeURIComponent(url.pathname));
  const noStore = { "Cache-Control": "no-store" };
  if (!request.ok) return c.text(request.message, request.status, noStore);
  const stored = await c.env.ASSETS.fetch(new URL(`/_img/${request.asset}/${request.file}`, url.origin));
  if (stored.status !== 200 || !stored.body) {
    await stored.body?.cancel();
    return c.text(`Not Found: this variant of the asset is not prebuilt (${request.file})`, 404, noStore);
  }
  const headers: Record<string, string> = { "Content-Type": request.contentType, "Cache-Control": IMMUTABLE };
  const length = stored.headers.get("content-length");
  if (length) headers["Content-Length"] = length;
  if (request.contentType === "image/svg+xml") headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'";
  return c.body(stored.body, 200, headers);
}
