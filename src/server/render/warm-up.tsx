import type { Story } from "../../shared/content";
import { DEFAULT_LANG } from "../../shared/i18n/lang";
import type { Logger } from "../../shared/log";
import { themeOf } from "../../shared/theme";
import { listingQuery } from "../../shared/listings/listing-queries";
import { readable, walkBloks, type Listing } from "../../shared/listings/listings";
import { StoryBody } from "../../site/story-body";
import { createHtmlMemo, requestParts } from "./html-memo";
import { PageDocument } from "./page-document";
import { streamHtml } from "./stream";

/**
 * Stories of the demo space, their text blanked out, that a fresh isolate renders once while it
 * starts (`npm run build` picks them, tools/build/warm-up-page.ts, into `.generated/warm-up.js`).
 * Bundled into the main module, with or without a Storyblok token.
 */
export interface WarmUpPage {
  /** The theme: header and footer. */
  theme: Story;
  /** Pages that use every block of the space between them, one of every page type among them. */
  pages: Story[];
  /** Stories of the types a listing shows that no page is (a team member); the pages are cards too. */
  cards: Story[];
}

/** The cache version the warm-up's throwaway memo files its parts under (no page is ever served from it). */
const WARM_UP_CV = 0;
/** Any year: what the warm-up renders is thrown away. */
const WARM_UP_YEAR = 2026;

/**
 * Renders `page` the way a visitor's page is rendered (document, shell, blocks, listings, the memo
 * of parts and its splice), into nothing, so that an isolate's first visitor does not wait for
 * V8 to compile React's renderer and every block on first use (in a fresh isolate the first page's
 * render took 27 ms against 0-1 ms warm; `npm run bench:cold`, docs/performance.md). Called while
 * the isolate starts (src/server/index.ts), before any request: the work moves into the isolate's
 * start-up, which Cloudflare runs while the visitor's TLS handshake is still going on where it can.
 * Resolves with the bytes rendered; a failure is logged (`warmup.failed`) and the isolate serves as
 * it would have without it.
 *
 * workerd refuses timers while an isolate starts, and React's renderer sets some, reading
 * `setTimeout` from the global scope each time (no option hands it a scheduler): for the warm-up
 * alone, the global `setTimeout` is `timersAsMicrotasks`. What that assumes of React 19.3's server
 * renderer (react-dom-server.edge), held by tests/unit/warm-up.test.tsx (React's timers for a page
 * and for a task that waited, seen directly; the warm-up's own pages rendered where every timer
 * the stand-in hands on is refused, as workerd refuses it):
 * - Its only timers are `setTimeout(callback, 0)`, with no arguments, and it clears none: one as a
 *   render's work starts (`startWork`), one for each task that waited on a promise and may go on,
 *   once that first timer has run (`pingTask`; before, a microtask), one to flush hints that came
 *   after the shell (`enqueueFlush`), one to finish an abort. No `setInterval`, no `clearTimeout`.
 * - Those timers only yield to the event loop, and while an isolate starts there is nothing to yield
 *   to: run as microtasks, in the order asked, they do the same work. Everything the warm-up
 *   renders is in memory (its listings are resolved promises), so it settles within the microtasks
 *   of the start-up, before the first request can arrive, and gives the real `setTimeout` back
 *   (after a failure too).
 * A timer of any other shape goes to the real `setTimeout`, which workerd refuses then: the warm-up
 * fails, or never settles, instead of running that timer early. Should it ever not settle, the
 * stand-in it leaves behind changes no timer but a zero-delay one.
 *
 * Not done instead: warming up in the first request, where timers work, puts the cost on the very
 * visitor the warm-up is for; rewriting `setTimeout` inside React's bundle at build time patches a
 * vendored file on every upgrade, for the same stand-in.
 */
export async function warmUpRenderer(page: WarmUpPage, logger: Logger): Promise<number> {
  const setTimer = globalThis.setTimeout;
  globalThis.setTimeout = timersAsMicrotasks(setTimer);
  try {
    let bytes = 0;
    for (const story of page.pages) bytes += await renderStory(story, page, logger);
    return bytes;
  } catch (error) {
    logger.error("warmup.failed", { error });
    return 0;
  } finally {
    globalThis.setTimeout = setTimer;
  }
}

/**
 * `setTimeout` as the warm-up lends it to React: a callback asked for with no delay and no
 * arguments (every timer React sets, above) runs as a microtask and gets the id 0 (React clears
 * none); any other timer goes to `setTimer`, as asked.
 */
export function timersAsMicrotasks(setTimer: typeof setTimeout): typeof setTimeout {
  const standIn = (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]): number => {
    if (typeof callback !== "function" || delay || args.length > 0) return setTimer(callback, delay, ...args);
    queueMicrotask(callback);
    return 0;
  };
  return standIn as typeof setTimeout;
}

async function renderStory(story: Story, page: WarmUpPage, logger: Logger): Promise<number> {
  const parts = requestParts(createHtmlMemo(), { cv: WARM_UP_CV, gone: "", lang: DEFAULT_LANG }, 0);
  const url = new URL(`https://warm-up.invalid/${story.full_slug === "home" ? "" : story.full_slug}`);
  const failed: unknown[] = [];
  const { response } = await streamHtml(
    <PageDocument
      url={url}
      origin={url.origin}
      robots="noindex,nofollow"
      logger={logger}
      lang={DEFAULT_LANG}
      thirdParty={{}}
      nonce="warm-up"
      year={WARM_UP_YEAR}
      theme={themeOf(page.theme.content, page.theme.id)}
      title={story.name}
      listings={warmUpListings(story, page)}
      parts={parts}
    >
      <StoryBody kind="page" content={story.content} />
    </PageDocument>,
    {
      status: 200,
      headers: {},
      logger: { ...logger, error: (_event, fields) => failed.push(fields?.error) },
      splice: parts.splice,
    },
  );
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  if (failed.length > 0) throw failed[0];
  return bytes;
}

/** Each listing block's stories from the warm-up's own, as the page route would hand them in (already there). */
export function warmUpListings(story: Story, page: WarmUpPage): Map<string, Promise<Listing>> {
  const stories = [...page.pages, ...page.cards];
  const listings = new Map<string, Promise<Listing>>();
  for (const blok of walkBloks(story.content)) {
    const query = listingQuery(blok);
    if (!query) continue;
    const cards = stories.filter((card) => card.content.component === query.content_type).slice(0, query.per_page);
    listings.set(blok._uid, readable(Promise.resolve({ stories: cards, total: cards.length, perPage: query.per_page ?? 25, page: 1 })));
  }
  return listings;
}
