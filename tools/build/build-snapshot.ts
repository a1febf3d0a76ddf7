#!/usr/bin/env node
import { createHash } from "node:crypto";
/**
 * Builds the embedded Storyblok space from `content/` into `.generated/snapshot.js` (+ .d.ts),
 * which the Worker bundles and serves through the CDN emulator (src/server/demo/emulator/).
 *
 *   node tools/build/build-snapshot.ts [--content <dir>] [--out <dir>]
 *
 * content/space.json                 { "space": {...}, "tokens": { "public", "preview" } }
 * content/stories/<full_slug>.json   one published story per file (folders mirror full_slug)
 * content/drafts/<full_slug>.json    draft versions that differ from the published one
 * content/datasources/<slug>.json    { "id", "name", "slug", "entries": [...] }
 *
 * A folder start page (full_slug "blog/") lives in `blog/_startpage.json`.
 * The content is validated on the way; every problem is reported with the file it is in. The
 * build also checks every story's content against the content model (content-model/, see
 * content-check.ts) and names the story, the path in its content and the field.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { SpaceSnapshot } from "../../src/server/content/snapshot.ts";
import { describeClash, slugClashes } from "../../src/server/demo/emulator/slugs.ts";
import type { DatasourceEntry, Story } from "../../src/shared/content.ts";
import { schema as contentModel } from "../../content-model/index.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { contentProblems, describeProblem } from "./content-check.ts";
import { assetCatalog, localiseAssetUrls } from "./asset-catalog.ts";

export const STARTPAGE_FILE = "_startpage";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ContentValidationError extends Error {
  override name = "ContentValidationError";
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid content (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.problems = problems;
  }
}

// ---------------------------------------------------------------------------------------------
// Paths

/** Where a story with this full_slug is stored, relative to stories/ or drafts/. */
export function storyFilePath(fullSlug: string): string {
  return fullSlug.endsWith("/") ? `${fullSlug}${STARTPAGE_FILE}.json` : `${fullSlug}.json`;
}

/** The full_slug a story file must carry, from its path relative to stories/ or drafts/. */
export function fullSlugFromFilePath(relativePath: string): string {
  const slug = relativePath
    .split(sep)
    .join("/")
    .replace(/\.json$/, "");
  if (slug === STARTPAGE_FILE) return "/";
  return slug.endsWith(`/${STARTPAGE_FILE}`) ? slug.slice(0, -STARTPAGE_FILE.length) : slug;
}

// ---------------------------------------------------------------------------------------------
// Reading files (the only part that touches the file system)

export interface ContentFile {
  /** Path shown in messages, e.g. content/stories/home.json. */
  file: string;
  data?: unknown;
  error?: string;
}

export interface ContentFiles {
  space?: ContentFile;
  stories: ContentFile[];
  drafts: ContentFile[];
  datasources: ContentFile[];
  problems?: string[];
}

/** Files named relative to `contentDir`'s parent, e.g. content/stories/home.json. */
export function readContentDir(contentDir: string): ContentFiles {
  const base = dirname(resolve(contentDir));
  const name = (file: string) => relative(base, file).split(sep).join("/");
  const problems: string[] = [];
  const read = (file: string): ContentFile => {
    try {
      return { file: name(file), data: JSON.parse(readFileSync(file, "utf8")) };
    } catch (error) {
      const { message } = error as Error;
      return { file: name(file), error: error instanceof SyntaxError ? `is not valid JSON (${message})` : `cannot be read (${message})` };
    }
  };
  const readTree = (sub: string, required: boolean): ContentFile[] => {
    const dir = join(contentDir, sub);
    if (!existsSync(dir)) {
      if (required) problems.push(`${name(dir)}/ is missing`);
      return [];
    }
    return listFiles(dir).flatMap((file) => {
      if (file.endsWith(".json")) return [read(file)];
      problems.push(`${name(file)}: only .json files belong in ${sub}/`);
      return [];
    });
  };
  const spaceFile = join(contentDir, "space.json");
  return {
    space: existsSync(spaceFile) ? read(spaceFile) : undefined,
    stories: readTree("stories", true),
    drafts: readTree("drafts", false),
    datasources: readTree("datasources", false),
    problems,
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}

// ---------------------------------------------------------------------------------------------
// Assembling and validating (pure)

/** Reports a problem with a file. */
type Report = (file: string, message: string) => void;
type JsonObject = Record<string, unknown>;

/**
 * A story file whose fields have the shapes of a CDN story (checkStory). parent_id is never null
 * in content/: 0 stands for the root.
 */
interface StoryFile {
  file: string;
  data: Story & { parent_id: number };
}

/** A content model stories are checked against: the site's (content-model/) or a test's. */
export type ContentModel = Parameters<typeof contentProblems>[1];

/**
 * Turns the content files into a `SpaceSnapshot`, or throws a ContentValidationError listing
 * every problem found, each naming its file. With a `model`, every story's content (published and
 * drafts, every language) must also fit it.
 */
export function assembleSnapshot(files: ContentFiles, model?: ContentModel): SpaceSnapshot {
  const { snapshot, problems } = assembleChecked(files, model);
  if (problems.length || !snapshot) throw new ContentValidationError(problems);
  return snapshot;
}

/**
 * The snapshot of what is usable in `files` and every problem found on the way (the build refuses
 * content with any: `assembleSnapshot`; content health reports them beside the rules' findings). No
 * snapshot without a usable space.json.
 */
export function assembleChecked(files: ContentFiles, model?: ContentModel): { snapshot?: SpaceSnapshot; problems: string[] } {
  const problems = [...(files.problems ?? [])];
  const report: Report = (file, message) => problems.push(`${file}: ${message}`);
  const usable = (entry: ContentFile) => {
    if (entry.error) report(entry.file, entry.error);
    return !entry.error;
  };

  const space = files.space && usable(files.space) ? checkSpace(files.space, report) : undefined;
  if (!files.space) problems.push("content/space.json is missing");

  const published = files.stories.filter(usable).filter((entry) => checkStory(entry, "stories", report));
  const drafts = files.drafts.filter(usable).filter((entry) => checkStory(entry, "drafts", report));
  checkUnique(published, report);
  checkDrafts(published, drafts, report);
  const everyStory = [...published, ...drafts.filter((d) => !published.some((p) => p.data.uuid === d.data.uuid))];
  checkFolders(everyStory, report);
  checkSlugsPerFolder(everyStory, report);
  // Published content may only point at published stories; drafts may also point at drafts.
  checkReferences(published, new Set(published.map((entry) => entry.data.uuid)), "is not a published story", report);
  checkReferences(drafts, new Set([...published, ...drafts].map((entry) => entry.data.uuid)), "does not exist", report);
  const datasources = checkDatasources(files.datasources.filter(usable), report);
  if (model && space) checkAgainstModel([...published, ...drafts], model, space.space.language_codes, report);

  if (!space) return { problems };
  const bySlug = (a: Story, b: Story) => (a.full_slug < b.full_slug ? -1 : a.full_slug > b.full_slug ? 1 : 0);
  const snapshot = {
    space: space.space,
    tokens: space.tokens,
    stories: published.map((entry) => entry.data).sort(bySlug),
    drafts: drafts.map((entry) => entry.data).sort(bySlug),
    datasources: datasources.sort((a, b) => (a.slug < b.slug ? -1 : 1)),
  };
  return { snapshot, problems };
}

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === "string";
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const isDate = (value: unknown): value is string =>
  isString(value) && !Number.isNaN(Date.parse(value)) && /T.*(Z|[+-]\d\d:?\d\d)$/.test(value);
const isNullableDate = (value: unknown): value is string | null => value === null || isDate(value);

type CheckedSpace = Pick<SpaceSnapshot, "space" | "tokens">;

function checkSpace({ file, data }: ContentFile, report: Report): CheckedSpace | undefined {
  const problems: string[] = [];
  const space = isObject(data) ? data.space : undefined;
  const tokens = isObject(data) ? data.tokens : undefined;
  if (!isObject(space)) problems.push(`"space" must be an object`);
  else {
    if (!isInt(space.id)) problems.push("space.id must be an integer");
    if (!isString(space.name)) problems.push("space.name must be a string");
    if (!isString(space.domain)) problems.push("space.domain must be a string");
    if (!isInt(space.version)) problems.push("space.version (the cache version, a Unix timestamp) must be an integer");
    if (!Array.isArray(space.language_codes) || !space.language_codes.every(isString))
      problems.push("space.language_codes must be an array of strings");
  }
  if (!isObject(tokens) || !isString(tokens.public) || !tokens.public || !isString(tokens.preview) || !tokens.preview) {
    problems.push(`"tokens" must hold non-empty "public" and "preview" strings`);
  } else if (tokens.public === tokens.preview) problems.push("tokens.public and tokens.preview must differ");
  for (const problem of problems) report(file, problem);
  if (problems.length) return undefined;
  // both checked field by field above
  const { id, name, domain, version, language_codes } = space as SpaceSnapshot["space"];
  const checkedTokens = tokens as SpaceSnapshot["tokens"];
  return { space: { id, name, domain, version, language_codes }, tokens: { public: checkedTokens.public, preview: checkedTokens.preview } };
}

/** A field's check, and what the message says the field must be. */
type FieldCheck = [valid: (value: unknown) => boolean, expected: string];

/** Fields of a CDN story object and how each must look (Storyblok's OpenAPI story schema). */
const STORY_FIELDS: Record<keyof Story, FieldCheck> = {
  id: [(v) => isInt(v) && v > 0, "a positive integer"],
  uuid: [(v) => isString(v) && UUID.test(v), "a uuid"],
  name: [isString, "a string"],
  slug: [isString, "a string"],
  full_slug: [isString, "a string"],
  content: [isObject, "an object"],
  created_at: [isDate, "an ISO date-time"],
  updated_at: [isDate, "an ISO date-time"],
  published_at: [isNullableDate, "an ISO date-time or null"],
  first_published_at: [isNullableDate, "an ISO date-time or null"],
  sort_by_date: [(v) => v === null || (isString(v) && /^\d{4}-\d{2}-\d{2}$/.test(v)), "a yyyy-mm-dd date or null"],
  position: [isInt, "an integer"],
  tag_list: [(v) => Array.isArray(v) && v.every(isString), "an array of strings"],
  is_startpage: [(v) => typeof v === "boolean", "a boolean"],
  parent_id: [(v) => isInt(v) && v >= 0, "an integer (0 at the root)"],
  group_id: [(v) => isString(v) && UUID.test(v), "a uuid"],
  lang: [isString, "a string"],
  path: [isNullableString, "a string or null"],
  meta_data: [(v) => v === null || isObject(v), "an object or null"],
  alternates: [Array.isArray, "an array"],
  default_full_slug: [isNullableString, "a string or null"],
  translated_slugs: [(v) => v === null || Array.isArray(v), "an array or null"],
  release_id: [(v) => v === null || isInt(v), "an integer or null"],
};

/** Reports every field of STORY_FIELDS that is missing or malformed; true when none is. */
function hasStoryFields(file: string, data: JsonObject, report: Report): data is JsonObject & StoryFile["data"] {
  let ok = true;
  for (const [field, [valid, expected]] of Object.entries(STORY_FIELDS)) {
    if (!(field in data)) {
      report(file, `story field "${field}" is missing`);
      ok = false;
    } else if (!valid(data[field])) {
      report(file, `story field "${field}" must be ${expected}`);
      ok = false;
    }
  }
  return ok;
}

/** Whether the story's fields have usable shapes; other problems are reported too. */
function checkStory(entry: ContentFile, folder: string, report: Report): entry is StoryFile {
  const { file, data } = entry;
  if (!isObject(data)) {
    report(file, "must hold a story object");
    return false;
  }
  // Only a story whose fields are usable takes part in the checks across stories.
  if (!hasStoryFields(file, data, report)) return false;
  const expectedSlug = fullSlugFromFilePath(file.slice(file.indexOf(`/${folder}/`) + folder.length + 2));
  if (data.full_slug !== expectedSlug) {
    report(file, `full_slug "${data.full_slug}" does not match the file path (expected "${expectedSlug}"; see storyFilePath)`);
  }
  if (!data.full_slug.endsWith("/") && data.slug !== data.full_slug.split("/").pop()) {
    report(file, `slug "${data.slug}" must be the last segment of full_slug "${data.full_slug}"`);
  }
  if (data.full_slug.endsWith("/") !== data.is_startpage) {
    report(file, `is_startpage must be ${data.full_slug.endsWith("/")} for full_slug "${data.full_slug}"`);
  }
  for (const problem of bloksProblems(data.content)) report(file, problem);
  return true;
}

/** Every blok needs a component name and a _uid that is unique within the story. */
function bloksProblems(content: JsonObject): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  if (!isString(content.component) || !isString(content._uid)) problems.push("content must have a string component and _uid");
  walk(content, (node, path) => {
    if (!("component" in node)) return;
    if (!isString(node.component) || !node.component) problems.push(`blok at ${path} has no component name`);
    if (!isString(node._uid) || !node._uid) problems.push(`blok ${node.component} at ${path} has no _uid`);
    else if (seen.has(node._uid)) problems.push(`_uid ${node._uid} (at ${path}) is used twice`);
    else seen.add(node._uid);
  });
  return problems;
}

function checkUnique(entries: StoryFile[], report: Report): void {
  for (const field of ["id", "uuid", "full_slug"] as const) {
    const first = new Map<string | number, string>();
    for (const { file, data } of entries) {
      const other = first.get(data[field]);
      if (other) report(file, `${field} ${JSON.stringify(data[field])} is also used by ${other}`);
      else first.set(data[field], file);
    }
  }
}

/** A draft either belongs to a published story (same uuid and id) or is a never-published story. */
function checkDrafts(published: StoryFile[], drafts: StoryFile[], report: Report): void {
  const byUuid = new Map(published.map((entry) => [entry.data.uuid, entry]));
  for (const draft of drafts) {
    const original = byUuid.get(draft.data.uuid);
    if (original && original.data.id !== draft.data.id) {
      report(draft.file, `id ${draft.data.id} differs from ${original.file} (id ${original.data.id}) although the uuid is the same`);
    }
    if (!original) {
      const clash = published.find((entry) => entry.data.id === draft.data.id || entry.data.full_slug === draft.data.full_slug);
      if (clash) report(draft.file, `is a new story (uuid not published) but its id or full_slug is used by ${clash.file}`);
    }
  }
  checkUnique(drafts, report);
}

/** Stories in one folder point at that folder with the same parent_id; root stories use 0. */
function checkFolders(entries: StoryFile[], report: Report): void {
  const folderIds = new Map<string, { id: number; file: string }>();
  const storyIds = new Set(entries.map((entry) => entry.data.id));
  for (const { file, data } of entries) {
    const slug = data.full_slug.replace(/\/$/, "");
    const folder = data.full_slug.endsWith("/") ? slug : slug.includes("/") ? slug.slice(0, slug.lastIndexOf("/")) : "";
    if (!folder) {
      if (data.parent_id !== 0) report(file, `parent_id must be 0 for a story at the root (is ${data.parent_id})`);
      continue;
    }
    if (data.parent_id === 0) {
      report(file, `parent_id must be the id of folder "${folder}", not 0`);
      continue;
    }
    if (storyIds.has(data.parent_id)) report(file, `parent_id ${data.parent_id} is the id of a story, not of folder "${folder}"`);
    const known = folderIds.get(folder);
    if (known && known.id !== data.parent_id)
      report(file, `parent_id ${data.parent_id} differs from ${known.file} (${known.id}) in the same folder "${folder}"`);
    else folderIds.set(folder, { id: data.parent_id, file });
  }
  const byId = new Map<number, string>();
  for (const [folder, { id, file }] of folderIds) {
    const other = byId.get(id);
    if (other && other !== folder) report(file, `parent_id ${id} is used for both folder "${other}" and folder "${folder}"`);
    else byId.set(id, folder);
  }
}

/** Storyblok refuses a second entry (folder or story) with one slug in one folder, and so does the emulator. */
function checkSlugsPerFolder(entries: StoryFile[], report: Report): void {
  const fileOf = new Map(entries.map(({ file, data }) => [data.full_slug, file]));
  for (const clash of slugClashes(entries.map(({ data }) => data))) {
    const [first, second] = clash.entries;
    report(fileOf.get(second.fullSlug) ?? fileOf.get(first.fullSlug) ?? "content/stories", describeClash(clash));
  }
}

/** Story links (multilink, rich text) and relations (uuid fields of bloks) must point at stories. */
function checkReferences(entries: StoryFile[], knownUuids: Set<string>, what: string, report: Report): void {
  for (const { file, data } of entries) {
    for (const { uuid, path } of storyReferences(data.content)) {
      if (!knownUuids.has(uuid)) report(file, `${path} points at story ${uuid}, which ${what}`);
    }
  }
}

/** Story uuids the content points at, each with where (e.g. content.body[0].link). */
export function storyReferences(content: unknown): Array<{ uuid: string; path: string }> {
  const found: Array<{ uuid: string; path: string }> = [];
  walk(content, (node, path) => {
    if (node.fieldtype === "multilink") {
      if (node.linktype === "story" && isString(node.id) && node.id) found.push({ uuid: node.id, path });
      return;
    }
    if (node.type === "link" && isObject(node.attrs)) {
      if (node.attrs.linktype === "story" && isString(node.attrs.uuid) && node.attrs.uuid) found.push({ uuid: node.attrs.uuid, path });
      return;
    }
    if (!isString(node.component)) return;
    for (const [field, value] of Object.entries(node)) {
      if (field === "_uid" || field === "_editable") continue;
      const values: string[] = isString(value) ? [value] : Array.isArray(value) && value.length && value.every(isString) ? value : [];
      for (const item of values) if (UUID.test(item)) found.push({ uuid: item, path: `${path}.${field}` });
    }
  });
  return found;
}

/** Each story's content against the content model; a problem names story, path and field. */
function checkAgainstModel(entries: StoryFile[], model: ContentModel, languages: readonly string[], report: Report): void {
  for (const { file, data } of entries) {
    for (const problem of contentProblems(data, model, languages)) report(file, describeProblem(problem));
  }
}

function checkDatasources(entries: ContentFile[], report: Report): SpaceSnapshot["datasources"] {
  const datasources: SpaceSnapshot["datasources"] = [];
  const ids = new Map<number, string>();
  const entryIds = new Map<number, string>();
  for (const { file, data } of entries) {
    const expectedSlug = (file.split("/").pop() ?? "").replace(/\.json$/, "");
    if (!isObject(data) || !isInt(data.id) || !isString(data.name) || !isString(data.slug) || !Array.isArray(data.entries)) {
      report(file, `must be { "id": integer, "name": string, "slug": string, "entries": [...] }`);
      continue;
    }
    if (data.slug !== expectedSlug) report(file, `slug "${data.slug}" must match the file name ("${expectedSlug}")`);
    if (ids.has(data.id)) report(file, `id ${data.id} is also used by ${ids.get(data.id)}`);
    ids.set(data.id, file);
    const normalized: DatasourceEntry[] = [];
    data.entries.forEach((entry: unknown, index) => {
      if (
        !isObject(entry) ||
        !isInt(entry.id) ||
        !isString(entry.name) ||
        !isString(entry.value) ||
        !(entry.dimension_value === undefined || isNullableString(entry.dimension_value))
      ) {
        report(file, `entries[${index}] must be { "id": integer, "name": string, "value": string, "dimension_value"?: string | null }`);
        return;
      }
      if (entryIds.has(entry.id)) report(file, `entries[${index}].id ${entry.id} is also used by ${entryIds.get(entry.id)}`);
      entryIds.set(entry.id, file);
      normalized.push({ id: entry.id, name: entry.name, value: entry.value, dimension_value: entry.dimension_value ?? null });
    });
    datasources.push({ id: data.id, name: data.name, slug: data.slug, entries: normalized });
  }
  return datasources;
}

function walk(value: unknown, visit: (node: JsonObject, path: string) => void, path = "content"): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, visit, `${path}[${index}]`);
  } else if (isObject(value)) {
    visit(value, path);
    for (const [key, child] of Object.entries(value)) walk(child, visit, `${path}.${key}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Output

/**
 * Reads and validates `contentDir`, stories against the site's content model by default; throws
 * ContentValidationError naming each bad file.
 */
export function buildSnapshot(contentDir = join(REPO_ROOT, "content"), model: ContentModel = contentModel): SpaceSnapshot {
  return assembleSnapshot(readContentDir(contentDir), model);
}

/** The content directory's snapshot as far as it is usable, and its problems (see `assembleChecked`). */
export const checkedSnapshot = (contentDir: string, model: ContentModel = contentModel) =>
  assembleChecked(readContentDir(contentDir), model);

export function renderSnapshotModule(snapshot: SpaceSnapshot): { js: string; dts: string } {
  return {
    js: `// Generated by tools/build/build-snapshot.ts from content/. Do not edit.\nexport default ${JSON.stringify(snapshot)};\n`,
    dts: `declare const snapshot: import("../src/server/content/snapshot").SpaceSnapshot;\nexport default snapshot;\n`,
  };
}

export function writeSnapshot(snapshot: SpaceSnapshot, outDir = join(REPO_ROOT, ".generated")): void {
  const { js, dts } = renderSnapshotModule(snapshot);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "snapshot.js"), js);
  writeFileSync(join(outDir, "snapshot.d.ts"), dts);
}

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  const value = process.argv[index + 1];
  return index > 0 && value ? resolve(value) : fallback;
}

/**
 * The embedded space's cache version moves with its content: local KV entries are keyed by cv, so a
 * content edit must give a new cv or `npm start` would keep serving what it cached before the edit.
 */
export function withContentVersion(snapshot: SpaceSnapshot): SpaceSnapshot {
  const digest = createHash("sha256")
    .update(JSON.stringify([snapshot.stories, snapshot.drafts, snapshot.datasources]))
    .digest("hex");
  const offset = Number.parseInt(digest.slice(0, 7), 16) % 10_000_000;
  return { ...snapshot, space: { ...snapshot.space, version: snapshot.space.version + offset } };
}

function main() {
  const contentDir = argument("--content", join(REPO_ROOT, "content"));
  const outDir = argument("--out", join(REPO_ROOT, ".generated"));
  try {
    // the embedded space's own assets are served from the site's origin (asset-catalog.ts)
    const snapshot = withContentVersion(localiseAssetUrls(buildSnapshot(contentDir), assetCatalog(contentDir)));
    writeSnapshot(snapshot, outDir);
    const { stories, drafts, datasources, space } = snapshot;
    console.log(
      `build-snapshot: wrote ${relative(process.cwd(), join(outDir, "snapshot.js"))} (stories: ${stories.length}, drafts: ${drafts.length}, datasources: ${datasources.length}, cv: ${space.version})`,
    );
  } catch (error) {
    console.error(`build-snapshot: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
