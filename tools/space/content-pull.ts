/**
 * Snapshots a real Storyblok space into `content/` (the embedded content source).
 *
 *   STORYBLOK_TOKEN=... [STORYBLOK_PREVIEW_TOKEN=...] npm run content:pull
 *
 * STORYBLOK_TOKEN          public (or preview) token: published stories, datasources
 * STORYBLOK_PREVIEW_TOKEN  optional: drafts that differ from the published version
 * STORYBLOK_API_HOST       optional: api-us.storyblok.com, or a full origin such as http://127.0.0.1:8787
 * STORYBLOK_CONTENT_DIR    optional: where to write (default: content/)
 *
 * Nothing is written unless every request succeeded. The real tokens are never written: the
 * local tokens of an existing content/space.json are kept (or local stand-ins are used).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { SpaceSnapshot } from "../../src/server/content/snapshot.ts";
import type { DatasourceEntry, Story } from "../../src/shared/content.ts";
import { schema as contentModel } from "../../content-model/index.ts";
import { ContentValidationError, assembleSnapshot, storyFilePath } from "../build/build-snapshot.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { apiBase, type Sleep, spaceReader, storiesInEveryLanguage } from "./space-reader.ts";

const ENTRIES_PER_PAGE = 1000;
export const LOCAL_TOKENS: SpaceSnapshot["tokens"] = { public: "local-public-token", preview: "local-preview-token" };

/** A space as pulled: what content/ will hold, the tokens aside. */
export interface PulledSpace {
  space: SpaceSnapshot["space"];
  stories: Story[];
  drafts: Story[];
  datasources: SpaceSnapshot["datasources"];
}

/** Draft answers carry Visual Editor markers the published content never has. */
export function stripEditable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripEditable) as T;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "_editable")
      .map(([key, child]) => [key, stripEditable(child)]),
  ) as T;
}

/** Drafts worth keeping: never published, or different from the published version. */
export function draftsToKeep(published: Story[], drafts: Story[]): Story[] {
  const byUuid = new Map(published.map((story) => [story.uuid, JSON.stringify(story)]));
  return drafts.map(stripEditable).filter((draft) => byUuid.get(draft.uuid) !== JSON.stringify(draft));
}

export interface PullOptions {
  token: string;
  previewToken?: string | undefined;
  host?: string | undefined;
  fetch?: typeof fetch;
  sleep?: Sleep;
  now?: () => number;
}

/** The API's answers, as far as a pull reads them (a space may leave out language_codes, an entry its dimension_value). */
type ApiSpace = Omit<SpaceSnapshot["space"], "language_codes"> & { language_codes?: string[] };
type ApiDatasource = { id: number; name: string; slug: string };
type ApiDatasourceEntry = Omit<DatasourceEntry, "dimension_value"> & { dimension_value?: string | null };

const I18N = "__i18n__";
type Fields = Record<string, unknown>;
const isBlok = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as Fields).component === "string";
const isBlokList = (value: unknown): value is Fields[] => Array.isArray(value) && value.length > 0 && value.every(isBlok);

/**
 * Puts a story's field-level translation back the way Storyblok stores it: the CDN answers
 * `language=<lang>` with translated values in place (untranslated fields repeat the default value),
 * so every field whose value differs becomes a `<field>__i18n__<lang>` sibling right after the
 * field. Blocks fields are not translatable: nested bloks are folded field by field. A translation
 * that equals the default value cannot be told apart from none and is not kept (it renders the same).
 */
export function foldTranslation<T>(content: T, translated: unknown, lang: string): T {
  if (!isBlok(content) || !isBlok(translated)) return content;
  const folded: Fields = {};
  for (const [field, value] of Object.entries(content)) {
    const other = translated[field];
    if (isBlok(value)) folded[field] = foldTranslation(value, other, lang);
    else if (isBlokList(value)) {
      const others = Array.isArray(other) ? (other as Fields[]) : undefined;
      folded[field] = value.map((blok, i) => foldTranslation(blok, others?.find((o) => o?._uid === blok._uid) ?? others?.[i], lang));
    } else folded[field] = value;
    if (field === "_uid" || field === "component" || field.includes(I18N) || isBlok(value) || isBlokList(value)) continue;
    if (other !== undefined && JSON.stringify(other) !== JSON.stringify(value)) folded[`${field}${I18N}${lang}`] = other;
  }
  for (const [field, other] of Object.entries(translated)) {
    if (!(field in content) && other !== undefined) folded[`${field}${I18N}${lang}`] = other;
  }
  return folded as T;
}

/** Folds the stories of each language (by uuid) into the default-language stories. */
export function foldTranslations(stories: Story[], byLanguage: Array<[lang: string, stories: Story[]]>): Story[] {
  return stories.map((story) => {
    let content = story.content;
    for (const [lang, translated] of byLanguage) {
      const match = translated.find((candidate) => candidate.uuid === story.uuid);
      if (match) content = foldTranslation(content, match.content, lang);
    }
    return { ...story, content };
  });
}

/** Reads a whole space through the Content Delivery API (space-reader.ts), every language folded into its stories. */
export async function pullSpace({ token, previewToken, host, fetch = globalThis.fetch, sleep, now }: PullOptions): Promise<PulledSpace> {
  const reader = spaceReader({ base: apiBase(host), fetch, sleep, now });
  const { body: me } = await reader.get<{ space: ApiSpace }>("cdn/spaces/me", { token });
  const space = me.space;
  const cv = space.version;
  const languages = space.language_codes ?? [];
  // The CDN never shows `__i18n__` fields: each language is read on its own and folded back in.
  const inEveryLanguage = async (t: string, version: "published" | "draft") => {
    const { stories, byLanguage } = await storiesInEveryLanguage(reader, { token: t, version, cv }, languages);
    return foldTranslations(
      stories.map(stripEditable),
      byLanguage.map(([lang, translated]): [string, Story[]] => [lang, translated.map(stripEditable)]),
    );
  };
  const stories = await inEveryLanguage(token, "published");
  const drafts = previewToken ? draftsToKeep(stories, await inEveryLanguage(previewToken, "draft")) : [];
  const sources = await reader.all<ApiDatasource>("cdn/datasources", { token, cv }, "datasources", ENTRIES_PER_PAGE);
  const datasources: SpaceSnapshot["datasources"] = [];
  for (const source of sources) {
    const entries = await reader.all<ApiDatasourceEntry>(
      "cdn/datasource_entries",
      { token, cv, datasource: source.slug },
      "datasource_entries",
      ENTRIES_PER_PAGE,
    );
    datasources.push({
      id: source.id,
      name: source.name,
      slug: source.slug,
      entries: entries.map(({ id, name, value, dimension_value }) => ({ id, name, value, dimension_value: dimension_value ?? null })),
    });
  }
  const { id, name, domain, version, language_codes } = space;
  return { space: { id, name, domain, version, language_codes: language_codes ?? [] }, stories, drafts, datasources };
}

/** The files of content/ for a pulled space: path (relative to content/) -> JSON value. */
export function contentFiles(pulled: PulledSpace, tokens = LOCAL_TOKENS): Map<string, unknown> {
  const files = new Map<string, unknown>();
  files.set("space.json", { space: pulled.space, tokens });
  for (const story of pulled.stories) files.set(`stories/${storyFilePath(story.full_slug)}`, story);
  for (const story of pulled.drafts) files.set(`drafts/${storyFilePath(story.full_slug)}`, story);
  for (const source of pulled.datasources) files.set(`datasources/${source.slug}.json`, source);
  return files;
}

/** The problems build-snapshot would report for these files, content model included (empty when they build). */
export function validationProblems(files: Map<string, unknown>): string[] {
  const pick = (prefix: string) =>
    [...files].filter(([path]) => path.startsWith(prefix)).map(([path, data]) => ({ file: `content/${path}`, data }));
  try {
    assembleSnapshot(
      {
        space: { file: "content/space.json", data: files.get("space.json") },
        stories: pick("stories/"),
        drafts: pick("drafts/"),
        datasources: pick("datasources/"),
      },
      contentModel,
    );
    return [];
  } catch (error) {
    return error instanceof ContentValidationError ? error.problems : [String(error)];
  }
}

/** Replaces stories/, drafts/ and datasources/ so stories deleted in Storyblok disappear here too. */
export function writeContentDir(dir: string, files: Map<string, unknown>): void {
  for (const sub of ["stories", "drafts", "datasources"]) rmSync(join(dir, sub), { recursive: true, force: true });
  for (const [path, data] of files) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  }
}

function localTokens(dir: string): SpaceSnapshot["tokens"] {
  try {
    const { tokens } = JSON.parse(readFileSync(join(dir, "space.json"), "utf8")) as { tokens?: Partial<SpaceSnapshot["tokens"]> };
    if (tokens?.public && tokens?.preview) return { public: tokens.public, preview: tokens.preview };
  } catch {
    // No usable space.json yet: use the stand-ins.
  }
  return LOCAL_TOKENS;
}

/** `npm run content:pull`. */
export async function main(): Promise<number> {
  const token = process.env.STORYBLOK_TOKEN?.trim();
  if (!token) {
    console.error(
      "content:pull: set STORYBLOK_TOKEN (and STORYBLOK_PREVIEW_TOKEN for drafts) to the access token of the Storyblok space to snapshot into content/.",
    );
    return 1;
  }
  const dir = resolve(process.env.STORYBLOK_CONTENT_DIR || join(REPO_ROOT, "content"));
  try {
    const pulled = await pullSpace({
      token,
      previewToken: process.env.STORYBLOK_PREVIEW_TOKEN?.trim() || undefined,
      host: process.env.STORYBLOK_API_HOST?.trim() || undefined,
    });
    const files = contentFiles(pulled, existsSync(dir) ? localTokens(dir) : LOCAL_TOKENS);
    writeContentDir(dir, files);
    console.log(
      `content:pull: wrote ${dir} (stories: ${pulled.stories.length}, drafts: ${pulled.drafts.length}, datasources: ${pulled.datasources.length}, cv: ${pulled.space.version})`,
    );
    const problems = validationProblems(files);
    if (problems.length) {
      console.error(
        `content:pull: the pulled content will not build until these are fixed in Storyblok or content/:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    console.error(`content:pull: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
