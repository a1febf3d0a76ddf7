// The stories a fresh isolate renders once while it starts (src/server/render/warm-up.tsx), picked
// from the demo space by `npm run build` and written to `.generated/warm-up.js`: home, one story of
// every other page type, one page holding every body block home does not use, the theme, and a
// story of the one card type no page is (a team member). Read through the CDN emulator, so they are
// what the Content Delivery API answers (in the default language, without translation keys); then
// their text is blanked out.
import type { EmbeddedSpace } from "../../src/server/demo/embedded.ts";
import type { WarmUpPage } from "../../src/server/render/warm-up.tsx";
import type { Blok, Story } from "../../src/shared/content.ts";

const NOT_PAGES = new Set(["Theme", "TeamMember"]);

export async function warmUpPage({ snapshot, createEmulator }: EmbeddedSpace): Promise<WarmUpPage> {
  const emulator = createEmulator(snapshot);
  const url = `https://api.storyblok.com/v2/cdn/stories?token=${snapshot.tokens.public}&version=published&per_page=100`;
  const res = await emulator.fetch(url);
  if (!res.ok) throw new Error(`warm-up page: the emulator answered ${res.status}`);
  const { stories } = (await res.json()) as { stories: Story[] };
  const theme = stories.find((story) => story.content.component === "Theme");
  if (!theme) throw new Error("warm-up page: the space has no theme story");
  const pages = coveringPages(stories.filter((story) => !NOT_PAGES.has(story.content.component)));
  // the listings' cards come from `pages` too: only types no page has
  const cards = stories.filter((story) => NOT_PAGES.has(story.content.component) && story !== theme).slice(0, 1);
  const ids = new Map(stories.map((story, i) => [story.uuid, `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`]));
  const blank = (story: Story): Story => ({ ...blanked(story, ids), id: Number(ids.get(story.uuid)?.slice(-12)) });
  return { theme: blank(theme), pages: pages.map(blank), cards: cards.map(blank) };
}

/**
 * A story with the same shape and none of the space's words or ids: text (any string with a space
 * in it) becomes as many x's, and every story uuid (the story's own, a link's, a relation's) another
 * one, the same wherever it is. Asset URLs, paths and field values without spaces (a colour, a size)
 * stay: they choose what is rendered. The Worker that talks to a real space carries these, not the
 * demo space (tests/node/worker-bundle.test.ts).
 */
function blanked<T>(value: T, ids: Map<string, string>): T {
  if (typeof value === "string") {
    const id = ids.get(value);
    if (id !== undefined) return id as T;
    return (/\s/.test(value) ? value.replace(/\p{L}/gu, (c) => (c === c.toLowerCase() ? "x" : "X")) : value) as T;
  }
  if (Array.isArray(value)) return value.map((item) => blanked(item, ids)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blanked(v, ids)])) as T;
  return value;
}

/**
 * Home as it is; one story of every other page type, without its body; and one page whose body holds
 * the first instance of every body block the space uses that home does not, with what is nested in it.
 */
export function coveringPages(stories: Story[]): Story[] {
  const home = stories.find((story) => story.full_slug === "home");
  if (!home) throw new Error("warm-up page: the space has no home page");
  const seen = componentsOf(home.content);
  const blocks: Blok[] = [];
  for (const story of stories) {
    for (const blok of bodyOf(story.content)) {
      if (seen.has(blok.component)) continue;
      blocks.push(blok);
      componentsOf(blok, seen);
    }
  }
  const types = new Map<string, Story>();
  for (const story of stories) {
    const type = story.content.component;
    if (type !== home.content.component && !types.has(type)) types.set(type, story);
  }
  const withBody = (story: Story, body: Blok[]): Story => ({ ...story, content: { ...story.content, body } as Blok });
  return [home, ...[...types.values()].map((story) => withBody(story, [])), withBody(home, blocks)];
}

function bodyOf(content: Blok & { body?: unknown }): Blok[] {
  return Array.isArray(content.body) ? (content.body as Blok[]) : [];
}

function componentsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) componentsOf(item, into);
  else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.component === "string") into.add(record.component);
    for (const item of Object.values(record)) componentsOf(item, into);
  }
  return into;
}
