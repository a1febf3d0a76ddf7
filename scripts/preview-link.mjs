#!/usr/bin/env node
// `npm run preview:link -- /path`: prints a visual-editor preview link (valid for an hour) for a
// page of the locally running site, signed the way Storyblok signs the links its editor opens:
// `_storyblok_tk[token]` = hex SHA-1 of `space_id:preview_token:timestamp`.
//
//   npm run preview:link -- /contact                   embedded content (content/space.json)
//   npm run preview:link -- /contact --base http://127.0.0.1:8790
//   STORYBLOK_PREVIEW_TOKEN=.. STORYBLOK_SPACE_ID=.. npm run preview:link -- /contact --base https://www.koraal.nl
//
// With a real space the story id is asked from the Content Delivery API (STORYBLOK_API_HOST,
// default api.storyblok.com); `--story <id>` skips that.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The token of a preview link: hex SHA-1 of `space_id:preview_token:timestamp`. */
export function previewToken(spaceId, token, timestamp) {
  return createHash("sha1").update(`${spaceId}:${token}:${timestamp}`).digest("hex");
}

/** `/` is the story `home`, `/cases/acme` the story `cases/acme` (as the page route maps them). */
export function slugForPath(path) {
  const clean = path.replace(/[?#].*$/, "").replace(/\/+$/, "");
  return clean === "" ? "home" : clean.replace(/^\/+/, "");
}

/** A preview link for `path` on `base`, made at `now` (ms). */
export function previewLink({ base, path, spaceId, token, storyId, now = Date.now() }) {
  const timestamp = Math.floor(now / 1000);
  const url = new URL(path.startsWith("/") ? path : `/${path}`, base);
  url.searchParams.set("_storyblok", String(storyId));
  url.searchParams.set("_storyblok_tk[space_id]", String(spaceId));
  url.searchParams.set("_storyblok_tk[timestamp]", String(timestamp));
  url.searchParams.set("_storyblok_tk[token]", previewToken(spaceId, token, timestamp));
  return url.href;
}

/** The embedded space: its id, its documented local preview token, and the id of the story at `slug`. */
export function embeddedSpace(contentDir, slug) {
  const { space, tokens } = JSON.parse(readFileSync(join(contentDir, "space.json"), "utf8"));
  let storyId;
  for (const dir of ["drafts", "stories"]) {
    const file = join(contentDir, dir, `${slug}.json`);
    if (existsSync(file)) {
      storyId = JSON.parse(readFileSync(file, "utf8")).id;
      break;
    }
  }
  return { spaceId: space.id, token: tokens.preview, storyId };
}

async function storyIdFromApi({ slug, token, host }) {
  const url = `https://${host}/v2/cdn/stories/${slug.split("/").map(encodeURIComponent).join("/")}?version=draft&token=${encodeURIComponent(token)}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the API answered ${response.status} ${response.statusText} for the story "${slug}"`);
  return (await response.json()).story.id;
}

function readArgs(argv) {
  const args = { path: "/", base: undefined, story: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--base") args.base = argv[++i];
    else if (argv[i] === "--story") args.story = argv[++i];
    else args.path = argv[i];
  }
  return args;
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const base = args.base || process.env.PREVIEW_BASE || `http://127.0.0.1:${process.env.PORT || 8787}`;
  const slug = slugForPath(args.path);
  const realToken = process.env.STORYBLOK_PREVIEW_TOKEN?.trim();
  let spaceId, token, storyId;
  if (realToken) {
    spaceId = process.env.STORYBLOK_SPACE_ID?.trim();
    if (!spaceId) throw new Error("set STORYBLOK_SPACE_ID (Settings -> Space in Storyblok) together with STORYBLOK_PREVIEW_TOKEN");
    token = realToken;
    storyId = args.story ?? (await storyIdFromApi({ slug, token, host: process.env.STORYBLOK_API_HOST?.trim() || "api.storyblok.com" }));
  } else {
    ({ spaceId, token, storyId } = embeddedSpace(join(REPO_ROOT, "content"), slug));
    storyId = args.story ?? storyId;
    if (storyId === undefined) throw new Error(`no story "${slug}" in content/: pick a path of the site, e.g. / or /contact`);
  }
  console.log(previewLink({ base, path: args.path, spaceId, token, storyId }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await main();
  } catch (error) {
    console.error(`preview:link: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
