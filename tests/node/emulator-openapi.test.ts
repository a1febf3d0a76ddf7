/**
 * The emulator's real answers, checked against Storyblok's own OpenAPI description of the
 * Content Delivery API (status codes, pagination headers and JSON schemas per operation), so the
 * emulator cannot drift from the API the production site talks to.
 *
 * The description is vendored in tests/fixtures/storyblok-capi (tests/helpers/openapi-dir.ts);
 * STORYBLOK_OPENAPI_DIR overrides where.
 */
import { join } from "node:path";
import $RefParser from "@apidevtools/json-schema-ref-parser";
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject, ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { assembleSnapshot, readContentDir, type ContentFile } from "../../tools/build/build-snapshot.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { createEmulator, type Emulator } from "../../src/server/demo/emulator";
import type { SpaceSnapshot } from "../../src/server/content/snapshot";
import type { LinkEntry } from "../../src/shared/content";
import type { StoredBlok, StoredStory } from "../helpers/stored";
import { openApiDir } from "../helpers/openapi-dir";

type Json = Record<string, unknown>;

const specDir = () =>
  openApiDir({
    env: "STORYBLOK_OPENAPI_DIR",
    name: "storyblok-capi",
    marker: "capi/stories/main.yaml",
    label: "Storyblok OpenAPI description",
  });

// ---------------------------------------------------------------------------------------------
// The OpenAPI documents as ajv schemas

const DOCS = ["stories", "links", "spaces", "datasource_entries", "datasources", "tags"] as const;
type DocName = (typeof DOCS)[number];

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const documents = new Map<DocName, Json>();
const docId = (name: DocName) => `https://openapi.test/capi/${name}`;

/**
 * Bundling (not dereferencing) keeps each document a plain tree: story content refers to itself
 * (`$ref: '#'` for nested bloks), which dereferencing would turn into a cycle ajv cannot compile.
 * Bundled, that becomes an internal JSON pointer ajv follows like any other.
 */
async function loadDocuments(): Promise<void> {
  const dir = specDir();
  for (const name of DOCS) {
    const doc = (await $RefParser.bundle(join(dir, "capi", name, "main.yaml"), {
      parse: { yaml: { parse: (file: { data: unknown }) => parseYaml(String(file.data)) } },
    })) as Json;
    documents.set(name, doc);
    ajv.addSchema({ ...doc, $id: docId(name) });
  }
}

function pointer(doc: Json, ref: string): unknown {
  return ref
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

/** Follows `$ref`s of the bundled document; returns the node and the pointer where it lives. */
function follow(doc: Json, at: string): { node: Json; at: string } {
  let node = pointer(doc, at) as Json;
  while (node && typeof node.$ref === "string" && node.$ref.startsWith("#")) {
    at = node.$ref;
    node = pointer(doc, at) as Json;
  }
  return { node, at };
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");
const validators = new Map<string, ValidateFunction>();

function validatorAt(name: DocName, at: string): ValidateFunction {
  const key = `${docId(name)}${at}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.getSchema(key);
    if (!validate) throw new Error(`no schema at ${key}`);
    validators.set(key, validate);
  }
  return validate;
}

interface Checked {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Problems of one answer measured against the documented responses of `GET path`. */
function conformance(name: DocName, path: string, answer: Checked): string[] {
  const doc = documents.get(name);
  if (!doc) throw new Error(`document ${name} not loaded`);
  const operationAt = `#/paths/${escapePointer(path)}/get`;
  if (!pointer(doc, operationAt)) throw new Error(`GET ${path} is not in the ${name} description`);
  const responseAt = `${operationAt}/responses/${answer.status}`;
  if (!pointer(doc, responseAt)) return [`status ${answer.status} is not documented for GET ${path}`];
  const { node: response, at } = follow(doc, responseAt);
  const problems: string[] = [];

  const headersAt = follow(doc, `${at}/headers`);
  for (const header of Object.keys(headersAt.node ?? {})) {
    const value = answer.headers.get(header);
    if (value === null) {
      problems.push(`header ${header} is missing`);
      continue;
    }
    const schemaAt = `${follow(doc, `${headersAt.at}/${escapePointer(header)}`).at}/schema`;
    const schema = pointer(doc, schemaAt) as Json;
    const typed = schema.type === "integer" || schema.type === "number" ? (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value) : value;
    const validate = validatorAt(name, schemaAt);
    if (!validate(typed)) problems.push(...describe_(`header ${header}`, validate.errors));
  }

  if (response.content) {
    if (answer.headers.get("content-type")?.split(";")[0] !== "application/json") problems.push("content-type is not application/json");
    const validate = validatorAt(name, `${at}/content/application~1json/schema`);
    if (!validate(answer.body)) problems.push(...describe_("body", validate.errors));
  }
  return problems;
}

function describe_(what: string, errors: ErrorObject[] | null | undefined): string[] {
  // oneOf failures list every branch; the first few are enough to see what drifted.
  return (errors ?? []).slice(0, 8).map((error) => `${what}${error.instancePath} ${error.message} (${error.schemaPath})`);
}

// ---------------------------------------------------------------------------------------------
// The snapshot: a frozen fixture space plus generated stories that exercise relations (also past the
// 50 limit). The fixture space (tests/fixtures/openapi-space, same layout as content/) is a trimmed copy
// of the demo content, kept apart so the demo site can grow without moving the expectations below:
//   home, diensten, over-ons, contact  Page, positions 0/-10/-20/-30, created and first published in
//                                      that order, tags apps+web (diensten) and bureau (over-ons),
//                                      linking (multilinks) only to contact and diensten
//   theme/theme                        Theme, linking to contact, diensten and over-ons (rich text too)
//   drafts/home                        the home page with another hero title
//   datasources/redirects              two entries
const FIXTURE_SPACE = join(REPO_ROOT, "tests/fixtures/openapi-space");

const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const CUSTOMERS_FOLDER = 700_000_001;
const CASES_FOLDER = 700_000_002;

function fixtureStory(n: number, fullSlug: string, parentId: number, content: StoredBlok): ContentFile {
  const slug = fullSlug.split("/").pop() ?? fullSlug;
  const story: StoredStory = {
    name: slug,
    created_at: `2025-10-${String((n % 28) + 1).padStart(2, "0")}T09:00:00.000Z`,
    published_at: "2025-11-01T09:00:00.000Z",
    updated_at: "2025-11-01T09:00:00.000Z",
    id: 700_100_000 + n,
    uuid: uuidOf(n),
    content,
    slug,
    full_slug: fullSlug,
    sort_by_date: null,
    position: -10 * n,
    tag_list: n % 2 ? ["klant"] : [],
    is_startpage: false,
    parent_id: parentId,
    meta_data: null,
    group_id: uuidOf(10_000 + n),
    first_published_at: "2025-11-01T09:00:00.000Z",
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  };
  return { file: `openapi-space/stories/${fullSlug}.json`, data: story };
}

const CUSTOMER_COUNT = 55;

function testSnapshot(): SpaceSnapshot {
  const files = readContentDir(FIXTURE_SPACE);
  const customers = Array.from({ length: CUSTOMER_COUNT }, (_, i) =>
    fixtureStory(i + 1, `klanten/klant-${i + 1}`, CUSTOMERS_FOLDER, {
      _uid: uuidOf(20_000 + i),
      component: "CustomerStory",
      name: `Klant ${i + 1}`,
    }),
  );
  const related = (count: number) => customers.slice(0, count).map((file) => (file.data as StoredStory).uuid);
  const startPage = fixtureStory(100, "cases/", CASES_FOLDER, { _uid: uuidOf(30_000), component: "Overview", title: "Cases" });
  Object.assign(startPage.data as StoredStory, { name: "Cases", slug: "cases", is_startpage: true });
  const cases = [
    { ...startPage, file: "openapi-space/stories/cases/_startpage.json" },
    fixtureStory(101, "cases/klein", CASES_FOLDER, { _uid: uuidOf(30_001), component: "Case", title: "Klein", customers: related(3) }),
    fixtureStory(102, "cases/groot", CASES_FOLDER, {
      _uid: uuidOf(30_002),
      component: "Case",
      title: "Groot",
      customers: related(CUSTOMER_COUNT),
    }),
  ];
  return assembleSnapshot({ ...files, stories: [...files.stories, ...customers, ...cases] });
}

// ---------------------------------------------------------------------------------------------

let snapshot: SpaceSnapshot;
let emulator: Emulator;
const PUBLIC = "local-public-token";
const PREVIEW = "local-preview-token";

beforeAll(async () => {
  await loadDocuments();
  snapshot = testSnapshot();
  emulator = createEmulator(snapshot);
});

async function call(url: string): Promise<Checked> {
  const response = await emulator.fetch(`https://api.storyblok.com${url}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Calls the emulator and requires the answer to match both `status` and the description. */
async function conforming(name: DocName, path: string, url: string, status = 200): Promise<Checked & { body: Json }> {
  const answer = await call(url);
  expect({ url, status: answer.status }).toEqual({ url, status });
  expect(conformance(name, path, answer)).toEqual([]);
  return answer as Checked & { body: Json };
}

const STORY = "/v2/cdn/stories/{identifier}";
const STORIES = "/v2/cdn/stories";
const stories = (body: Json) => body.stories as StoredStory[];

describe("the snapshot used here", () => {
  it("is the fixture space (validated like content/) plus relation fixtures", () => {
    expect(snapshot.tokens).toEqual({ public: PUBLIC, preview: PREVIEW });
    expect(snapshot.stories.map((story) => story.full_slug).filter((slug) => !/^(klanten|cases)\//.test(slug))).toEqual([
      "contact",
      "diensten",
      "home",
      "over-ons",
      "theme/theme",
    ]);
    expect(snapshot.drafts.map((story) => story.full_slug)).toEqual(["home"]);
  });
});

describe("GET /v2/cdn/stories/{identifier}", () => {
  it("finds a story by full_slug, numeric id and uuid (find_by=uuid)", async () => {
    const home = snapshot.stories.find((story) => story.full_slug === "home");
    expect(home).toBeDefined();
    const bySlug = await conforming("stories", STORY, `/v2/cdn/stories/home?token=${PUBLIC}`);
    const byId = await conforming("stories", STORY, `/v2/cdn/stories/${home?.id}?token=${PUBLIC}`);
    const byUuid = await conforming("stories", STORY, `/v2/cdn/stories/${home?.uuid}?find_by=uuid&token=${PUBLIC}`);
    for (const answer of [bySlug, byId, byUuid]) {
      expect(answer.body).toEqual({ story: home, cv: snapshot.space.version, rels: [], links: [] });
    }
  });

  it("serves nested full_slugs and the cv of the space", async () => {
    const { body } = await conforming("stories", STORY, `/v2/cdn/stories/theme/theme?cv=${snapshot.space.version}&token=${PUBLIC}`);
    expect((body.story as StoredStory).content.component).toBe("Theme");
    expect(body.cv).toBe(snapshot.space.version);
  });

  it("serves drafts with the preview token, with Visual Editor markers", async () => {
    const { body } = await conforming("stories", STORY, `/v2/cdn/stories/home?version=draft&token=${PREVIEW}`);
    const story = body.story as StoredStory;
    expect((story.content.body as StoredBlok[])[0]?.title).toBe("Van idee tot app in de stores, samen met Koraal");
    expect(story.content._editable).toBe(
      `<!--#storyblok#{"name": "Page", "space": "${snapshot.space.id}", "uid": "${story.content._uid}", "id": "${story.id}"}-->`,
    );
  });

  it.each(["url", "story", "link"])("resolves story links with resolve_links=%s", async (mode) => {
    const { body } = await conforming("stories", STORY, `/v2/cdn/stories/theme/theme?resolve_links=${mode}&token=${PUBLIC}`);
    const links = body.links as Array<{ uuid: string; full_slug: string }>;
    expect(links.map((link) => link.full_slug).sort()).toEqual(["contact", "diensten", "over-ons"]);
  });

  it("puts related stories in rels, and only their uuids in rel_uuids past 50", async () => {
    const small = await conforming("stories", STORY, `/v2/cdn/stories/cases/klein?resolve_relations=Case.customers&token=${PUBLIC}`);
    expect((small.body.rels as StoredStory[]).map((story) => story.full_slug)).toEqual([
      "klanten/klant-1",
      "klanten/klant-2",
      "klanten/klant-3",
    ]);
    expect(small.body).not.toHaveProperty("rel_uuids");

    const large = await conforming("stories", STORY, `/v2/cdn/stories/cases/groot?resolve_relations=Case.customers&token=${PUBLIC}`);
    expect(large.body.rels).toEqual([]);
    expect(large.body.rel_uuids).toEqual(Array.from({ length: CUSTOMER_COUNT }, (_, i) => uuidOf(i + 1)));
  });

  it("answers 404 for an unknown story and 401 without a valid token or for drafts with the public token", async () => {
    expect((await conforming("stories", STORY, `/v2/cdn/stories/bestaat-niet?token=${PUBLIC}`, 404)).body).toEqual([
      "This record could not be found",
    ]);
    expect((await conforming("stories", STORY, `/v2/cdn/stories/home`, 401)).body).toEqual({ error: "Unauthorized" });
    expect((await conforming("stories", STORY, `/v2/cdn/stories/home?token=wrong`, 401)).body).toEqual({ error: "Unauthorized" });
    expect((await conforming("stories", STORY, `/v2/cdn/stories/home?version=draft&token=${PUBLIC}`, 401)).body).toEqual({
      error: "Unauthorized",
    });
  });
});

describe("GET /v2/cdn/stories", () => {
  const total = () => snapshot.stories.length;

  it("lists 25 per page by default with total and per-page headers", async () => {
    const answer = await conforming("stories", STORIES, `/v2/cdn/stories?token=${PUBLIC}`);
    expect(stories(answer.body)).toHaveLength(25);
    expect([answer.headers.get("total"), answer.headers.get("per-page")]).toEqual([String(total()), "25"]);
  });

  it("pages with per_page and page, and caps per_page at 100", async () => {
    const last = await conforming("stories", STORIES, `/v2/cdn/stories?per_page=10&page=7&token=${PUBLIC}`);
    expect(stories(last.body)).toHaveLength(total() - 60);
    const beyond = await conforming("stories", STORIES, `/v2/cdn/stories?per_page=10&page=8&token=${PUBLIC}`);
    expect(stories(beyond.body)).toEqual([]);
    const capped = await conforming("stories", STORIES, `/v2/cdn/stories?per_page=500&token=${PUBLIC}`);
    expect(stories(capped.body)).toHaveLength(total());
    expect(capped.headers.get("per-page")).toBe("100");
  });

  it.each([
    ["starts_with=theme/", ["theme/theme"]],
    ["starts_with=cases", ["cases/", "cases/groot", "cases/klein"]],
    ["starts_with=cases/&is_startpage=0", ["cases/groot", "cases/klein"]],
    ["by_slugs=home,contact", ["contact", "home"]],
    ["by_slugs=cases/*", ["cases/", "cases/groot", "cases/klein"]],
    ["excluding_slugs=klanten/*,cases/*,theme/*", ["contact", "diensten", "home", "over-ons"]],
    ["content_type=Page", ["contact", "diensten", "home", "over-ons"]],
    ["content_type=Case&is_startpage=0", ["cases/groot", "cases/klein"]],
    ["is_startpage=1", ["cases/"]],
  ])("filters with %s", async (query, expected) => {
    const { body, headers } = await conforming("stories", STORIES, `/v2/cdn/stories?${query}&per_page=100&token=${PUBLIC}`);
    expect(
      stories(body)
        .map((story) => story.full_slug)
        .sort(),
    ).toEqual(expected);
    expect(headers.get("total")).toBe(String(expected.length));
  });

  it("finds stories by_uuids and keeps the given order with by_uuids_ordered", async () => {
    const uuids = [uuidOf(3), uuidOf(1), uuidOf(2)];
    const ordered = await conforming("stories", STORIES, `/v2/cdn/stories?by_uuids_ordered=${uuids.join(",")}&token=${PUBLIC}`);
    expect(stories(ordered.body).map((story) => story.uuid)).toEqual(uuids);
    const plain = await conforming("stories", STORIES, `/v2/cdn/stories?by_uuids=${uuids.join(",")}&sort_by=position:desc&token=${PUBLIC}`);
    expect(stories(plain.body).map((story) => story.uuid)).toEqual([uuidOf(1), uuidOf(2), uuidOf(3)]);
  });

  it.each([
    ["position:asc", ["contact", "over-ons", "diensten", "home"]],
    ["name:asc", ["contact", "diensten", "home", "over-ons"]],
    ["created_at:desc", ["contact", "over-ons", "diensten", "home"]],
    ["first_published_at:desc", ["contact", "over-ons", "diensten", "home"]],
    ["content.title:desc", ["over-ons", "home", "diensten", "contact"]],
  ])("sorts with sort_by=%s", async (sortBy, expected) => {
    const { body } = await conforming("stories", STORIES, `/v2/cdn/stories?content_type=Page&sort_by=${sortBy}&token=${PUBLIC}`);
    expect(stories(body).map((story) => story.full_slug)).toEqual(expected);
  });

  it("resolves relations and links across the listed stories", async () => {
    const rels = await conforming(
      "stories",
      STORIES,
      `/v2/cdn/stories?starts_with=cases/klein&resolve_relations=Case.customers&token=${PUBLIC}`,
    );
    expect((rels.body.rels as StoredStory[]).map((story) => story.uuid)).toEqual([uuidOf(1), uuidOf(2), uuidOf(3)]);
    const many = await conforming(
      "stories",
      STORIES,
      `/v2/cdn/stories?starts_with=cases/&resolve_relations=Case.customers&token=${PUBLIC}`,
    );
    expect(many.body.rel_uuids).toHaveLength(CUSTOMER_COUNT);
    const links = await conforming("stories", STORIES, `/v2/cdn/stories?content_type=Page&resolve_links=story&token=${PUBLIC}`);
    expect((links.body.links as StoredStory[]).map((story) => story.full_slug).sort()).toEqual(["contact", "diensten"]);
  });

  it("lists drafts with the preview token and drops excluded fields", async () => {
    const drafts = await conforming("stories", STORIES, `/v2/cdn/stories?version=draft&by_slugs=home&token=${PREVIEW}`);
    expect(((stories(drafts.body)[0]?.content.body ?? []) as StoredBlok[])[0]?.title).toBe(
      "Van idee tot app in de stores, samen met Koraal",
    );
    const slim = await conforming(
      "stories",
      STORIES,
      `/v2/cdn/stories?content_type=Page&excluding_fields=body,description&cv=${snapshot.space.version}&token=${PUBLIC}`,
    );
    expect(stories(slim.body).map((story) => Object.keys(story.content).sort())).toEqual(Array(4).fill(["_uid", "component", "title"]));
  });

  it("answers 401 without a valid token", async () => {
    expect((await conforming("stories", STORIES, `/v2/cdn/stories?token=`, 401)).body).toEqual({ error: "Unauthorized" });
    expect((await conforming("stories", STORIES, `/v2/cdn/stories?version=draft&token=${PUBLIC}`, 401)).body).toEqual({
      error: "Unauthorized",
    });
  });
});

describe("GET /v2/cdn/links", () => {
  const LINKS = "/v2/cdn/links";
  type Link = { slug: string; is_folder: boolean; published: boolean; parent_id: number | null; id: number };
  const links = (body: Json) => Object.values(body.links as Record<string, Link>);

  it("lists stories and their folders, paginated (25 by default)", async () => {
    const first = await conforming("links", LINKS, `/v2/cdn/links?token=${PUBLIC}`);
    const count = snapshot.stories.length + 3; // folders: cases, klanten, theme
    expect([first.headers.get("total"), first.headers.get("per-page")]).toEqual([String(count), "25"]);
    expect(links(first.body)).toHaveLength(25);
    const all = await conforming("links", LINKS, `/v2/cdn/links?paginated=1&per_page=1000&token=${PUBLIC}`);
    const entries = links(all.body);
    expect(entries.filter((link) => link.is_folder).map((link) => link.slug)).toEqual(["cases", "klanten", "theme"]);
    const theme = entries.find((link) => link.slug === "theme");
    expect(entries.find((link) => link.slug === "theme/theme")?.parent_id).toBe(theme?.id);
    expect(entries.find((link) => link.slug === "home")?.parent_id).toBeNull();
  });

  it("filters with starts_with, pages, includes dates and serves the draft view", async () => {
    const theme = await conforming("links", LINKS, `/v2/cdn/links?starts_with=theme&token=${PUBLIC}`);
    expect(links(theme.body).map((link) => link.slug)).toEqual(["theme", "theme/theme"]);
    const page = await conforming("links", LINKS, `/v2/cdn/links?paginated=1&per_page=2&page=2&token=${PUBLIC}`);
    expect(links(page.body)).toHaveLength(2);
    await conforming("links", LINKS, `/v2/cdn/links?include_dates=1&per_page=1000&token=${PUBLIC}`);
    const draft = await conforming("links", LINKS, `/v2/cdn/links?version=draft&starts_with=home&token=${PREVIEW}`);
    expect(links(draft.body).map((link) => [link.slug, link.published])).toEqual([["home", true]]);
  });

  it("answers 401 without a valid token", async () => {
    await conforming("links", LINKS, `/v2/cdn/links`, 401);
  });
});

describe("spaces, datasources, datasource entries and tags", () => {
  it("GET /v2/cdn/spaces/me", async () => {
    const { body } = await conforming("spaces", "/v2/cdn/spaces/me", `/v2/cdn/spaces/me?token=${PUBLIC}`);
    expect(body).toEqual({ space: snapshot.space });
    await conforming("spaces", "/v2/cdn/spaces/me", `/v2/cdn/spaces/me`, 401);
  });

  it("GET /v2/cdn/datasource_entries", async () => {
    const path = "/v2/cdn/datasource_entries";
    const { body, headers } = await conforming("datasource_entries", path, `${path}?datasource=redirects&token=${PUBLIC}`);
    expect(body.datasource_entries).toEqual(snapshot.datasources[0]?.entries);
    expect([headers.get("total"), headers.get("per-page")]).toEqual(["2", "25"]);
    const paged = await conforming("datasource_entries", path, `${path}?datasource=redirects&per_page=1&page=2&token=${PUBLIC}`);
    expect(paged.body.datasource_entries).toEqual([snapshot.datasources[0]?.entries[1]]);
    await conforming("datasource_entries", path, `${path}?datasource=redirects`, 401);
  });

  it("GET /v2/cdn/datasources and /v2/cdn/datasources/{id}", async () => {
    const list = await conforming("datasources", "/v2/cdn/datasources", `/v2/cdn/datasources?token=${PUBLIC}`);
    expect(list.body.datasources).toEqual([{ id: 81234, name: "Redirects", slug: "redirects", dimensions: [] }]);
    const one = await conforming("datasources", "/v2/cdn/datasources/{id}", `/v2/cdn/datasources/81234?token=${PUBLIC}`);
    expect(one.body.datasource).toEqual({ id: 81234, name: "Redirects", slug: "redirects", dimensions: [] });
    await conforming("datasources", "/v2/cdn/datasources/{id}", `/v2/cdn/datasources/1?token=${PUBLIC}`, 404);
  });

  it("GET /v2/cdn/tags", async () => {
    const { body } = await conforming("tags", "/v2/cdn/tags", `/v2/cdn/tags?token=${PUBLIC}`);
    expect(body.tags).toEqual([
      { name: "apps", taggings_count: 1 },
      { name: "bureau", taggings_count: 1 },
      { name: "klant", taggings_count: 29 }, // odd fixture numbers: 28 customers and one case
      { name: "web", taggings_count: 1 },
    ]);
  });
});

describe("language (Storyblok field-level translation)", () => {
  // The fixture space with two more languages: diensten and cases/klein translated into English
  // (translated slugs "services" and "work/small"), one field of diensten only into German, and
  // the draft of home with an English hero title.
  let translated: Emulator;
  let space: SpaceSnapshot;
  const deep = (value: unknown): string => JSON.stringify(value);

  beforeAll(() => {
    space = structuredClone(snapshot);
    space.space.language_codes = ["en", "de"];
    const diensten = space.stories.find((story) => story.full_slug === "diensten") as StoredStory;
    diensten.content.title__i18n__en = "Services";
    diensten.content.description__i18n__de = "Dienstleistungen";
    diensten.translated_slugs = [
      { path: "services", name: "Services", lang: "en", published: true },
      { path: "diensten", name: null, lang: "de", published: null },
    ];
    diensten.default_full_slug = "diensten";
    const klein = space.stories.find((story) => story.full_slug === "cases/klein") as StoredStory;
    klein.content.title__i18n__en = "Small";
    klein.translated_slugs = [{ path: "work/small", name: "Small", lang: "en", published: true }];
    const draft = space.drafts.find((story) => story.full_slug === "home") as StoredStory;
    const hero = (draft.content.body as StoredBlok[])[0] as StoredBlok;
    hero.title__i18n__en = "From idea to app";
    translated = createEmulator(space);
  });

  async function inLanguage(name: DocName, path: string, url: string, status = 200): Promise<Checked & { body: Json }> {
    const response = await translated.fetch(`https://api.storyblok.com${url}`);
    const answer = { status: response.status, headers: response.headers, body: await response.json() };
    expect({ url, status: answer.status }).toEqual({ url, status });
    expect(conformance(name, path, answer)).toEqual([]);
    return answer as Checked & { body: Json };
  }

  it("answers language=en with the translated values, the default value where a field has none, and no __i18n__ keys", async () => {
    const { body } = await inLanguage("stories", STORY, `/v2/cdn/stories/diensten?language=en&token=${PUBLIC}`);
    const story = body.story as StoredStory;
    const dutch = space.stories.find((candidate) => candidate.full_slug === "diensten") as StoredStory;
    expect(story.content.title).toBe("Services");
    expect(story.content.description).toBe(dutch.content.description);
    expect(deep(body)).not.toContain("__i18n__");
    expect([story.lang, story.full_slug, story.default_full_slug, story.slug]).toEqual(["en", "en/services", "diensten", "diensten"]);
    expect(story.translated_slugs).toEqual(dutch.translated_slugs);
  });

  it("answers without language (or in the default language) with the default values, and never with __i18n__ keys", async () => {
    const plain = await inLanguage("stories", STORY, `/v2/cdn/stories/diensten?token=${PUBLIC}`);
    const story = plain.body.story as StoredStory;
    expect([story.lang, story.full_slug, story.content.title]).toEqual(["default", "diensten", "Diensten — Koraal"]);
    expect(deep(plain.body)).not.toContain("__i18n__");
    const listed = await inLanguage("stories", STORIES, `/v2/cdn/stories?per_page=100&token=${PUBLIC}`);
    expect(deep(listed.body)).not.toContain("__i18n__");
  });

  it("answers a language the space does not have like the default language", async () => {
    const plain = await inLanguage("stories", STORY, `/v2/cdn/stories/diensten?token=${PUBLIC}`);
    const unknown = await inLanguage("stories", STORY, `/v2/cdn/stories/diensten?language=fr&token=${PUBLIC}`);
    expect(unknown.body).toEqual(plain.body);
    await inLanguage("stories", STORY, `/v2/cdn/stories/fr/diensten?token=${PUBLIC}`, 404);
  });

  it("finds a story by its translated path, with the language as first segment or as parameter, and by id and uuid", async () => {
    const dutch = space.stories.find((candidate) => candidate.full_slug === "cases/klein") as StoredStory;
    const urls = [
      `/v2/cdn/stories/en/work/small?token=${PUBLIC}`,
      `/v2/cdn/stories/work/small?language=en&token=${PUBLIC}`,
      `/v2/cdn/stories/en/cases/klein?token=${PUBLIC}`,
      `/v2/cdn/stories/${dutch.id}?language=en&token=${PUBLIC}`,
      `/v2/cdn/stories/${dutch.uuid}?find_by=uuid&language=en&token=${PUBLIC}`,
    ];
    for (const url of urls) {
      const story = (await inLanguage("stories", STORY, url)).body.story as StoredStory;
      expect([url, story.uuid, story.full_slug, story.content.title]).toEqual([url, dutch.uuid, "en/work/small", "Small"]);
    }
    await inLanguage("stories", STORY, `/v2/cdn/stories/work/small?token=${PUBLIC}`, 404);
  });

  it("uses fallback_lang before the default language for untranslated fields", async () => {
    const { body } = await inLanguage("stories", STORY, `/v2/cdn/stories/diensten?language=en&fallback_lang=de&token=${PUBLIC}`);
    expect([(body.story as StoredStory).content.title, (body.story as StoredStory).content.description]).toEqual([
      "Services",
      "Dienstleistungen",
    ]);
  });

  it("lists every story in the language, an untranslated one in the default values with the language prefix", async () => {
    const { body, headers } = await inLanguage(
      "stories",
      STORIES,
      `/v2/cdn/stories?language=en&content_type=Page&sort_by=position:asc&token=${PUBLIC}`,
    );
    const dutchTitle = (slug: string) =>
      (space.stories.find((story) => story.full_slug === slug)?.content as StoredBlok | undefined)?.title;
    expect(stories(body).map((story) => [story.full_slug, story.lang, story.content.title])).toEqual([
      ["en/contact", "en", dutchTitle("contact")],
      ["en/over-ons", "en", dutchTitle("over-ons")],
      ["en/services", "en", "Services"],
      ["en/home", "en", dutchTitle("home")],
    ]);
    expect(headers.get("total")).toBe("4");
    expect(deep(body)).not.toContain("__i18n__");
  });

  it("translates drafts too, with Visual Editor markers", async () => {
    const { body } = await inLanguage("stories", STORY, `/v2/cdn/stories/en/home?version=draft&token=${PREVIEW}`);
    const hero = ((body.story as StoredStory).content.body as StoredBlok[])[0] as StoredBlok;
    expect([hero.title, typeof hero._editable]).toEqual(["From idea to app", "string"]);
    expect(deep(body)).not.toContain("__i18n__");
    const published = await inLanguage("stories", STORY, `/v2/cdn/stories/en/home?token=${PUBLIC}`);
    expect((((published.body.story as StoredStory).content.body as StoredBlok[])[0] as StoredBlok).title).not.toBe("From idea to app");
  });

  it("resolves story links to the translated full_slug in the language asked for", async () => {
    const { body } = await inLanguage("stories", STORY, `/v2/cdn/stories/theme/theme?language=en&resolve_links=url&token=${PUBLIC}`);
    expect((body.links as Array<{ url: string }>).map((link) => link.url).sort()).toEqual(["en/contact", "en/over-ons", "en/services"]);
  });

  it("gives every link entry alternates per language: translated path, name and whether that language is published", async () => {
    const { body } = await inLanguage("links", "/v2/cdn/links", `/v2/cdn/links?per_page=1000&token=${PUBLIC}`);
    const bySlug = new Map(Object.values(body.links as Record<string, LinkEntry>).map((link) => [link.slug, link]));
    expect(bySlug.get("diensten")?.alternates).toEqual([
      { path: "services", name: "Services", lang: "en", published: true, translated_slug: "services" },
      { path: "diensten", name: "Diensten", lang: "de", published: false, translated_slug: "diensten" },
    ]);
    expect(bySlug.get("cases")?.alternates?.[0]).toEqual({
      path: "work",
      name: "Work",
      lang: "en",
      published: false,
      translated_slug: "work",
    });
    expect(bySlug.get("home")?.alternates?.map((alternate) => [alternate.path, alternate.published])).toEqual([
      ["home", false],
      ["home", false],
    ]);
    // cdn/links/{uuid} is not in the description; its link has the same shape as a listed one.
    const one = await translated.fetch(`https://api.storyblok.com/v2/cdn/links/${bySlug.get("cases/klein")?.uuid}?token=${PUBLIC}`);
    expect(((await one.json()) as { link: LinkEntry }).link.alternates?.[0]).toMatchObject({
      path: "work/small",
      published: true,
      translated_slug: "small",
    });
    // A space without other languages has no alternates at all, as before.
    const plain = await conforming("links", "/v2/cdn/links", `/v2/cdn/links?token=${PUBLIC}`);
    expect(Object.values(plain.body.links as Record<string, LinkEntry>).some((link) => "alternates" in link)).toBe(false);
  });
});

describe("the conformance check itself", () => {
  it("rejects answers that drift from the description", async () => {
    const story = await call(`/v2/cdn/stories/home?token=${PUBLIC}`);
    const body = structuredClone(story.body) as { story: Json };
    delete body.story.updated_at;
    (body.story.content as Json).hero = null;
    expect(conformance("stories", STORY, { ...story, body })).toEqual(
      expect.arrayContaining([
        expect.stringContaining("must have required property 'updated_at'"),
        expect.stringContaining("body/story/content/hero"),
      ]),
    );

    const list = await call(`/v2/cdn/stories?token=${PUBLIC}`);
    const headers = new Headers(list.headers);
    headers.delete("total");
    headers.set("per-page", "many");
    expect(conformance("stories", STORIES, { ...list, headers })).toEqual([
      expect.stringContaining("header Per-Page must be integer"),
      "header Total is missing",
    ]);

    expect(conformance("stories", STORY, { ...story, status: 418 })).toEqual([
      "status 418 is not documented for GET /v2/cdn/stories/{identifier}",
    ]);

    const dated = structuredClone(story.body) as { story: Json };
    dated.story.created_at = "gisteren";
    expect(conformance("stories", STORY, { ...story, body: dated })).toEqual([
      'body/story/created_at must match format "date-time" (#/allOf/0/properties/created_at/format)',
    ]);

    const links = await call(`/v2/cdn/links?token=${PUBLIC}`);
    const drifted = structuredClone(links.body) as { links: Record<string, Json> };
    const [uuid, first] = Object.entries(drifted.links)[0] ?? [];
    if (!uuid || !first) throw new Error("no links");
    first.published = "ja";
    expect(conformance("links", "/v2/cdn/links", { ...links, body: drifted })).toEqual([
      `body/links/${uuid}/published must be boolean (#/components/schemas/Link/properties/published/type)`,
    ]);
  });
});
