import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import { isCacheVersion } from "../../src/server/content/cache";
import { datasourceEntriesProblem, linksProblem, loadedStoryProblem, storyListProblem } from "../../src/server/content/shape";
import { createStoryblokApi } from "../../src/server/content/storyblok";
import type { LoadedStory } from "../../src/shared/content";

const api = () =>
  createStoryblokApi({ endpoint: "https://emulator.local/v2", token: snapshot.tokens.public, fetch: createEmulator(snapshot).fetch });
const contact = snapshot.stories.find((story) => story.full_slug === "contact")!;
const theme = snapshot.stories.find((story) => story.full_slug === "theme/theme")!;
const loaded = (story: unknown): LoadedStory => ({ story, rels: [], links: [], cv: 1 }) as unknown as LoadedStory;

describe("origin answers the site can render", () => {
  it("accepts every published story, in both languages, with its relations and links resolved", async () => {
    const client = api();
    for (const story of snapshot.stories) {
      for (const language of [undefined, "en"]) {
        const answer = await client.story(story.full_slug, { resolve_links: "url", resolve_relations: "CaseDetail.related", language });
        expect([story.full_slug, language, loadedStoryProblem(answer)]).toEqual([story.full_slug, language, undefined]);
      }
    }
  });

  it("accepts the links list, a story listing and the datasource entries", async () => {
    const client = api();
    expect(linksProblem(await client.links({ include_dates: 1 }))).toBeUndefined();
    expect(storyListProblem(await client.stories({ starts_with: "cases/", per_page: 25 }))).toBeUndefined();
    expect(datasourceEntriesProblem(await client.datasourceEntries("redirects"))).toBeUndefined();
    expect(isCacheVersion(await client.cacheVersion())).toBe(true);
  });
});

describe("wrong shapes, each named", () => {
  it.each([
    ["no story", { story: null, rels: [], links: [], cv: 1 }, "story is not an object"],
    ["content a string", loaded({ ...contact, content: "kapot" }), "story.content has no component name"],
    ["content without a component", loaded({ ...contact, content: { body: [] } }), "story.content has no component name"],
    [
      "a page body that is a string",
      loaded({ ...contact, content: { ...contact.content, body: "kapot" } }),
      "story.content.body is not a list",
    ],
    [
      "a theme header that is an object",
      loaded({ ...theme, content: { ...theme.content, header: {} } }),
      "story.content.header is not a list",
    ],
    [
      "a nested blok whose component is a number",
      loaded({ ...contact, content: { ...contact.content, body: [{ _uid: "x", component: 7 }] } }),
      "story.content.body[0].component is not a string",
    ],
    ["a hole in a block list", loaded({ ...contact, content: { ...contact.content, body: [null] } }), "story.content.body[0] is empty"],
    ["no full_slug", loaded({ ...contact, full_slug: undefined }), "story.full_slug is not a string"],
    ["rels missing", { story: contact, links: [], cv: 1 }, "rels or links is not a list"],
  ])("a story answer with %s", (_, value, problem) => {
    expect(loadedStoryProblem(value as unknown as LoadedStory)).toBe(problem);
  });

  it("a listing, the links and datasource entries", () => {
    const list = { stories: [contact], rels: [], total: 1, perPage: 25 };
    expect(storyListProblem(list as never)).toBeUndefined();
    expect(storyListProblem({ ...list, stories: "x" } as never)).toBe("stories is not a list");
    expect(storyListProblem({ ...list, total: Number.NaN } as never)).toBe("total or per-page is not a number");
    expect(storyListProblem({ ...list, stories: [{ ...contact, content: null }] } as never)).toBe(
      "stories[0].content has no component name",
    );
    expect(linksProblem("x" as never)).toBe("links is not a list");
    expect(
      linksProblem([
        { id: 1, slug: "a", published: true, is_folder: false },
        { id: "2", slug: "b" },
      ] as never),
    ).toBe("links[1] lacks id, slug, published or is_folder");
    expect(datasourceEntriesProblem({} as never)).toBe("datasource_entries is not a list");
    expect(datasourceEntriesProblem([{ name: "a", value: 1 }] as never)).toBe("datasource_entries[0] lacks a name or value");
  });

  it.each([
    [1767608898, true],
    [Number.NaN, false],
    [0, false],
    [-5, false],
    [1.5, false],
    [Number.POSITIVE_INFINITY, false],
    ["1767608898", false],
  ])("cache version %s: %s", (value, ok) => {
    expect(isCacheVersion(value)).toBe(ok);
  });
});
