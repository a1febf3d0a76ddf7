/**
 * Stories and folders (resources/mapi/stories/main.yaml): list, get, create, update, publish, and
 * the versions list the published content of a story with unpublished changes is read from.
 * The working copy is the story's `content`; publishing records it as a version with status
 * "published", and a later save without `publish` leaves `unpublished_changes` set.
 */
import { type Answer, badRequest, type Call, notFound, paginated, wrapped } from "./handlers-model.ts";
import type { Json, SpaceStore } from "./store.ts";

const WRITABLE = [
  "name",
  "slug",
  "content",
  "parent_id",
  "is_startpage",
  "tag_list",
  "sort_by_date",
  "position",
  "is_folder",
  "default_root",
  "path",
  "meta_data",
];

interface TranslatedSlugInput {
  id?: unknown;
  lang?: unknown;
  slug?: unknown;
  name?: unknown;
  published?: unknown;
  _destroy?: unknown;
}

const findStory = (store: SpaceStore, id: string | undefined) => store.stories.find((story) => String(story.id) === id);

function parentOf(store: SpaceStore, story: Json): Json | undefined {
  return story.parent_id ? store.stories.find((item) => item.id === story.parent_id) : undefined;
}

/**
 * full_slug and each translated path follow the parent folder's; a folder's start page is at the
 * folder's path with a trailing slash (`cases/`), whatever its own slug.
 */
function placePaths(store: SpaceStore, story: Json): void {
  const parent = parentOf(store, story);
  const place = (parentPath: unknown, slug: unknown) =>
    !parentPath ? slug : story.is_startpage ? `${parentPath}/` : `${parentPath}/${slug}`;
  story.full_slug = place(parent?.full_slug, story.slug);
  const slugs = (story.translated_slugs as Json[] | undefined) ?? [];
  for (const translated of slugs) {
    const parentPath =
      (parent?.translated_slugs as Json[] | undefined)?.find((item) => item.lang === translated.lang)?.path ?? parent?.full_slug;
    translated.path = place(parentPath, translated.slug);
  }
}

/**
 * Nested attributes, as Storyblok takes them: an item with the `id` of an entry updates it (or, with
 * `_destroy`, removes it); an item without one adds an entry, even for a language that has one.
 * Returns why it refuses, if it does.
 */
function applyTranslatedSlugs(store: SpaceStore, story: Json, input: unknown): string | undefined {
  if (input === undefined) return undefined;
  if (!Array.isArray(input)) return "translated_slugs_attributes must be an array";
  let slugs = ((story.translated_slugs as Json[] | undefined) ?? []).slice();
  for (const item of input as TranslatedSlugInput[]) {
    const existing = item.id === undefined ? undefined : slugs.find((slug) => slug.id === item.id);
    if (item.id !== undefined && !existing) return `translated slug ${String(item.id)} not found`;
    if (existing && (item._destroy === true || item._destroy === "1")) {
      slugs = slugs.filter((slug) => slug !== existing);
      continue;
    }
    if (typeof (item.lang ?? existing?.lang) !== "string") return "translated_slugs_attributes: lang is required";
    const next = {
      id: existing?.id ?? store.nextId(),
      lang: item.lang ?? existing?.lang,
      slug: item.slug ?? existing?.slug,
      name: item.name ?? existing?.name ?? null,
      path: null,
      published: item.published ?? existing?.published ?? null,
    };
    if (existing) Object.assign(existing, next);
    else slugs.push(next);
  }
  story.translated_slugs = slugs;
  return undefined;
}

/** Slugs are unique within a parent, folders and stories alike (a folder's page is its start page). */
function slugTaken(store: SpaceStore, story: Json): boolean {
  return store.stories.some((other) => other !== story && other.parent_id === story.parent_id && other.slug === story.slug);
}

/** Storyblok's answer to a slug used twice in one folder: the field and its errors. */
const SLUG_TAKEN: Answer = { status: 422, body: { slug: ["has already been taken"] } };

/**
 * A story as answered: its slug entries as `translated_slugs` (with their ids), or, when the store
 * says so, as Storyblok's other documented shape, full paths in `localized_paths` and the entries
 * with ids in `translated_slugs_attributes`.
 */
function answered(store: SpaceStore, story: Json): Json {
  if (store.slugAnswer === "translated_slugs") return story;
  const slugs = (story.translated_slugs as Json[] | undefined) ?? [];
  return {
    ...story,
    translated_slugs: null,
    localized_paths: slugs.map(({ path, name, lang, published }) => ({ path, name, lang, published })),
    // the description types its name and published as string and boolean: an unset one is left out
    translated_slugs_attributes: slugs.map(({ id, lang, slug, name, published }) =>
      Object.fromEntries(Object.entries({ id, lang, slug, name, published }).filter(([, value]) => value !== null)),
    ),
  };
}

function newStory(store: SpaceStore): Json {
  const now = store.now();
  return {
    id: store.nextId(),
    uuid: store.uuid(),
    group_id: store.uuid(),
    created_at: now,
    updated_at: now,
    published_at: null,
    first_published_at: null,
    content: {},
    parent_id: 0,
    is_startpage: false,
    is_folder: false,
    default_root: null,
    tag_list: [],
    position: 0,
    sort_by_date: null,
    meta_data: null,
    path: null,
    alternates: [],
    translated_slugs: [],
    published: false,
    unpublished_changes: false,
  };
}

function publish(store: SpaceStore, story: Json): void {
  const now = store.now();
  story.published = true;
  story.unpublished_changes = false;
  story.published_at = now;
  story.first_published_at ??= now;
  store.versions.unshift({
    id: store.nextId(),
    story_id: story.id as number,
    status: "published",
    created_at: now,
    content: structuredClone(story.content as Json),
  });
}

/** Storyblok gives content without one a `_uid`; a folder's content names no component. */
function withUid(store: SpaceStore, story: Json): Json {
  const content = (story.content ?? {}) as Json;
  return { ...content, _uid: content._uid ?? store.uuid(), component: content.component ?? "" };
}

function save(call: Call, story: Json, input: Json): Answer | undefined {
  for (const key of WRITABLE) if (key in input) story[key] = input[key];
  story.content = withUid(call.store, story);
  if (typeof story.name !== "string" || !story.name) return badRequest("story.name is required");
  story.slug ??= story.uuid;
  if (story.parent_id && !parentOf(call.store, story)?.is_folder) return badRequest("parent_id is not a folder");
  if (slugTaken(call.store, story)) return SLUG_TAKEN;
  const slugsRefused = applyTranslatedSlugs(call.store, story, input.translated_slugs_attributes);
  if (slugsRefused) return badRequest(slugsRefused);
  placePaths(call.store, story);
  story.updated_at = call.store.now();
  const body = call.body as Json;
  if (call.query.get("publish") === "1" || call.query.get("publish") === "true" || body.publish === 1) publish(call.store, story);
  else if (story.published) story.unpublished_changes = true;
  return undefined;
}

export function createStory(call: Call): Answer {
  const input = wrapped(call.body, "story");
  if (!input) return badRequest("story is required");
  const story = newStory(call.store);
  const refused = save(call, story, input);
  if (refused) return refused;
  call.store.stories.push(story);
  return { status: 201, body: { story: answered(call.store, story) } };
}

export function updateStory(call: Call): Answer {
  const story = findStory(call.store, call.params.id);
  if (!story) return notFound("story");
  const input = wrapped(call.body, "story");
  if (!input) return badRequest("story is required");
  const before = structuredClone(story);
  const refused = save(call, story, input);
  if (refused) Object.assign(story, before);
  return refused ?? { status: 200, body: { story: answered(call.store, story) } };
}

export function getStory({ store, params }: Call): Answer {
  const story = findStory(store, params.id);
  return story ? { status: 200, body: { story: answered(store, story) } } : notFound("story");
}

/** The list gives each story's content without its fields. */
export function listStories({ store, query }: Call): Answer {
  const withSlug = query.get("with_slug");
  const selected = store.stories.filter(
    (story) => (withSlug === null || story.full_slug === withSlug) && (query.get("folder_only") !== "1" || story.is_folder),
  );
  const summary = (content: Json) => ({ _uid: content._uid, component: content.component });
  return paginated(
    "stories",
    selected.map((story) => ({ ...answered(store, story), content: summary(story.content as Json) })),
    query,
  );
}

export function listVersions({ store, query }: Call): Answer {
  const storyId = Number(query.get("by_story_id"));
  const story = store.stories.find((item) => item.id === storyId);
  if (!story) return notFound("story");
  const withContent = query.get("show_content") === "1" || query.get("show_content") === "true";
  const versions = store.versions
    .filter((version) => version.story_id === storyId)
    .map(({ content, ...version }) => ({ ...version, parent_id: story.parent_id, ...(withContent ? { content } : {}) }));
  return paginated("story_versions", versions, query);
}
