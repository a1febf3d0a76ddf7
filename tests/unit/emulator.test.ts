/**
 * Behaviour of the embedded Storyblok CDN emulator, inside workerd where the site runs it.
 * Shapes are checked against Storyblok's OpenAPI description in tests/node/emulator-openapi.test.ts;
 * this file pins down what the answers contain. Needs `node tools/build/build-snapshot.ts` first.
 */
import StoryblokClient from "storyblok-js-client";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator, type Emulator, type EmulatorOptions } from "../../src/server/demo/emulator";
import type { SpaceSnapshot } from "../../src/server/content/snapshot";
import type { LinkEntry, LinkField } from "../../src/shared/content";
import type { StoredBlok, StoredStory } from "../helpers/stored";

const PUBLIC = "local-public-token";
const PREVIEW = "local-preview-token";
const NOT_FOUND = ["This record could not be found"];
const UNAUTHORIZED = { error: "Unauthorized" };

interface Answer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read API answers of many shapes field by field
  body: any;
}

async function get(emulator: Emulator, path: string, init?: RequestInit): Promise<Answer> {
  const response = await emulator.fetch(`https://emulator.local${path}`, init);
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    body: await response.json(),
  };
}

const slugs = (stories: StoredStory[]) => stories.map((story) => story.full_slug);
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const heroTitle = (story: StoredStory) => (story.content.body as StoredBlok[])[0]?.title;

/** A published story in folder `blog` (parent 900), numbered so order and dates follow `n`. */
function post(n: number, content: Partial<StoredBlok> = {}): StoredStory {
  return {
    name: `Post ${n}`,
    created_at: `2025-01-${String(n).padStart(2, "0")}T08:00:00.000Z`,
    updated_at: `2025-01-${String(n).padStart(2, "0")}T08:00:00.000Z`,
    published_at: `2025-02-${String(n).padStart(2, "0")}T08:00:00.000Z`,
    first_published_at: `2025-02-${String(n).padStart(2, "0")}T08:00:00.000Z`,
    id: 1000 + n,
    uuid: uuidOf(n),
    content: { _uid: uuidOf(5000 + n), component: "Post", title: `Titel ${n}`, ...content },
    slug: `post-${n}`,
    full_slug: `blog/post-${n}`,
    sort_by_date: null,
    position: n * 10,
    tag_list: [],
    is_startpage: false,
    parent_id: 900,
    meta_data: null,
    group_id: uuidOf(9000 + n),
    release_id: null,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  };
}

function blog(stories: StoredStory[], drafts: StoredStory[] = []): SpaceSnapshot {
  return {
    space: { id: 42, name: "Test", domain: "https://test.example/", version: 1_700_000_000, language_codes: [] },
    tokens: { public: PUBLIC, preview: PREVIEW },
    stories,
    drafts,
    datasources: [],
  };
}

const posts = (count: number, content: (n: number) => Partial<StoredBlok> = () => ({})) =>
  Array.from({ length: count }, (_, i) => post(i + 1, content(i + 1)));
/** What the CDN serves in the default language: the stored blok without its `__i18n__` translations. */
function inDefaultLanguage<T>(value: T): T {
  if (Array.isArray(value)) return value.map(inDefaultLanguage) as T;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.includes("__i18n__"))
      .map(([key, v]) => [key, inDefaultLanguage(v)]),
  ) as T;
}

const storyLink = (uuid: string, cachedUrl: string): LinkField => ({
  id: uuid,
  url: "",
  linktype: "story",
  fieldtype: "multilink",
  cached_url: cachedUrl,
});

describe("pagination", () => {
  const emulator = createEmulator(blog(posts(7)));

  it("slices with per_page and page and reports total and per-page", async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => get(emulator, `/v2/cdn/stories?per_page=3&page=${page}&sort_by=position:asc&token=${PUBLIC}`)),
    );
    expect(pages.map((page) => slugs(page.body.stories))).toEqual([
      ["blog/post-1", "blog/post-2", "blog/post-3"],
      ["blog/post-4", "blog/post-5", "blog/post-6"],
      ["blog/post-7"],
      [],
    ]);
    expect(pages.map((page) => [page.headers.total, page.headers["per-page"]])).toEqual(Array(4).fill(["7", "3"]));
  });

  it("defaults to 25 per page and page 1, and caps per_page at 100", async () => {
    const fallback = await get(emulator, `/v2/cdn/stories?per_page=0&page=0&token=${PUBLIC}`);
    expect([fallback.body.stories.length, fallback.headers["per-page"]]).toEqual([7, "25"]);
    const capped = await get(emulator, `/v2/cdn/stories?per_page=250&token=${PUBLIC}`);
    expect(capped.headers["per-page"]).toBe("100");
  });

  it("lists newest first without sort_by, and sorts on content fields as numbers on request", async () => {
    expect(slugs((await get(emulator, `/v2/cdn/stories?per_page=3&token=${PUBLIC}`)).body.stories)).toEqual([
      "blog/post-7",
      "blog/post-6",
      "blog/post-5",
    ]);
    const numbered = createEmulator(blog(posts(3, (n) => ({ rank: String(10 - n * 4) }))));
    expect(slugs((await get(numbered, `/v2/cdn/stories?sort_by=content.rank:asc:int&token=${PUBLIC}`)).body.stories)).toEqual([
      "blog/post-3",
      "blog/post-2",
      "blog/post-1",
    ]);
  });
});

describe("filters", () => {
  const emulator = createEmulator(snapshot);

  it("starts_with matches full_slug prefixes", async () => {
    expect(slugs((await get(emulator, `/v2/cdn/stories?starts_with=theme/&token=${PUBLIC}`)).body.stories)).toEqual(["theme/theme"]);
    expect(slugs((await get(emulator, `/v2/cdn/stories?starts_with=over&token=${PUBLIC}`)).body.stories)).toEqual(["over-ons"]);
    expect((await get(emulator, `/v2/cdn/stories?starts_with=blog/&token=${PUBLIC}`)).body).toEqual({
      stories: [],
      cv: snapshot.space.version,
      rels: [],
      links: [],
    });
  });

  it("by_uuids selects stories in the list order; by_uuids_ordered keeps the order given", async () => {
    const [contact, diensten, home] = ["contact", "diensten/", "home"].map(
      (slug) => snapshot.stories.find((story) => story.full_slug === slug)?.uuid ?? "",
    );
    const given = [home, contact, diensten].join(",");
    const plain = await get(emulator, `/v2/cdn/stories?by_uuids=${given}&sort_by=name:asc&token=${PUBLIC}`);
    expect(slugs(plain.body.stories)).toEqual(["contact", "diensten/", "home"]);
    const ordered = await get(emulator, `/v2/cdn/stories?by_uuids_ordered=${given}&token=${PUBLIC}`);
    expect(slugs(ordered.body.stories)).toEqual(["home", "contact", "diensten/"]);
  });

  it("excluding_slugs takes wildcards; content_type and is_startpage filter", async () => {
    // The expected list is worked out here from the snapshot, so it holds however much content there is.
    const byName = (a: StoredStory, b: StoredStory) => (a.name < b.name ? -1 : a.name > b.name ? 1 : b.id - a.id);
    const isPage = (story: StoredStory) => story.content.component === "Page" && !story.is_startpage;
    const pages = snapshot.stories
      .filter((story) => isPage(story) && story.full_slug !== "home" && !story.full_slug.startsWith("diensten/"))
      .sort(byName);
    // Each filter has something to drop: `diensten/*` takes the pages under diensten/, is_startpage=false the start pages.
    expect(snapshot.stories.some((story) => isPage(story) && story.full_slug.startsWith("diensten/"))).toBe(true);
    expect(snapshot.stories.some((story) => story.content.component !== "Page")).toBe(true);
    expect(
      snapshot.stories.some((story) => story.content.component === "Page" && story.is_startpage && story.full_slug !== "diensten/"),
    ).toBe(true);
    expect(slugs(pages)).toEqual(expect.arrayContaining(["contact", "klanten", "over-ons"]));
    const answer = await get(
      emulator,
      `/v2/cdn/stories?excluding_slugs=diensten/*,home&content_type=Page&is_startpage=false&sort_by=name:asc&per_page=100&token=${PUBLIC}`,
    );
    expect([answer.headers.total, slugs(answer.body.stories)]).toEqual([String(pages.length), slugs(pages).slice(0, 100)]);

    const start: StoredStory = { ...post(1), name: "Blog", slug: "", full_slug: "blog/", is_startpage: true };
    const small = createEmulator(blog([start, post(2), { ...post(3), full_slug: "over", slug: "over", parent_id: 0 }]));
    const list = async (query: string) =>
      slugs((await get(small, `/v2/cdn/stories?${query}&sort_by=position:asc&token=${PUBLIC}`)).body.stories);
    expect(await list("is_startpage=true")).toEqual(["blog/"]);
    expect(await list("is_startpage=false")).toEqual(["blog/post-2", "over"]);
    expect(await list("excluding_slugs=blog/*")).toEqual(["over"]);
    expect(await list("excluding_slugs=blog/post-*,over")).toEqual(["blog/"]);
    expect(await list("content_type=Post&excluding_slugs=*-2")).toEqual(["blog/", "over"]);
    expect(await list("content_type=Page")).toEqual([]);
  });
});

describe("versions and tokens", () => {
  it("serves published content by default and the draft with the preview token", async () => {
    const emulator = createEmulator(snapshot);
    const published = await get(emulator, `/v2/cdn/stories/home?token=${PUBLIC}`);
    expect(heroTitle(published.body.story)).toBe("Wij bouwen apps en websites die mensen graag gebruiken");
    expect(JSON.stringify(published.body)).not.toContain("_editable");
    const viaPreviewToken = await get(emulator, `/v2/cdn/stories/home?token=${PREVIEW}`);
    expect(viaPreviewToken.body).toEqual(published.body);
    const draft = await get(emulator, `/v2/cdn/stories/home?version=draft&token=${PREVIEW}`);
    expect(heroTitle(draft.body.story)).toBe("Van idee tot app in de stores, samen met Koraal");
  });

  it("falls back to the published story when there is no draft, and marks every blok as editable", async () => {
    const emulator = createEmulator(snapshot);
    const draft = await get(emulator, `/v2/cdn/stories/contact?version=draft&token=${PREVIEW}`);
    const published = snapshot.stories.find((story) => story.full_slug === "contact") as StoredStory;
    const hero = (draft.body.story.content.body as StoredBlok[])[0] as StoredBlok;
    expect(hero._editable).toBe(
      `<!--#storyblok#{"name": "HeroBanner", "space": "287341", "uid": "${hero._uid}", "id": "${published.id}"}-->`,
    );
    const { _editable, ...withoutMarker } = hero;
    expect(withoutMarker).toEqual(inDefaultLanguage((published.content.body as StoredBlok[])[0]));
  });

  it("knows never-published stories only in the draft version", async () => {
    const emulator = createEmulator(blog([post(1)], [{ ...post(2), published_at: null, first_published_at: null }]));
    expect(await get(emulator, `/v2/cdn/stories/blog/post-2?token=${PREVIEW}`)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect((await get(emulator, `/v2/cdn/stories/blog/post-2?version=draft&token=${PREVIEW}`)).body.story.name).toBe("Post 2");
    expect(slugs((await get(emulator, `/v2/cdn/stories?version=draft&sort_by=position:asc&token=${PREVIEW}`)).body.stories)).toEqual([
      "blog/post-1",
      "blog/post-2",
    ]);
  });

  it("refuses a missing or unknown token, and drafts with the public token, with 401", async () => {
    const emulator = createEmulator(snapshot);
    for (const path of [
      "/v2/cdn/stories/home",
      "/v2/cdn/stories/home?token=nope",
      `/v2/cdn/stories/home?version=draft&token=${PUBLIC}`,
      "/v2/cdn/links",
      "/v2/cdn/spaces/me?token=",
    ]) {
      expect(await get(emulator, path)).toEqual({
        status: 401,
        statusText: "Unauthorized",
        headers: { "content-type": "application/json" },
        body: UNAUTHORIZED,
      });
    }
  });
});

describe("errors", () => {
  const emulator = createEmulator(snapshot);

  it("answers 404 with the API's body for unknown stories, links and paths", async () => {
    expect(await get(emulator, `/v2/cdn/stories/bestaat-niet?token=${PUBLIC}`)).toEqual({
      status: 404,
      statusText: "Not Found",
      headers: { "content-type": "application/json" },
      body: NOT_FOUND,
    });
    expect((await get(emulator, `/v2/cdn/stories/999?token=${PUBLIC}`)).body).toEqual(NOT_FOUND);
    expect((await get(emulator, `/v2/cdn/links/${uuidOf(1)}?token=${PUBLIC}`)).body).toEqual(NOT_FOUND);
    expect(await get(emulator, `/v2/cdn/nothing?token=${PUBLIC}`)).toEqual({
      status: 404,
      statusText: "Not Found",
      headers: { "content-type": "application/json" },
      body: { error: "Not Found" },
    });
    expect((await get(emulator, `/v1/cdn/stories?token=${PUBLIC}`)).status).toBe(404);
  });

  it("answers 405 to anything but GET", async () => {
    expect(await get(emulator, `/v2/cdn/stories?token=${PUBLIC}`, { method: "POST", body: "{}" })).toEqual({
      status: 405,
      statusText: "Method Not Allowed",
      headers: { "content-type": "application/json", allow: "GET" },
      body: { error: "Method Not Allowed" },
    });
  });

  it("accepts Request, URL and path inputs; the host does not matter", async () => {
    const path = `/v2/cdn/spaces/me?token=${PUBLIC}`;
    const expected = { space: snapshot.space };
    expect(await (await emulator.fetch(new Request(`https://api.storyblok.com${path}`))).json()).toEqual(expected);
    expect(await (await emulator.fetch(new URL(`http://localhost:1234${path}`))).json()).toEqual(expected);
    expect(await (await emulator.fetch(path)).json()).toEqual(expected);
    expect((await emulator.fetch(new Request(`https://x${path}`, { method: "DELETE" }))).status).toBe(405);
  });
});

describe("relations and links", () => {
  const related = (count: number) =>
    posts(count).map((story) => ({ ...story, full_slug: `team/lid-${story.id}`, slug: `lid-${story.id}`, parent_id: 901 }));

  it("puts up to 50 related stories in rels, and only their uuids in rel_uuids beyond that", async () => {
    const members = related(51);
    const page = (count: number): StoredStory => ({
      ...post(100),
      uuid: uuidOf(100 + count),
      full_slug: `blog/team-${count}`,
      slug: `team-${count}`,
      id: 2000 + count,
      content: { _uid: "u", component: "Team", members: members.slice(0, count).map((m) => m.uuid) },
    });
    const emulator = createEmulator(blog([...members, page(50), page(51)]));
    const fifty = await get(emulator, `/v2/cdn/stories/blog/team-50?resolve_relations=Team.members&token=${PUBLIC}`);
    expect(fifty.body.rels.map((story: StoredStory) => story.uuid)).toEqual(members.slice(0, 50).map((m) => m.uuid));
    expect(fifty.body).not.toHaveProperty("rel_uuids");
    const fiftyOne = await get(emulator, `/v2/cdn/stories/blog/team-51?resolve_relations=Team.members&token=${PUBLIC}`);
    expect(fiftyOne.body.rels).toEqual([]);
    expect(fiftyOne.body.rel_uuids).toEqual(members.map((m) => m.uuid));
    expect((await get(emulator, `/v2/cdn/stories/blog/team-50?resolve_relations=Other.members&token=${PUBLIC}`)).body.rels).toEqual([]);
  });

  it("resolves story links as url objects, link entries or whole stories", async () => {
    const target = post(2);
    const source = post(1, {
      cta: storyLink(target.uuid, "blog/old-slug"),
      external: { id: "", url: "https://x.example", linktype: "url", fieldtype: "multilink", cached_url: "https://x.example" },
    });
    const emulator = createEmulator(blog([source, target]));
    const url = await get(emulator, `/v2/cdn/stories/blog/post-1?resolve_links=url&token=${PUBLIC}`);
    expect(url.body.links).toEqual([
      { name: "Post 2", id: 1002, uuid: target.uuid, slug: "post-2", url: "blog/post-2", full_slug: "blog/post-2" },
    ]);
    const link = await get(emulator, `/v2/cdn/stories/blog/post-1?resolve_links=link&token=${PUBLIC}`);
    expect(link.body.links).toEqual([
      {
        id: 1002,
        uuid: target.uuid,
        slug: "blog/post-2",
        path: null,
        parent_id: 900,
        name: "Post 2",
        is_folder: false,
        published: true,
        is_startpage: false,
        position: 20,
        real_path: "/blog/post-2",
        full_slug: "blog/post-2",
        alternates: [],
      },
    ]);
    const story = await get(emulator, `/v2/cdn/stories/blog/post-1?resolve_links=story&token=${PUBLIC}`);
    expect(story.body.links).toEqual([target]);
  });

  it("resolves links from rich text and returns link_uuids past 50", async () => {
    const targets = posts(51).map((story) => ({ ...story, full_slug: `docs/${story.slug}`, parent_id: 902 }));
    const mark = (uuid: string) => ({
      type: "text",
      text: "x",
      marks: [{ type: "link", attrs: { href: "/x", uuid, anchor: null, target: "_self", linktype: "story" } }],
    });
    const doc = (uuids: string[]) => ({ type: "doc", content: [{ type: "paragraph", content: uuids.map(mark) }] });
    const few = { ...post(60), content: { _uid: "a", component: "Post", body: doc([targets[0]?.uuid ?? ""]) } };
    const many = { ...post(61), content: { _uid: "b", component: "Post", body: doc(targets.map((t) => t.uuid)) } };
    const emulator = createEmulator(blog([...targets, few, many]));
    expect((await get(emulator, `/v2/cdn/stories/blog/post-60?resolve_links=url&token=${PUBLIC}`)).body.links).toHaveLength(1);
    const past = await get(emulator, `/v2/cdn/stories/blog/post-61?resolve_links=url&token=${PUBLIC}`);
    expect([past.body.links, past.body.link_uuids]).toEqual([[], targets.map((t) => t.uuid)]);
  });
});

describe("folder start pages", () => {
  const emulator = createEmulator(snapshot);
  const START_PAGES = ["cases/", "diensten/", "insights/", "sectoren/", "team/", "vacatures/"];
  const list = async (query: string) =>
    slugs((await get(emulator, `/v2/cdn/stories?${query}&per_page=100&token=${PUBLIC}`)).body.stories).sort();

  it("lists a start page with its folder's stories unless is_startpage=false (or 0) is given", async () => {
    const inFolder = snapshot.stories.filter((story) => story.full_slug.startsWith("cases/") && !story.is_startpage);
    expect(inFolder.length).toBeGreaterThan(0);
    expect(await list("starts_with=cases/")).toEqual(["cases/", ...slugs(inFolder)].sort());
    expect(await list("starts_with=cases/&is_startpage=false")).toEqual(slugs(inFolder).sort());
    expect(await list("starts_with=cases/&is_startpage=0")).toEqual(slugs(inFolder).sort());
    expect(await list("is_startpage=1")).toEqual(START_PAGES);
    const story = await get(emulator, `/v2/cdn/stories/cases/?token=${PUBLIC}`);
    expect([story.body.story.full_slug, story.body.story.slug, story.body.story.is_startpage]).toEqual(["cases/", "cases", true]);
  });

  it("lists the folder and its start page apart in the links, the start page inside the folder", async () => {
    const answer = await get(emulator, `/v2/cdn/links?starts_with=diensten&per_page=1000&token=${PUBLIC}`);
    const links = Object.values(answer.body.links as Record<string, LinkEntry>);
    const folder = links.find((link) => link.slug === "diensten");
    const start = links.find((link) => link.slug === "diensten/");
    expect(folder).toMatchObject({ is_folder: true, is_startpage: false, parent_id: null, real_path: "/diensten" });
    expect(start).toMatchObject({ is_folder: false, is_startpage: true, published: true, parent_id: folder?.id, real_path: "/diensten" });
    expect(links.filter((link) => link.parent_id === folder?.id && link.is_startpage)).toEqual([start]);
  });

  it("refuses two entries with one slug in one folder, naming both", () => {
    const page = { ...post(2), slug: "blog", full_slug: "blog", parent_id: 0, name: "Blog" };
    expect(() => createEmulator(blog([post(1), page]))).toThrowError(
      'Storyblok would refuse this space: slug "blog" is used twice at the root, by folder "blog" and story "blog"; make it the folder\'s start page, full_slug "blog/"',
    );
    const twin = { ...post(3), slug: "post-1", full_slug: "blog/post-1" };
    expect(() => createEmulator(blog([post(1)], [twin]))).toThrowError(
      'Storyblok would refuse this space: slug "post-1" is used twice in folder "blog", by story "blog/post-1" and story "blog/post-1"',
    );
  });
});

describe("links, space, datasources", () => {
  const emulator = createEmulator(snapshot);

  it("derives folders from full_slugs with the parent_id their stories use", async () => {
    const at = (story: StoredStory, fullSlug: string, parentId: number): StoredStory => ({
      ...story,
      full_slug: fullSlug,
      slug: fullSlug.split("/").pop() ?? "",
      parent_id: parentId,
    });
    const stories = [
      post(1),
      post(2),
      at(post(3), "blog/archief/post-3", 950),
      at(post(4), "contact", 0),
      at(post(5), "docs/api/intro", 960),
    ];
    const { body, headers } = await get(createEmulator(blog(stories)), `/v2/cdn/links?token=${PUBLIC}`);
    const links = Object.values(body.links as Record<string, LinkEntry>);
    // No story sits directly in "docs", so no parent_id names it: its id is derived from the path.
    const docs = links.find((link) => link.slug === "docs")?.id;
    expect(docs).toEqual(expect.any(Number));
    expect([900, 950, 960, 0]).not.toContain(docs);
    expect(links.map((link) => [link.slug, link.id, link.parent_id, link.is_folder, link.name])).toEqual([
      ["blog", 900, null, true, "Blog"],
      ["blog/archief", 950, 900, true, "Archief"],
      ["blog/archief/post-3", 1003, 950, false, "Post 3"],
      ["blog/post-1", 1001, 900, false, "Post 1"],
      ["blog/post-2", 1002, 900, false, "Post 2"],
      ["contact", 1004, null, false, "Post 4"],
      ["docs", docs, null, true, "Docs"],
      ["docs/api", 960, docs, true, "Api"],
      ["docs/api/intro", 1005, 960, false, "Post 5"],
    ]);
    expect(links[1]).toEqual({
      id: 950,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slug: "blog/archief",
      path: null,
      parent_id: 900,
      name: "Archief",
      is_folder: true,
      published: false,
      is_startpage: false,
      position: 0,
      real_path: "/blog/archief",
    });
    expect(new Set(links.map((link) => link.uuid)).size).toBe(links.length);
    expect([headers.total, headers["per-page"]]).toEqual(["9", "25"]);
    // Folder ids and uuids do not depend on the order of the stories, nor on the emulator instance.
    expect((await get(createEmulator(blog([...stories].reverse())), `/v2/cdn/links?token=${PUBLIC}`)).body).toEqual(body);

    // The demo content: every story's link names the folder its parent_id names, and every folder is listed once.
    const all = await get(emulator, `/v2/cdn/links?per_page=1000&token=${PUBLIC}`);
    const entries = Object.values(all.body.links as Record<string, LinkEntry>);
    const folderOf = (story: StoredStory) => {
      const slug = story.full_slug.replace(/\/$/, "");
      return story.is_startpage ? slug : slug.slice(0, Math.max(0, slug.lastIndexOf("/")));
    };
    const folders = new Set(
      snapshot.stories.flatMap((story) =>
        folderOf(story)
          .split("/")
          .filter(Boolean)
          .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
      ),
    );
    const folderLinks = new Map(entries.filter((entry) => entry.is_folder).map((entry) => [entry.slug, entry]));
    expect([...folderLinks.keys()].sort()).toEqual([...folders].sort());
    expect(all.headers.total).toBe(String(snapshot.stories.length + folders.size));
    for (const story of snapshot.stories) {
      const folder = folderOf(story);
      expect(entries.find((entry) => entry.uuid === story.uuid)).toMatchObject({
        slug: story.full_slug,
        is_folder: false,
        parent_id: folder ? story.parent_id : null,
      });
      if (folder) expect(folderLinks.get(folder)?.id).toBe(story.parent_id);
    }
  });

  it("answers spaces/me with the current cache version, and the datasource entries", async () => {
    expect((await get(emulator, `/v2/cdn/spaces/me/?token=${PUBLIC}`)).body).toEqual({
      space: { id: 287341, name: "Koraal", domain: "https://www.koraal.nl/", version: snapshot.space.version, language_codes: ["en"] },
    });
    const entries = await get(emulator, `/v2/cdn/datasource_entries?datasource=redirects&token=${PUBLIC}`);
    expect(entries).toEqual({
      status: 200,
      statusText: "OK",
      headers: { "content-type": "application/json", total: "2", "per-page": "25" },
      body: {
        datasource_entries: [
          { id: 9101001, name: "/oude-pagina", value: "/over-ons", dimension_value: null },
          { id: 9101002, name: "/linkedin", value: "https://www.linkedin.com/company/koraal", dimension_value: null },
        ],
        cv: snapshot.space.version,
      },
    });
    expect((await get(emulator, `/v2/cdn/datasource_entries?datasource=unknown&token=${PUBLIC}`)).body.datasource_entries).toEqual([]);
  });
});

describe("faults", () => {
  const withFault = (fault: EmulatorOptions["fault"]) => createEmulator(snapshot, { fault });
  const path = `/v2/cdn/stories/home?token=${PUBLIC}`;

  it("answers an injected 429 with its headers, only where the fault applies", async () => {
    const seen: string[] = [];
    const emulator = withFault((url) => {
      seen.push(url.pathname);
      return url.pathname.endsWith("/home") ? { status: 429, headers: { "retry-after": "1" } } : undefined;
    });
    expect(await get(emulator, path)).toEqual({
      status: 429,
      statusText: "Too Many Requests",
      headers: { "content-type": "application/json", "retry-after": "1" },
      body: { error: "Too Many Requests" },
    });
    expect((await get(emulator, `/v2/cdn/stories/contact?token=${PUBLIC}`)).status).toBe(200);
    expect(seen).toEqual(["/v2/cdn/stories/home", "/v2/cdn/stories/contact"]);
  });

  it("answers an injected 500 with the given body", async () => {
    expect(
      await get(
        withFault(() => ({ status: 500 })),
        path,
      ),
    ).toMatchObject({ status: 500, statusText: "Internal Server Error", body: { error: "Internal Server Error" } });
    expect(
      (
        await get(
          withFault(() => ({ status: 503, body: ["down"] })),
          path,
        )
      ).body,
    ).toEqual(["down"]);
  });

  it("delays with a real timer, then answers normally", async () => {
    const emulator = withFault(() => ({ delayMs: 80 }));
    const answer = emulator.fetch(`https://emulator.local${path}`);
    const first = await Promise.race([answer.then(() => "answer"), new Promise((resolve) => setTimeout(() => resolve("timer"), 10))]);
    expect(first).toBe("timer");
    expect((await answer).status).toBe(200);
  });

  it("gives up a delayed answer when the request is aborted, like fetch", async () => {
    const controller = new AbortController();
    const answer = withFault(() => ({ delayMs: 10_000 })).fetch(`https://emulator.local${path}`, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: "AbortError" });
  });

  it("fails like a dropped connection with networkError", async () => {
    await expect(withFault(() => ({ networkError: true })).fetch(`https://emulator.local${path}`)).rejects.toThrow(
      new TypeError("fetch failed"),
    );
  });
});

describe("publish()", () => {
  it("promotes the draft, bumps cv and leaves the snapshot it was given untouched", async () => {
    const hero = (title: string) => ({ body: [{ _uid: "hero", component: "HeroBanner", title }] });
    const published = post(1, hero("Oud"));
    const given = blog([published, post(2, hero("Ander"))], [{ ...post(1, hero("Nieuw")), updated_at: "2025-03-01T08:00:00.000Z" }]);
    const before = JSON.stringify(given);
    const at = Date.UTC(2026, 0, 20, 12, 0, 0);
    const emulator = createEmulator(given, { now: () => at });
    const oldCv = given.space.version;
    // The clock is past the snapshot's cv, so the new cv is the time of publishing.
    expect(oldCv).toBeLessThan(at / 1000);
    const stale = await get(emulator, `/v2/cdn/stories/blog/post-1?cv=${oldCv}&token=${PUBLIC}`);
    expect([heroTitle(stale.body.story), stale.body.cv]).toEqual(["Oud", oldCv]);

    emulator.publish("blog/post-1");
    const newCv = at / 1000;
    expect(emulator.cacheVersion).toBe(newCv);
    expect((await get(emulator, `/v2/cdn/spaces/me?token=${PUBLIC}`)).body.space.version).toBe(newCv);

    const fresh = await get(emulator, `/v2/cdn/stories/blog/post-1?cv=${newCv}&token=${PUBLIC}`);
    expect(fresh.body).toMatchObject({
      cv: newCv,
      story: {
        id: published.id,
        uuid: published.uuid,
        published_at: "2026-01-20T12:00:00.000Z",
        updated_at: "2026-01-20T12:00:00.000Z",
        first_published_at: published.first_published_at,
      },
    });
    expect(heroTitle(fresh.body.story)).toBe("Nieuw");
    // Other stories stay as they were, under the new cv.
    expect((await get(emulator, `/v2/cdn/stories/blog/post-2?cv=${newCv}&token=${PUBLIC}`)).body.story).toEqual(given.stories[1]);
    // Like the CDN: a URL with the old cv keeps answering what it answered before.
    expect((await get(emulator, `/v2/cdn/stories/blog/post-1?cv=${oldCv}&token=${PUBLIC}`)).body).toEqual(stale.body);
    const draft = await get(emulator, `/v2/cdn/stories/blog/post-1?version=draft&token=${PREVIEW}`);
    expect(heroTitle(draft.body.story)).toBe("Nieuw");
    expect(draft.body.story.published_at).toBe("2026-01-20T12:00:00.000Z");
    expect(JSON.stringify(given)).toBe(before);
  });

  it("always moves cv forward, also within one second, and refuses unknown stories", async () => {
    const emulator = createEmulator(snapshot, { now: () => 0 });
    emulator.publish("contact");
    emulator.publish("contact");
    expect(emulator.cacheVersion).toBe(snapshot.space.version + 2);
    expect(() => emulator.publish("bestaat-niet")).toThrow('publish: no story with full_slug "bestaat-niet"');
  });
});

describe("storyblok-js-client against the emulator", () => {
  const client = (emulator: Emulator, accessToken = PUBLIC) =>
    new StoryblokClient({
      accessToken,
      endpoint: "https://emulator.local/v2",
      fetch: emulator.fetch,
      cache: { type: "none", clear: "manual", cv: "manual" },
    });

  it("getStory returns the story and the cv", async () => {
    const { data } = await client(createEmulator(snapshot)).getStory("theme/theme");
    expect(data.story.content.component).toBe("Theme");
    expect(data.cv).toBe(snapshot.space.version);
    const draft = await client(createEmulator(snapshot), PREVIEW).getStory("home", { version: "draft" });
    expect(heroTitle(draft.data.story as unknown as StoredStory)).toBe("Van idee tot app in de stores, samen met Koraal");
  });

  it("get('cdn/stories') reads total and per-page, getAll walks every page", async () => {
    const emulator = createEmulator(blog(posts(7)));
    const page = await client(emulator).get("cdn/stories", { starts_with: "blog/", per_page: 3, page: 3, sort_by: "position:asc" });
    expect([slugs(page.data.stories as unknown as StoredStory[]), page.total, page.perPage]).toEqual([["blog/post-7"], 7, 3]);
    const all = (await client(emulator).getAll("cdn/stories", { per_page: 2, sort_by: "position:asc" })) as StoredStory[];
    expect(slugs(all)).toEqual(["blog/post-1", "blog/post-2", "blog/post-3", "blog/post-4", "blog/post-5", "blog/post-6", "blog/post-7"]);
  });

  it("resolves relations from rels, and through rel_uuids (by_uuids in chunks of 50) past 50", async () => {
    const members = posts(60).map((story) => ({ ...story, full_slug: `team/lid-${story.id}`, slug: `lid-${story.id}`, parent_id: 901 }));
    const team = (count: number): StoredStory => ({
      ...post(100),
      id: 3000 + count,
      uuid: uuidOf(7000 + count),
      slug: `team-${count}`,
      full_slug: `blog/team-${count}`,
      content: { _uid: "t", component: "Team", members: members.slice(0, count).map((m) => m.uuid) },
    });
    const requests: string[] = [];
    const emulator = createEmulator(blog([...members, team(3), team(60)]), { fault: (url) => void requests.push(url.search) });

    const small = await client(emulator).getStory("blog/team-3", { resolve_relations: "Team.members" });
    expect((small.data.story.content.members as StoredStory[]).map((m) => m.full_slug)).toEqual([
      "team/lid-1001",
      "team/lid-1002",
      "team/lid-1003",
    ]);

    requests.length = 0;
    const large = await client(emulator).getStory("blog/team-60", { resolve_relations: "Team.members" });
    const resolved = large.data.story.content.members as StoredStory[];
    expect(resolved.map((m) => m.uuid)).toEqual(members.map((m) => m.uuid));
    expect(requests.filter((search) => search.includes("by_uuids"))).toHaveLength(2);
  });

  it("resolves story links into the link fields", async () => {
    const target = post(2);
    const emulator = createEmulator(blog([post(1, { cta: storyLink(target.uuid, "blog/post-2") }), target]));
    const { data } = await client(emulator).getStory("blog/post-1", { resolve_links: "url" });
    expect((data.story.content.cta as LinkField).story).toEqual({
      name: "Post 2",
      id: 1002,
      uuid: target.uuid,
      slug: "post-2",
      url: "blog/post-2",
      full_slug: "blog/post-2",
      _stopResolving: true,
    });
  });

  it("reports the emulator's failures as the client's errors", async () => {
    await expect(client(createEmulator(snapshot)).getStory("bestaat-niet")).rejects.toMatchObject({
      status: 404,
      message: "This record could not be found",
    });
    await expect(client(createEmulator(snapshot), "nope").getStory("home")).rejects.toMatchObject({ status: 401, message: "Unauthorized" });
  });
});

describe("the embedded space in English (field-level translation)", () => {
  const emulator = createEmulator(snapshot);
  const hasEnglishFields = (story: StoredStory) => JSON.stringify(story.content).includes("__i18n__en");
  const english = (story: StoredStory) => story.translated_slugs?.find((entry) => entry.lang === "en");

  it("marks exactly the stories with English fields as published in English (translated_slugs), with consistent folder slugs", () => {
    for (const story of [...snapshot.stories, ...snapshot.drafts]) {
      const entry = english(story);
      expect([story.full_slug, entry?.published === true]).toEqual([story.full_slug, hasEnglishFields(story)]);
      expect(entry?.path.split("/").length).toBe(story.full_slug.split("/").length);
      expect(story.default_full_slug).toBe(story.full_slug);
    }
    const folderPaths = new Map<string, Set<string>>();
    for (const story of snapshot.stories) {
      const [folder, translated] = [
        story.full_slug.split("/").slice(0, -1).join("/"),
        english(story)?.path.split("/").slice(0, -1).join("/") ?? "",
      ];
      if (folder) folderPaths.set(folder, (folderPaths.get(folder) ?? new Set()).add(translated));
    }
    expect([...folderPaths].filter(([, paths]) => paths.size !== 1)).toEqual([]);
    expect(snapshot.stories.filter((story) => english(story)?.published).map((story) => english(story)?.path)).toEqual([
      "cases/",
      "cases/domstad-bike-sharing",
      "cases/vakwerk-member-portal",
      "contact",
      "services/",
      "services/app-development",
      "services/product-design",
      "services/web-development",
      "home",
      "insights/",
      "insights/measuring-what-matters",
      "insights/native-flutter-or-react-native",
      "privacy",
      "team/daan-verhoeven",
      "team/eva-smit",
      "team/fatima-el-amrani",
      "team/joost-bakker",
      "team/lotte-jansen",
      "team/mehmet-yilmaz",
      "team/sanne-de-vries",
      "team/thomas-van-dijk",
      "theme/theme",
      "jobs/",
      "jobs/product-designer",
    ]);
  });

  it("serves the English pages by their English paths, in English, and the Dutch ones unchanged", async () => {
    const english = await get(emulator, `/v2/cdn/stories/en/services/web-development?token=${PUBLIC}`);
    expect([english.status, english.body.story.full_slug, english.body.story.lang, heroTitle(english.body.story)]).toEqual([
      200,
      "en/services/web-development",
      "en",
      "Web development",
    ]);
    const dutch = await get(emulator, `/v2/cdn/stories/diensten/webontwikkeling?token=${PUBLIC}`);
    expect([dutch.body.story.full_slug, dutch.body.story.lang, heroTitle(dutch.body.story)]).toEqual([
      "diensten/webontwikkeling",
      "default",
      "Webontwikkeling",
    ]);
    expect(JSON.stringify([english.body, dutch.body])).not.toContain("__i18n__");
    expect((await get(emulator, `/v2/cdn/stories/services/web-development?token=${PUBLIC}`)).status).toBe(404);
  });

  it("has the theme's menu and footer in English", async () => {
    const { body } = await get(emulator, `/v2/cdn/stories/theme/theme?language=en&token=${PUBLIC}`);
    const header = body.story.content.header[0] as StoredBlok;
    expect((header.desktopNavigationMenu as StoredBlok[]).map((item) => item.title)).toEqual([
      "Services",
      "About us",
      "Cases",
      "Insights",
      "Contact",
    ]);
    expect((body.story.content.footer[0] as StoredBlok).title).toBe("Building digital products together");
  });

  it("lists link alternates for the sitemap: English path and whether the English version is published", async () => {
    const { body } = await get(emulator, `/v2/cdn/links?per_page=1000&token=${PUBLIC}`);
    const links = Object.values(body.links as Record<string, LinkEntry>);
    const alternate = (slug: string) => links.find((link) => link.slug === slug)?.alternates;
    expect(alternate("diensten/app-ontwikkeling")).toEqual([
      { path: "services/app-development", name: "App development", lang: "en", published: true, translated_slug: "app-development" },
    ]);
    expect(alternate("vacatures/senior-react-native-developer")).toEqual([
      {
        path: "jobs/senior-react-native-developer",
        name: "Senior React Native developer",
        lang: "en",
        published: false,
        translated_slug: "senior-react-native-developer",
      },
    ]);
  });
});
