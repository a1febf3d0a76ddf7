// `npm run preview:link -- /path`: prints a visual-editor preview link (valid for an hour) for a
// page of the locally running site, signed the way Storyblok signs the links its editor opens:
// `_storyblok_tk[token]` = hex SHA-1 of `space_id:preview_token:timestamp`, made by the same code
// the Worker checks links with (src/shared/preview-link.ts).
//
//   npm run preview:link -- /contact                   embedded content (content/space.json)
//   npm run preview:link -- /en/contact                the English page (the story whose English path it is)
//   npm run preview:link -- /contact --base http://127.0.0.1:8790
//   STORYBLOK_PREVIEW_TOKEN=.. STORYBLOK_SPACE_ID=.. npm run preview:link -- /contact --base https://www.koraal.nl
//
// With a real space the story id is asked from the Content Delivery API (STORYBLOK_API_HOST,
// default api.storyblok.com); `--story <id>` skips that.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SpaceSnapshot } from "../../src/server/content/snapshot.ts";
import { fullSlugFromFilePath, storyFilePath } from "../build/build-snapshot.ts";
import type { Story } from "../../src/shared/content.ts";
import { DEFAULT_LANG, splitLangPath } from "../../src/shared/i18n/lang.ts";
import { previewLink } from "../../src/shared/preview-link.ts";
import { storySlugForPath } from "../../src/shared/links/story-path.ts";
import { runningSite } from "../local/running-site.ts";
import { REPO_ROOT } from "../repo-root.ts";

// the tests make links through the script, as a developer does
export { previewLink };

/** `/` is the story `home`, `/cases/acme/` the story `cases/acme`: the page route's rule, after the query and slashes are trimmed. */
export function slugForPath(path: string): string {
  const clean = `/${path.replace(/[?#].*$/, "").replace(/^\/+|\/+$/g, "")}`;
  const slug = storySlugForPath(clean);
  if (slug === null) throw new Error(`no story can live at "${path}": pick a path of the site, e.g. / or /contact`);
  return slug;
}

/** What a preview link into the embedded space needs (not the space itself: src/server's `EmbeddedSpace`). */
export interface EmbeddedPreview {
  spaceId: number;
  token: string;
  /** undefined when content/ has no story at the slug. */
  storyId: number | undefined;
}

/**
 * The embedded space's id, its documented local preview token, and the id of the story at `slug`
 * (`en/services` is the story whose English path is `services`).
 */
export function embeddedPreview(contentDir: string, slug: string): EmbeddedPreview {
  const { space, tokens } = JSON.parse(readFileSync(join(contentDir, "space.json"), "utf8")) as Pick<SpaceSnapshot, "space" | "tokens">;
  const file = storyFile(contentDir, defaultSlug(contentDir, slug));
  const storyId = file ? (JSON.parse(readFileSync(file, "utf8")) as Story).id : undefined;
  return { spaceId: space.id, token: tokens.preview, storyId };
}

/**
 * The story's file, its draft where it has one; undefined when content/ has no story at the slug.
 * A folder's path (`diensten`) is its start page's (`diensten/`).
 */
function storyFile(contentDir: string, slug: string): string | undefined {
  const names = slug.endsWith("/") ? [storyFilePath(slug)] : [storyFilePath(slug), storyFilePath(`${slug}/`)];
  return ["drafts", "stories"].flatMap((dir) => names.map((name) => join(contentDir, dir, name))).find((file) => existsSync(file));
}

/**
 * A story's slug in the default language, which names its file: `en/services` -> `diensten`, by the
 * stories' translated slugs. A Dutch slug under `/en` stays that story, as the page route reads it
 * for the visual editor.
 */
function defaultSlug(contentDir: string, slug: string): string {
  const { lang, path } = splitLangPath(`/${slug}`);
  if (lang === DEFAULT_LANG) return slug;
  const translated = storySlugForPath(path) ?? path;
  const dir = join(contentDir, "stories");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".json"));
  const file = files.find((name) =>
    (JSON.parse(readFileSync(join(dir, name), "utf8")) as Story).translated_slugs?.some(
      (entry) => entry.lang === lang && entry.path.replace(/\/$/, "") === translated,
    ),
  );
  return file ? fullSlugFromFilePath(file) : translated;
}

async function storyIdFromApi({ slug, token, host }: { slug: string; token: string; host: string }): Promise<number> {
  const url = `https://${host}/v2/cdn/stories/${slug.split("/").map(encodeURIComponent).join("/")}?version=draft&token=${encodeURIComponent(token)}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the API answered ${response.status} ${response.statusText} for the story "${slug}"`);
  return ((await response.json()) as { story: Story }).story.id;
}

interface Args {
  path: string;
  base: string | undefined;
  story: string | undefined;
}

function readArgs(argv: string[]): Args {
  const args: Args = { path: "/", base: undefined, story: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--base") args.base = argv[++i];
    else if (arg === "--story") args.story = argv[++i];
    else args.path = arg;
  }
  return args;
}

/** The link for the page `argv` names, for the embedded space or the real one the environment names. */
async function linkFor(argv: string[]): Promise<string> {
  const args = readArgs(argv);
  // the site `npm start` serves now, on whatever port it was started on (tools/local/running-site.ts)
  const base =
    args.base ||
    process.env.PREVIEW_BASE ||
    (process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : runningSite()) ||
    "http://127.0.0.1:8787";
  const slug = slugForPath(args.path);
  const realToken = process.env.STORYBLOK_PREVIEW_TOKEN?.trim();
  let spaceId: string | number;
  let token: string;
  let storyId: string | number | undefined;
  if (realToken) {
    const realSpaceId = process.env.STORYBLOK_SPACE_ID?.trim();
    if (!realSpaceId) throw new Error("set STORYBLOK_SPACE_ID (Settings -> Space in Storyblok) together with STORYBLOK_PREVIEW_TOKEN");
    spaceId = realSpaceId;
    token = realToken;
    storyId = args.story ?? (await storyIdFromApi({ slug, token, host: process.env.STORYBLOK_API_HOST?.trim() || "api.storyblok.com" }));
  } else {
    ({ spaceId, token, storyId } = embeddedPreview(join(REPO_ROOT, "content"), slug));
    storyId = args.story ?? storyId;
    if (storyId === undefined) throw new Error(`no story "${slug}" in content/: pick a path of the site, e.g. / or /contact`);
  }
  return previewLink({ base, path: args.path, spaceId, token, storyId });
}

/** `npm run preview:link -- /path [--base <origin>] [--story <id>]`. */
export async function main(argv: string[]): Promise<number> {
  try {
    console.log(await linkFor(argv));
    return 0;
  } catch (error) {
    console.error(`preview:link: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
