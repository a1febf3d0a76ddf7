import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { isBlockName } from "../../src/site/blocks/registry";
import { createEmulator } from "../../src/server/demo/emulator";
import { loadedByEntryLoader } from "../../src/server/render/entry-loader";
import type { StoredBlok } from "../helpers/stored";
import { testApp } from "../helpers/site";
import { buildManifest } from "../../src/server/render/assets";
import { editableAttributes } from "../../src/site/editable";
import { previewLinkToken } from "../../src/shared/preview-link";
import { PAGE_CONTENT_TYPES } from "../../src/shared/pages/page-types";
import { renderBlok } from "../helpers/render";

// The visual-editor preview: only a valid link (signed with the space's preview token, at most an
// hour old) sees drafts; everyone else gets exactly what a visitor gets.

const BASE = "http://www.koraal.test";
const SPACE = snapshot.space.id;
const PREVIEW_TOKEN = snapshot.tokens.preview;
const home = snapshot.stories.find((story) => story.full_slug === "home")!;
const homeDraft = snapshot.drafts.find((story) => story.full_slug === "home")!;
const heroTitle = (story: typeof home) =>
  ((story.content as StoredBlok).body as Array<{ component: string; title: string }>).find((b) => b.component === "HeroBanner")!.title;
const DRAFT_TITLE = heroTitle(homeDraft);
const PUBLISHED_TITLE = heroTitle(home);

beforeEach(async () => {
  await resetStorage();
});

async function previewQuery(
  options: { storyId?: number; spaceId?: number; token?: string; age?: number; forge?: boolean } = {},
): Promise<string> {
  const timestamp = Math.floor(Date.now() / 1000) - (options.age ?? 0);
  const spaceId = options.spaceId ?? SPACE;
  let signature = await previewLinkToken(spaceId, options.token ?? PREVIEW_TOKEN, timestamp);
  if (options.forge) signature = (signature[0] === "a" ? "b" : "a") + signature.slice(1);
  const query = new URLSearchParams({
    _storyblok: String(options.storyId ?? home.id),
    "_storyblok_tk[space_id]": String(spaceId),
    "_storyblok_tk[timestamp]": String(timestamp),
    "_storyblok_tk[token]": signature,
  });
  return `?${query}`;
}

function setup(extraEnv: Record<string, string> = {}, real = false) {
  const emulator = createEmulator(snapshot);
  const app = testApp(real ? { contentFetch: emulator.fetch } : {});
  const testEnv = { ...env, ...extraEnv } as typeof env;
  return async (path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(BASE + path, init), testEnv, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, html };
  };
}

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

/** Headers as a visitor's browser sees them, with what differs per request (nonce, id, timings) masked. */
function comparableHeaders(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers);
  headers["content-security-policy"] = headers["content-security-policy"]!.replace(/'nonce-[^']+'/, "'nonce-*'");
  headers["x-request-id"] = "*";
  headers["server-timing"] = headers["server-timing"]!.replace(/content;desc="(hit|miss)"/, 'content;desc="cached"').replace(
    /dur=[\d.]+/g,
    "dur=*",
  );
  return headers;
}

async function kvKeys(): Promise<string[]> {
  return (await env.CONTENT_CACHE.list()).keys.map((key) => key.name);
}

describe("the embedded space on a public host", () => {
  it("does not open drafts with the documented local preview token, and says once that STORYBLOK_TOKEN is missing", async () => {
    const logs: Array<Record<string, unknown>> = [];
    const app = testApp({ logSink: (_, line) => logs.push(JSON.parse(line)) });
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(`https://www.koraal.nl/${await previewQuery()}`), env, ctx);
      const html = await response.text();
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(200);
      expect(html).toContain(PUBLISHED_TITLE);
      expect(html).not.toContain(DRAFT_TITLE);
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
    expect(logs.filter((l) => l.event === "content.token_missing")).toEqual([
      expect.objectContaining({
        level: "error",
        message: "STORYBLOK_TOKEN is not set on a public host: serving the embedded snapshot, drafts are closed",
      }),
    ]);
  });
});

describe("preview links that are not valid get the visitor's page", () => {
  const cases: Array<[string, () => Promise<string>]> = [
    ["missing (no token at all)", async () => `?_storyblok=${home.id}`],
    ["forged", () => previewQuery({ forge: true })],
    ["expired (two hours old)", () => previewQuery({ age: 7200 })],
    ["signed with the public token", () => previewQuery({ token: snapshot.tokens.public })],
    ["for another space", () => previewQuery({ spaceId: SPACE + 1 })],
  ];

  it.each(cases)("%s: published content, cacheable, from KV, headers byte-for-byte a visitor's", async (_name, query) => {
    const get = setup();
    const visitor = await get("/");
    const editor = await get(`/${await query()}`);
    expect(editor.response.status).toBe(200);
    expect(editor.html).toContain(PUBLISHED_TITLE);
    expect(editor.html).not.toContain(DRAFT_TITLE);
    expect(editor.response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(editor.response.headers.get("x-robots-tag")).toBeNull();
    expect(editor.response.headers.get("server-timing")).toMatch(/^content;desc="(hit|miss)"/);
    expect(comparableHeaders(editor.response)).toEqual(comparableHeaders(visitor.response));
    expect(editor.html).toContain('<meta name="robots" content="index,follow"/>');
    for (const marker of ["data-blok-c", "data-blok-uid", "data-preview-root", "/preview/bridge.js", "/assets/preview/"]) {
      expect(editor.html).not.toContain(marker);
    }
  });
});

describe("a valid preview link", () => {
  it("gets the draft, uncached, never indexed, framed only by the Storyblok app", async () => {
    const get = setup();
    const { response, html } = await get(`/${await previewQuery()}`);
    expect(response.status).toBe(200);
    expect(html).toContain(DRAFT_TITLE);
    expect(html).not.toContain(PUBLISHED_TITLE);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(html).toContain('<meta name="robots" content="noindex,nofollow"/>');
    expect(response.headers.get("server-timing")).toMatch(/^content;desc="draft"/);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self' https://app.storyblok.com");
    expect(csp).not.toContain("frame-ancestors 'none'");
  });

  it("marks every blok of the story for the editor", async () => {
    const get = setup();
    const { html } = await get(`/${await previewQuery()}`);
    const bloks: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === "object") {
        const record = node as Record<string, unknown>;
        if (typeof record.component === "string" && typeof record._uid === "string") bloks.push(record._uid);
        Object.values(record).forEach(walk);
      }
    };
    walk(homeDraft.content);
    const marked = [...html.matchAll(/data-blok-uid="(\d+)-([^"]+)"/g)].map((m) => [Number(m[1]), m[2]]);
    expect(marked.length).toBeGreaterThan(5);
    expect(marked.every(([id]) => id === homeDraft.id)).toBe(true);
    // the page and its top-level body blocks at least; nested ones rendered through the registry too
    expect(marked.map(([, uid]) => uid)).toEqual(
      expect.arrayContaining([
        homeDraft.content._uid,
        ...((homeDraft.content as StoredBlok).body as Array<{ _uid: string }>).map((b) => b._uid),
      ]),
    );
    for (const [, uid] of marked) expect(bloks).toContain(uid);
    expect(html).toMatch(
      /data-blok-c="\{&quot;name&quot;:&quot;Page&quot;,&quot;space&quot;:&quot;\d+&quot;,&quot;uid&quot;:&quot;[^&]+&quot;,&quot;id&quot;:&quot;\d+&quot;\}"/,
    );
  });

  it("loads only the preview bundle: not the visitor bundle, whose link prefetching must not run while an editor edits", async () => {
    const get = setup();
    const { html } = await get(`/${await previewQuery()}`);
    expect(html).toMatch(/<script type="module" src="\/assets\/preview\/preview\.[A-Z0-9]+\.js"/);
    expect(html).not.toContain(buildManifest.scripts.app);
    expect(html).not.toContain('rel="modulepreload"');
    const { html: visitor } = await get("/");
    expect(loadedByEntryLoader(visitor)).toEqual([...buildManifest.scripts.preload, buildManifest.scripts.app]);
  });

  it("loads the bridge and the preview bundle with the request's nonce, and hands the bundle the story", async () => {
    const get = setup();
    const { response, html } = await get(`/${await previewQuery()}`);
    const nonce = nonceOf(response)!;
    expect(html).toContain(`<script src="/preview/bridge.js" defer="" nonce="${nonce}"></script>`);
    expect(html).toMatch(new RegExp(`<script type="module" src="/assets/preview/preview\\.[A-Z0-9]+\\.js" nonce="${nonce}"></script>`));
    const props = JSON.parse(
      /data-preview-root="" data-props="([^"]*)"/
        .exec(html)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    );
    expect(props.storyId).toBe(homeDraft.id);
    expect(props.content._uid).toBe(homeDraft.content._uid);
    expect(props.path).toBe("/");
    expect(props.resolveRelations).toEqual(["Vacancy.contactPerson", "Contact.contactPerson", "CaseDetail.related"]);
  });

  it("never touches the content cache: drafts, the draft theme and listings come from the API", async () => {
    const get = setup();
    await get(`/cases${await previewQuery()}`);
    const afterPreview = await kvKeys();
    expect(afterPreview.filter((key) => /story\/|stories/.test(key))).toEqual([]);
    // the same page for a visitor is cached
    await get("/cases");
    expect((await kvKeys()).filter((key) => /story\/|stories/.test(key)).length).toBeGreaterThan(0);
  });

  it("resolves every listing before the page is sent, for the preview bundle to re-render", async () => {
    const get = setup();
    const { html } = await get(`/cases${await previewQuery()}`);
    const firstCase = snapshot.stories.find((s) => s.full_slug.startsWith("cases/") && s.content.component === "CaseDetail")!;
    const rootAt = html.indexOf("data-preview-root");
    expect(html.indexOf(`href="/${firstCase.full_slug}"`)).toBeGreaterThan(rootAt);
    expect(html).not.toContain("<template");
    expect(html).toContain(`&quot;full_slug&quot;:&quot;${firstCase.full_slug}&quot;`);
  });

  it("on a redirecting path (/home) gets a 301 that keeps the link for the editor and is never stored", async () => {
    const get = setup();
    const query = await previewQuery();
    const { response } = await get(`/home${query}`);
    expect([response.status, response.headers.get("location"), response.headers.get("cache-control")]).toEqual([
      301,
      `/${query}`,
      "private, no-store",
    ]);
  });

  it("on a path without a story gets an error screen the visual editor can frame, never stored or indexed", async () => {
    const get = setup();
    const { response, html } = await get(`/bestaat-niet${await previewQuery()}`);
    expect(response.status).toBe(404);
    expect(html).toContain("Page not found: /bestaat-niet");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/app\.storyblok\.com(;|$)/);
    expect(csp).not.toContain("frame-ancestors 'none'");
  });

  it("is only ever an hour long", async () => {
    const get = setup();
    expect((await get(`/${await previewQuery({ age: 3500 })}`)).html).toContain(DRAFT_TITLE);
    expect((await get(`/${await previewQuery({ age: 3700 })}`)).html).toContain(PUBLISHED_TITLE);
  });

  it("with a real space, loads Storyblok's bridge (allowed by the CSP) and checks the space id", async () => {
    const realEnv = {
      STORYBLOK_TOKEN: snapshot.tokens.public,
      STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN,
      STORYBLOK_SPACE_ID: String(SPACE),
    };
    const get = setup(realEnv, true);
    const { response, html } = await get(`/${await previewQuery()}`);
    expect(html).toContain(DRAFT_TITLE);
    expect(html).toContain(
      `<script src="https://app.storyblok.com/f/storyblok-v2-latest.js" defer="" nonce="${nonceOf(response)}"></script>`,
    );
    expect(response.headers.get("content-security-policy")).toContain(
      `script-src 'nonce-${nonceOf(response)}' 'strict-dynamic' https://app.storyblok.com;`,
    );
    expect((await get(`/${await previewQuery({ spaceId: 1 })}`)).html).toContain(PUBLISHED_TITLE);
    // without a preview token no link is valid
    const noPreview = setup({ STORYBLOK_TOKEN: snapshot.tokens.public }, true);
    const visitor = await noPreview(`/${await previewQuery()}`);
    expect(visitor.html).toContain(PUBLISHED_TITLE);
    expect(visitor.response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });
});

// The preview shows the images visitors get: the embedded space's own assets from the site itself
// (`/_storyblok/...`, its image service: an offline machine reaches nothing else), a real space's
// from Storyblok. Nothing rewrites them on the way; the snapshot build gave the embedded space its
// paths (scripts/asset-catalog.ts `localiseAssetUrls`, tests/node/assets.test.ts).
describe("images in a preview", () => {
  const path = "/diensten/app-ontwikkeling";
  const storyId = snapshot.stories.find((story) => story.full_slug === "diensten/app-ontwikkeling")!.id;
  const sources = (html: string) => [...html.matchAll(/<img [^>]*?src="([^"]+)"/g)].map((m) => m[1]!);

  it("on the embedded space: the site's own, as visitors get them", async () => {
    const get = setup();
    const preview = sources((await get(path + (await previewQuery({ storyId })))).html);
    expect(preview.length).toBeGreaterThan(5);
    expect(preview.filter((src) => !src.startsWith("/_storyblok/f/"))).toEqual([]);
    expect(preview).toEqual(sources((await get(path)).html));
  });

  it("with a Storyblok token: Storyblok's, as visitors get them", async () => {
    const space = JSON.parse(JSON.stringify(snapshot).replaceAll('"/_storyblok/f/', '"https://a.storyblok.com/f/')) as typeof snapshot;
    const app = testApp({ contentFetch: createEmulator(space).fetch, logSink: () => {} });
    const realEnv = { ...env, STORYBLOK_TOKEN: space.tokens.public, STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN } as typeof env;
    const get = async (url: string) => {
      const ctx = createExecutionContext();
      const html = await (await app.fetch(new Request(BASE + url), realEnv, ctx)).text();
      await waitOnExecutionContext(ctx);
      return sources(html);
    };
    const preview = await get(path + (await previewQuery({ storyId })));
    expect(preview.length).toBeGreaterThan(5);
    expect(preview.filter((src) => !src.startsWith("https://a.storyblok.com/f/"))).toEqual([]);
    expect(preview).toEqual(await get(path));
  });
});

/** The preview root's props (the story as the server got it from the API), decoded from the HTML. */
function previewPropsOf(html: string): { storyId: number; content: StoredBlok } {
  const encoded = /data-preview-root="" data-props="([^"]*)"/.exec(html)![1]!;
  return JSON.parse(
    encoded
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
}

/** `<storyId>-<uid>` of every blok of a story the registry renders, from their `_editable` markers (not resolved relations). */
function editableBlokIds(content: StoredBlok, storyId: number): string[] {
  const ids: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const record = node as StoredBlok;
      const id =
        typeof record.component === "string" && isBlockName(record.component) ? editableAttributes(record)?.["data-blok-uid"] : undefined;
      if (id?.startsWith(`${storyId}-`)) ids.push(id);
      Object.values(record).forEach(walk);
    }
  };
  walk(content);
  return ids;
}

const markedIds = (html: string) => [...html.matchAll(/data-blok-uid="([^"]+)"/g)].map((m) => m[1]!);
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

describe("editor attributes sit on each block's own root element, not on a wrapper", () => {
  // a folder's start page (`cases/`) is the page at the folder's path (/cases; /cases/ redirects there, query kept)
  const pathOf = (slug: string) => (slug === "home" ? "/" : `/${slug.replace(/\/$/, "")}`);
  const pageStories = snapshot.stories.filter((story) => PAGE_CONTENT_TYPES.has(story.content.component));

  it.each(pageStories.map((story) => [pathOf(story.full_slug), story.id] as const))(
    "%s: one marked element per blok of the draft story, the visitor's markup otherwise",
    async (path, storyId) => {
      const get = setup();
      const { html } = await get(path + (await previewQuery({ storyId })));
      const props = previewPropsOf(html);
      expect(props.storyId).toBe(storyId);
      const expected = editableBlokIds(props.content, storyId);
      expect(expected.length).toBeGreaterThan(0);
      // every blok with an _editable marker renders something on these pages: each gets exactly one element
      expect(markedIds(html).sort()).toEqual([...expected].sort());
      expect(html.match(/data-blok-c="/g)?.length).toBe(expected.length);

      // a visitor gets none of it, and (published = draft here) the very same markup without the attributes
      await get(path); // warms the listings' cache, so they render in place rather than streaming in
      const visitor = await get(path);
      expect(visitor.html).not.toContain("data-blok-");
      if (snapshot.drafts.some((draft) => draft.id === storyId)) return;
      // in a preview the preview bundle hydrates the whole tree, so islands are plain markup there
      const visitorMain = mainOf(visitor.html).replace(
        /<div data-island="[^"]*" data-props="[^"]*" class="contents">/g,
        '<div class="contents">',
      );
      const previewMain = mainOf(html)
        .replace(/ data-blok-c="[^"]*" data-blok-uid="[^"]*"/g, "")
        .replace(/<div data-preview-root="" data-props="[^"]*" class="contents">([\s\S]*)<\/div>$/, "$1");
      expect(previewMain).toBe(visitorMain);
    },
  );

  const render = async (blok: StoredBlok, preview: boolean): Promise<string> => (await renderBlok(blok, { preview })).html;

  const editable = (component: string, uid: string, fields: Record<string, unknown> = {}): StoredBlok => ({
    component,
    _uid: uid,
    _editable: `<!--#storyblok#{"name": "${component}", "space": "1", "uid": "${uid}", "id": "7"}-->`,
    ...fields,
  });
  const attributes = (component: string, uid: string) =>
    `data-blok-c="{&quot;name&quot;:&quot;${component}&quot;,&quot;space&quot;:&quot;1&quot;,&quot;uid&quot;:&quot;${uid}&quot;,&quot;id&quot;:&quot;7&quot;}" data-blok-uid="7-${uid}"`;

  it("marks the root element itself; an empty blok renders nothing and has nothing to mark, an unknown one is marked on its note", async () => {
    const page = editable("Page", "page", {
      body: [
        editable("Text", "empty", { text: "" }),
        editable("Text", "text", { text: "Hallo" }),
        editable("NoSuchBlock", "unknown"),
        editable("Carousel", "carousel", { items: [editable("CarouselItem", "slide", { title: "Dia" })] }),
        editable("Spacer", "spacer", { size: "small" }),
      ],
    });
    const html = await render(page, true);
    expect(markedIds(html).sort()).toEqual(["7-carousel", "7-page", "7-slide", "7-spacer", "7-text", "7-unknown"]);
    expect(html).toContain(`<div ${attributes("NoSuchBlock", "unknown")} role="note"`);
    expect(html.startsWith(`<div ${attributes("Page", "page")} class="flex flex-col">`)).toBe(true);
    expect(html).toContain(`<div ${attributes("Text", "text")} class="site-container py-8">`);
    expect(html).toContain(`<section ${attributes("Carousel", "carousel")} class="bg-sand`);
    // the slide's card is still the list item's only child, so h-full sizes it by the row
    expect(html).toMatch(
      new RegExp(`<li [^>]*class="w-\\[82%\\][^"]*"><article ${attributes("CarouselItem", "slide").replace(/[[\]{}]/g, "\\$&")} `),
    );
    expect(html).toContain(`<div ${attributes("Spacer", "spacer")} aria-hidden="true" data-size="small"`);

    // visitors: the same bloks, markers and all, render without a single attribute
    expect(await render(page, false)).not.toContain("data-blok-");
  });
});

// Every story can be previewed: the theme as a page of its own (header, footer, customers), data
// stories (team members, customers) as their card. Visitors still get 404 for them.

const theme = snapshot.stories.find((story) => story.full_slug === "theme/theme")!;
const themeDraft = snapshot.drafts.find((story) => story.full_slug === "theme/theme")!;
type ThemeFields = { header: StoredBlok[]; footer: StoredBlok[]; customers: StoredBlok[] };
const themeFields = (story: typeof theme) => story.content as unknown as ThemeFields;
const PUBLISHED_FOOTER_TITLE = themeFields(theme).footer[0]!.title as string;
const DRAFT_FOOTER_TITLE = themeFields(themeDraft).footer[0]!.title as string;
const DRAFT_MENU_TITLE = "Onze diensten";
const daan = snapshot.stories.find((story) => story.full_slug === "team/daan-verhoeven")!;
/** A customer kept as a story of its own (the demo space keeps them in the theme): content type Customer. */
const tulpbank = {
  ...daan,
  id: 3101,
  uuid: "7f3e2a10-5b1c-4c8e-9d2a-0c4b5e6f7a81",
  name: "Tulpbank",
  slug: "tulpbank",
  // its own folder: "klanten" is a root page, and a folder may not share its slug (see the emulator)
  full_slug: "klantverhalen/tulpbank",
  parent_id: null,
  tag_list: [],
  content: {
    _uid: "c0ffee00-1111-4222-8333-444455556666",
    component: "Customer",
    name: "Tulpbank",
    description: "Een bank-app voor ondernemers, samen gebouwd in drie maanden.",
    logo: { id: 1, alt: "Tulpbank", filename: "/images/customers/tulpbank.svg", fieldtype: "asset" },
  },
};

/** The site with a customer story added to the embedded space, answered through the same emulator. */
function setupWithCustomerStory() {
  const emulator = createEmulator({ ...snapshot, stories: [...snapshot.stories, tulpbank] });
  const app = testApp({ contentFetch: emulator.fetch });
  const testEnv = {
    ...env,
    STORYBLOK_TOKEN: snapshot.tokens.public,
    STORYBLOK_PREVIEW_TOKEN: PREVIEW_TOKEN,
    STORYBLOK_SPACE_ID: String(SPACE),
  } as typeof env;
  return async (path: string) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(BASE + path), testEnv, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, html };
  };
}

function expectEditorHeaders(response: Response, html: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(html).toContain('<meta name="robots" content="noindex,nofollow"/>');
  expect(response.headers.get("server-timing")).toMatch(/^content;desc="draft"/);
  const csp = response.headers.get("content-security-policy")!;
  expect(csp).toMatch(/frame-ancestors 'self' https:\/\/app\.storyblok\.com(;|$)/);
  expect(csp).not.toContain("frame-ancestors 'none'");
}

const uidsOf = (bloks: StoredBlok[]) => bloks.map((blok) => blok._uid);

describe("every story can be previewed", () => {
  it("the theme: a page of its own with the draft header, footer and every customer, each marked for the editor", async () => {
    const get = setup();
    const { response, html } = await get(`/theme/theme${await previewQuery({ storyId: theme.id })}`);
    expectEditorHeaders(response, html);
    expect(html).toContain("<title>Thema | Koraal</title>");
    expect(html).toContain(`>${DRAFT_FOOTER_TITLE}</p>`);
    expect(html).toContain(`>${DRAFT_MENU_TITLE}<`);
    expect(html).not.toContain(`>${PUBLISHED_FOOTER_TITLE}</p>`);
    const { header, footer, customers } = themeFields(themeDraft);
    for (const customer of customers) expect(html).toContain(`<h2 id="customer-${customer._uid}"`);
    // header, footer and each customer are the theme's bloks: the editor can click every one
    expect(markedIds(html).sort()).toEqual(
      uidsOf([header[0]!, footer[0]!, ...customers])
        .map((uid) => `${theme.id}-${uid}`)
        .sort(),
    );
    expect(html).toMatch(
      new RegExp(`<header data-blok-c="[^"]*" data-blok-uid="${theme.id}-${header[0]!._uid}" class="site-header sticky top-0`),
    );
    expect(html).toMatch(new RegExp(`<footer data-blok-c="[^"]*" data-blok-uid="${theme.id}-${footer[0]!._uid}" class="mt-auto`));
    // the preview bundle gets the theme story, and owns header and footer (no visitor islands)
    const props = previewPropsOf(html) as unknown as { kind: string; storyId: number; theme: { storyId: number; customers: StoredBlok[] } };
    expect(props.kind).toBe("theme");
    expect(props.storyId).toBe(theme.id);
    expect(props.theme.storyId).toBe(theme.id);
    expect(uidsOf(props.theme.customers)).toEqual(uidsOf(customers));
    expect(html).not.toContain("data-island=");
    expect((await kvKeys()).filter((key) => /story\/|stories/.test(key))).toEqual([]);
  });

  it("a team member: its card in a page, marked for the editor, with the draft header and footer", async () => {
    const get = setup();
    const { response, html } = await get(`/team/daan-verhoeven${await previewQuery({ storyId: daan.id })}`);
    expectEditorHeaders(response, html);
    const member = daan.content as unknown as { _uid: string; name: string; role: string; bio: string };
    expect(html).toContain("<title>Daan Verhoeven | Koraal</title>");
    expect(html).toContain(
      `<h2 id="team-member-${member._uid}" class="m-0 font-display text-xl font-bold leading-snug">${member.name}</h2>`,
    );
    expect(html).toContain(member.role);
    expect(html).toContain(member.bio);
    expect(html).toContain(">Teamlid</h1>");
    // only the open story's bloks are marked: not the theme's header and footer around it
    expect(markedIds(html)).toEqual([`${daan.id}-${member._uid}`]);
    expect(html).toContain(`>${DRAFT_FOOTER_TITLE}</p>`);
    expect(html).toContain(`>${DRAFT_MENU_TITLE}<`);
    expect(previewPropsOf(html)).toMatchObject({ kind: "data", storyId: daan.id });
  });

  it("a customer story: its card in a page, marked for the editor", async () => {
    const get = setupWithCustomerStory();
    const { response, html } = await get(`/klantverhalen/tulpbank${await previewQuery({ storyId: tulpbank.id })}`);
    expectEditorHeaders(response, html);
    expect(html).toContain(">Klant</h1>");
    expect(html).toContain(
      `<h2 id="customer-${tulpbank.content._uid}" class="m-0 font-display text-2xl font-bold leading-snug">Tulpbank</h2>`,
    );
    expect(html).toContain(tulpbank.content.description);
    expect(markedIds(html)).toEqual([`${tulpbank.id}-${tulpbank.content._uid}`]);
  });

  it("a page: header and footer show the theme's latest draft, not marked (the editor has the page open)", async () => {
    const get = setup();
    const { html } = await get(`/${await previewQuery()}`);
    expect(html).toContain(`>${DRAFT_FOOTER_TITLE}</p>`);
    expect(html).toContain(`>${DRAFT_MENU_TITLE}<`);
    expect(html).not.toContain(`>${PUBLISHED_FOOTER_TITLE}</p>`);
    expect(markedIds(html).every((id) => id.startsWith(`${homeDraft.id}-`))).toBe(true);
    const props = previewPropsOf(html) as unknown as { kind: string; theme: { storyId: number; footer: StoredBlok } };
    expect(props.kind).toBe("page");
    expect(props.theme.storyId).toBe(theme.id);
    expect(props.theme.footer.title).toBe(DRAFT_FOOTER_TITLE);
    // visitors: the published theme
    const visitor = await get("/");
    expect(visitor.html).toContain(`>${PUBLISHED_FOOTER_TITLE}</p>`);
    expect(visitor.html).not.toContain(DRAFT_FOOTER_TITLE);
    expect(visitor.html).not.toContain(DRAFT_MENU_TITLE);
  });
});

describe("data stories stay 404 for visitors, and for links that are not valid", () => {
  const links: Array<[string, (storyId: number) => Promise<string>]> = [
    ["no link", async () => ""],
    ["a forged link", (storyId) => previewQuery({ storyId, forge: true })],
    ["an expired link", (storyId) => previewQuery({ storyId, age: 7200 })],
    ["a link for another space", (storyId) => previewQuery({ storyId, spaceId: SPACE + 1 })],
  ];
  const stories = [
    ["/theme/theme", theme.id],
    ["/team/daan-verhoeven", daan.id],
    ["/klantverhalen/tulpbank", tulpbank.id],
  ] as const;

  it.each(stories.flatMap(([path, id]) => links.map(([name, query]) => [path, name, id, query] as const)))(
    "%s with %s: the visitor's 404, headers and all",
    async (path, _name, storyId, query) => {
      const get = setupWithCustomerStory();
      const visitor = await get(path);
      const editor = await get(path + (await query(storyId)));
      for (const { response, html } of [visitor, editor]) {
        expect(response.status).toBe(404);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        // an error screen is never indexed
        expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
        expect(html).toContain(`Page Not Found: ${path}`);
        expect(html).toContain(`>${PUBLISHED_FOOTER_TITLE}</p>`);
        for (const marker of [
          DRAFT_FOOTER_TITLE,
          "data-blok-",
          "data-preview-root",
          "/preview/bridge.js",
          "storyblok-v2-latest.js",
          "/assets/preview/",
        ]) {
          expect(html).not.toContain(marker);
        }
      }
      expect(comparableHeaders(editor.response)).toEqual(comparableHeaders(visitor.response));
    },
  );
});
