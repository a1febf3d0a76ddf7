import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { createElement } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { CV_CHECK_MS } from "../../src/server/content/cache-version";
import { createEmulator } from "../../src/server/demo/emulator";
import { type ByteLru, createByteLru } from "../../src/shared/cache/byte-lru";
import { testApp, waitless } from "../helpers/site";
import { NONCE_SLOT } from "../../src/server/render/document";
import { partId } from "../../src/site/part-id";
import { createHtmlMemo, partHtmlFor, partKey, type HtmlMemo } from "../../src/server/render/html-memo";
import { createPartSplice } from "../../src/server/render/part-splice";
import { isPageStory } from "../../src/shared/pages/page-types";
import { previewLink } from "../../src/shared/preview-link";
import { useT } from "../../src/site/site-context";
import { recordCacheVersion } from "../helpers/cache-version";
import { siteContext } from "../helpers/render";

/**
 * The isolate's memos (per request only per-request work): parsed KV entries and the HTML of parts every visitor gets.
 * What they must never change: the HTML itself, a publish showing at once, previews, headers.
 */
const BASE = "http://www.koraal.test";

beforeEach(async () => {
  await resetStorage();
});

/** A memo (HTML parts or parsed KV entries) that records every read and write. */
function observed(memo: ByteLru) {
  const reads: string[] = [];
  const writes: string[] = [];
  return {
    reads,
    writes,
    memo: {
      get: <T>(key: string) => {
        reads.push(key);
        return memo.get<T>(key);
      },
      set: (key: string, value: unknown, bytes: number) => {
        writes.push(key);
        memo.set(key, value, bytes);
      },
      get bytes() {
        return memo.bytes;
      },
      get size() {
        return memo.size;
      },
    } satisfies HtmlMemo,
  };
}

function site(deps: Parameters<typeof testApp>[0] = {}, space = snapshot) {
  // real time, moved on by publish() and by every wait: the rate limit's turns (5 calls a second)
  // move the clock instead of waiting (a cold crawl of the site waited ~15 s of real time for its tokens)
  const { now: clock, sleep, advance } = waitless();
  const emulator = createEmulator(space, { now: clock });
  const app = testApp({ now: clock, sleep, contentFetch: emulator.fetch, logSink: () => {}, ...deps });
  async function get(path: string) {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(BASE + path), env, ctx);
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    return { status: res.status, headers: res.headers, text };
  }
  return {
    emulator,
    get,
    /** A publish as the webhook's isolate records it, and this isolate's next check seeing it. */
    publish: async (slug: string) => {
      emulator.publish(slug);
      await recordCacheVersion(emulator.cacheVersion, clock());
      advance(CV_CHECK_MS + 1000);
      await get("/bestaat-niet"); // starts the check (answered from the cached links list) and waits for it
    },
  };
}

/** The HTML with what differs per request by design (CSP nonce, the page view's token) taken out. */
const comparable = (html: string) =>
  html.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/<meta name="view-token" content="[^"]+"/g, '<meta name="view-token" content=""');
const pagePaths = snapshot.stories
  .filter(isPageStory)
  .map((story) => (story.full_slug === "home" ? "/" : `/${story.full_slug.replace(/\/$/, "")}`));

describe("memoised HTML", () => {
  it("is byte for byte what a render without the memo gives, on every page, the 404 screen and a listing page", async () => {
    const memoised = site();
    const plain = site({ htmlMemo: createHtmlMemo(0) }); // a bound of 0 keeps nothing
    for (const path of [...pagePaths, "/bestaat-niet", "/cases?pagina=2", "/?nieuwsbrief=geabonneerd"]) {
      await plain.get(path); // its content and listings in KV: no visit below waits past a listing's grace
      const fresh = await plain.get(path);
      // the first visit of a path renders its own parts (head, body) while the earlier pages' parts
      // (header, footer) come from the memo; the second takes every part from the memo
      const [first, hit] = [await memoised.get(path), await memoised.get(path)];
      expect([first.status, hit.status], path).toEqual([fresh.status, fresh.status]);
      expect(comparable(first.text), path).toBe(comparable(fresh.text));
      expect(comparable(hit.text), path).toBe(comparable(fresh.text));
    }
  });

  it("a publish (new cv) shows on the next request: page body, header and footer, without any purge", async () => {
    const { get, publish } = site();
    const before = (await get("/")).text;
    expect(before).toContain("Wij bouwen apps en websites die mensen graag gebruiken");
    expect(before).toContain(">Diensten<");
    await publish("home");
    const afterHome = (await get("/")).text;
    expect(afterHome).toContain("Van idee tot app in de stores, samen met Koraal");
    expect(afterHome).not.toContain("Wij bouwen apps en websites die mensen graag gebruiken");
    await publish("theme/theme");
    const afterTheme = (await get("/contact")).text;
    expect(afterTheme).toContain(">Onze diensten<");
    expect(afterTheme).toContain("Samen bouwen aan digitale producten die blijven werken");
  });

  it("keeps the newsletter outcome and the nonce per request", async () => {
    const { get } = site();
    await get("/contact");
    const plain = await get("/contact");
    const outcome = await get("/contact?nieuwsbrief=geabonneerd");
    expect(plain.text).not.toContain("Je bent ingeschreven");
    expect(outcome.text).toContain("returnPath&quot;:&quot;/contact&quot;");
    expect(comparable(outcome.text)).not.toBe(comparable(plain.text));
    const nonces = [plain, outcome].map((res) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1]);
    expect(nonces[0]).toMatch(/^[\w-]{24}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [i, res] of [plain, outcome].entries()) {
      const scripts = [...res.text.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      expect(new Set(scripts)).toEqual(new Set([nonces[i]]));
    }
  });

  it("stays within its byte bound: old parts are evicted, pages stay whole", async () => {
    const bound = 64 * 1024;
    const memo = createHtmlMemo(bound);
    const parsed = createByteLru(256 * 1024);
    const { get } = site({ htmlMemo: memo, parsedCache: parsed });
    const plain = site({ htmlMemo: createHtmlMemo(0) });
    for (const path of pagePaths) {
      await plain.get(path); // KV filled: listings in place on both sides
      const res = await get(path);
      expect(memo.bytes).toBeLessThanOrEqual(bound);
      expect(parsed.bytes).toBeLessThanOrEqual(256 * 1024);
      expect(comparable(res.text), path).toBe(comparable((await plain.get(path)).text));
    }
    expect(memo.size).toBeGreaterThan(0);
  });
});

describe("what a warm page takes from the memo", () => {
  it("the head (the request's nonce put in) and the newsletter form without an outcome: nothing is rendered again", async () => {
    const spy = observed(createHtmlMemo());
    const { get } = site({ htmlMemo: spy.memo });
    await get("/contact");
    const ids = spy.writes.map((key) => key.split("|").slice(3).join("|"));
    expect(ids.filter((id) => id.startsWith("head:"))).toHaveLength(1);
    expect(ids).toContain("island:NewsletterForm:/contact");
    spy.writes.length = 0;
    const [first, second] = [await get("/contact"), await get("/contact")];
    expect(spy.writes).toEqual([]);
    for (const res of [first, second]) {
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      const head = res.text.slice(0, res.text.indexOf("</head>"));
      expect(head).not.toContain(NONCE_SLOT);
      expect([...head.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual([nonce, nonce, nonce]); // the bundle's loader, the measurement script, the JSON-LD
    }
  });

  it("the whole footer of a page as one part: its sections and the form are read only when that part is rendered", async () => {
    const spy = observed(createHtmlMemo());
    const { get } = site({ htmlMemo: spy.memo });
    const cold = await get("/contact");
    const idOf = (key: string) => key.split("|").slice(3).join("|");
    const footers = spy.writes.map(idOf).filter((id) => /^footer/.test(id));
    // the sections (and the form, with the React ids of its own root) are kept too: the footer is made of them
    expect(footers).toEqual(
      expect.arrayContaining([expect.stringMatching(/^footer:[^:]+:\d{4}:\/contact$/), expect.stringMatching(/^footer-intro:/)]),
    );
    expect(spy.writes.map(idOf)).toContain("island:NewsletterForm:/contact");
    spy.reads.length = 0;
    const warm = await get("/contact");
    expect(spy.reads.map(idOf).filter((id) => /^(footer|island:NewsletterForm)/.test(id))).toEqual([
      footers.find((id) => id.startsWith("footer:")),
    ]);
    expect(comparable(warm.text)).toBe(comparable(cold.text));
    expect(warm.text).toContain('aria-describedby="_R_0_-message"');
  });

  it("puts the nonce only into the head's nonce attributes: an editor's text that names the slot stays as typed", async () => {
    const typed = { title: `Bel ons ${NONCE_SLOT}`, description: `nonce="${NONCE_SLOT}"` };
    const space = {
      ...snapshot,
      stories: snapshot.stories.map((story) =>
        story.full_slug === "contact" ? { ...story, content: { ...story.content, ...typed } } : story,
      ),
    };
    const { get } = site({}, space);
    for (const res of [await get("/contact"), await get("/contact")]) {
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(res.text).toContain(`<title>Bel ons ${NONCE_SLOT} | Koraal</title>`);
      expect(res.text).toContain(`<meta name="description" content="nonce=&quot;${NONCE_SLOT}&quot;"/>`);
      const head = res.text.slice(0, res.text.indexOf("</head>"));
      expect([...head.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual([nonce, nonce, nonce]);
    }
  });

  it("keeps no part named after a path that is no page, or after a sign-up outcome", async () => {
    const spy = observed(createHtmlMemo());
    const { get } = site({ htmlMemo: spy.memo });
    for (const path of ["/bestaat-niet-1", "/bestaat-niet-2", "/bestaat-niet-1?nieuwsbrief=geabonneerd", "/contact?nieuwsbrief=ongeldig"]) {
      await get(path);
    }
    expect(spy.writes.filter((key) => /bestaat-niet|nieuwsbrief/.test(key))).toEqual([]);
    // the error screen's head names no path: one part for every 404
    expect(spy.writes.filter((key) => key.includes("|head:") && key.includes("Pagina niet gevonden"))).toHaveLength(1);
    // its sign-up form returns to the home page: its footer is the home page's, one part for every 404
    const idOf = (key: string) => key.split("|").slice(3).join("|");
    expect(spy.writes.map(idOf).filter((id) => /^(footer:|island:NewsletterForm)/.test(id))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^footer:[^:]+:\d{4}:\/$/), "island:NewsletterForm:/"]),
    );
    expect(spy.writes.map(idOf).filter((id) => /^(footer:|island:NewsletterForm)/.test(id))).toHaveLength(2);
  });

  it.each([
    ["/bestaat-niet", "/", "/"],
    ["/en/does-not-exist", "/en", "/en"],
  ])(
    "the error screen at %s: the footer of its home page, the form returning there with its own root's React ids",
    async (path, home, returnPath) => {
      const spy = observed(createHtmlMemo());
      const { get } = site({ htmlMemo: spy.memo });
      await get(home); // the first visit loads the home page's listings: from the second on, its footer is one part
      const homeAnswer = await get(home);
      const [cold, warm] = [await get(path), await get(path)];
      expect(cold.status).toBe(404);
      const footerOf = (text: string) => text.slice(text.indexOf("<footer"), text.indexOf("</footer>"));
      expect(footerOf(cold.text)).toBe(footerOf(homeAnswer.text));
      expect(footerOf(warm.text)).toBe(footerOf(homeAnswer.text));
      expect(footerOf(warm.text)).toContain(`name="returnPath" value="${returnPath}"`);
      expect(footerOf(warm.text)).toContain('aria-describedby="_R_0_-message"');
    },
  );
});

describe("a page body found in the memo", () => {
  it("needs no listings, and stays whole when the memo drops it before the render", async () => {
    const inner = createHtmlMemo();
    const bodyReads: string[] = [];
    let dropBodies = false;
    // after its first read in a request, the memo acts as if another request had evicted the body
    const memo: HtmlMemo = {
      get: <T>(key: string) => {
        if (!key.includes("|body:")) return inner.get<T>(key);
        bodyReads.push(key);
        return dropBodies && bodyReads.length > 1 ? undefined : inner.get<T>(key);
      },
      set: (key: string, value: unknown, bytes: number) => inner.set(key, value, bytes),
      get bytes() {
        return inner.bytes;
      },
      get size() {
        return inner.size;
      },
    };
    const parsed = observed(createByteLru(8 * 1024 * 1024)); // the parsed KV entries: a ByteLru like the HTML memo
    const { get } = site({ htmlMemo: memo, parsedCache: parsed.memo });
    const plain = site({ htmlMemo: createHtmlMemo(0) });
    await get("/");
    await get("/"); // listings were in KV: the body is memoised now
    parsed.reads.length = 0;
    bodyReads.length = 0;
    dropBodies = true;
    const hit = await get("/");
    expect(parsed.reads.length, "the story and theme were looked up where the spy sees it").toBeGreaterThan(0);
    expect(
      // every listing names its folder; the vacancies' closing dates (which links are live) do not
      parsed.reads.filter((key) => key.includes("stories?") && key.includes("starts_with")),
      "no listing looked up",
    ).toEqual([]);
    expect(bodyReads).toHaveLength(1); // looked up once; the render used the part it was handed
    expect(comparable(hit.text)).toBe(comparable((await plain.get("/")).text));
  });
});

describe("previews", () => {
  it("never read or fill the HTML memo", async () => {
    const spy = observed(createHtmlMemo());
    const { get } = site({ htmlMemo: spy.memo });
    const home = snapshot.stories.find((story) => story.full_slug === "home")!;
    const link = await previewLink({ base: BASE, path: "/", spaceId: snapshot.space.id, token: snapshot.tokens.preview, storyId: home.id });
    const res = await get(`/${new URL(link).search}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Van idee tot app in de stores, samen met Koraal"); // the draft
    expect(spy.reads).toEqual([]);
    expect(spy.writes).toEqual([]);
    await get("/");
    expect(spy.writes.length).toBeGreaterThan(0); // the same memo does work for visitors
  });
});

describe("requests that are no page", () => {
  it.each(["/favicon.ico", "/assets/app.js.map", "/wp-login.php", "/images/gone.png"])(
    "%s: a small 404 without the error screen",
    async (path) => {
      const res = await site().get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=UTF-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.text).toBe(`Page Not Found: ${path}`);
    },
  );

  it("a page-like path still gets the full error screen", async () => {
    const res = await site().get("/bestaat-niet");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.text).toContain("Pagina niet gevonden");
  });
});

describe("a part's language", () => {
  /** The footer's social links list names itself in the page's language (a part the memo keeps). */
  const footerLabel = (html: string) => /<ul class="m-0 mt-2 flex list-none gap-3 p-0" aria-label="([^"]+)">/.exec(html)?.[1];

  it.each([
    ["/bestaat-niet", "en"],
    ["/en/bestaat-niet", "nl"],
  ])(
    "is its key's, whatever the request: after a failed preview of %s with _storyblok_lang=%s both languages' footers are right",
    async (path, edited) => {
      const { get } = site();
      const home = snapshot.stories.find((story) => story.full_slug === "home")!;
      const link = new URL(
        await previewLink({ base: BASE, path, spaceId: snapshot.space.id, token: snapshot.tokens.preview, storyId: home.id }),
      );
      link.searchParams.set("_storyblok_lang", edited);
      const failed = await get(link.pathname + link.search);
      // the screen is in the language the editor edits, header and footer included
      const label = { nl: "Koraal op sociale media", en: "Koraal on social media" }[edited];
      expect([failed.status, /<html lang="(\w+)">/.exec(failed.text)?.[1], footerLabel(failed.text)]).toEqual([404, edited, label]);
      const [english, dutch] = [await get("/en"), await get("/")];
      expect([english.status, footerLabel(english.text)]).toEqual([200, "Koraal on social media"]);
      expect([dutch.status, footerLabel(dutch.text)]).toEqual([200, "Koraal op sociale media"]);
    },
  );
});

describe("partHtmlFor", () => {
  function Label() {
    const { lang, t } = useT();
    return createElement("span", { lang }, t.footer.socials);
  }
  const dutchRequest = siteContext();

  it("renders a part, and hands a rendering function, the language of the part's key, not the request's", async () => {
    const memo = createHtmlMemo();
    const scope = { cv: 1, gone: "", build: "b", lang: "en" } as const;
    const english = partHtmlFor({ memo, scope, held: {}, splice: createPartSplice(), now: 0 }, dutchRequest).html;
    const label = partId.footer("intro", "label");
    expect(await english(label, createElement(Label))).toBe('<span lang="en">Koraal on social media</span>');
    expect(await english(partId.head({}), (lang) => createElement("span", { lang }))).toBe('<span lang="en"></span>');
    expect(memo.get<{ html: string }>(partKey(scope, label))?.html).toBe('<span lang="en">Koraal on social media</span>');
  });
});
