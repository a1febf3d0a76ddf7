import { createElement, type ReactNode } from "react";
import { preload, type PreloadOptions } from "react-dom";
import { createByteLru, type ByteLru } from "../../shared/cache/byte-lru";
import { SiteProvider, type PartHtml, type SiteContextValue } from "../../site/site-context";
import type { PartId } from "../../site/part-id";
import { buildManifest } from "./assets";
import { createPartSplice, type PartSplice } from "./part-splice";
import { renderToHtml } from "./stream";
import { dictionary, type Lang } from "../../shared/i18n";

/**
 * HTML that is the same for every visitor until the next publish (header island, footer parts,
 * a page body whose listings are in), kept per isolate in an LRU bounded by bytes. Its keys name
 * the cache version, the build and the language: a publish or a deploy makes new keys, old ones
 * age out, nothing is purged. Never used for previews (drafts) or for content served stale.
 */
export const HTML_MEMO_BYTES = 8 * 1024 * 1024;

export type HtmlMemo = ByteLru;

export function createHtmlMemo(maxBytes = HTML_MEMO_BYTES): HtmlMemo {
  return createByteLru(maxBytes);
}

/** What a part's HTML depends on besides its own id: the cache version, the build and the language. */
export interface PartScope {
  cv: number;
  /** The pages gone by the clock (closed vacancies, `goneKey`): a header that linked one is not served after it closed. */
  gone: string;
  build: string;
  lang: Lang;
}

/** The one way a part is keyed in the memo. */
export const partKey = ({ cv, gone, build, lang }: PartScope, part: PartId): string =>
  `${cv}${gone ? `+${gone}` : ""}|${build}|${lang}|${part}`;

/** A part as kept: its HTML, that HTML as UTF-8 (what goes into a response), and the preloads React would have hoisted into the head. */
export interface HtmlPart {
  html: string;
  bytes: Uint8Array;
  preloads: Array<{ href: string; options: PreloadOptions }>;
  /** When the part stops being true without a publish (a vacancy it lists closes); none: with the cache version. */
  until?: number;
}

/** A part as the memo has it at `now`: gone once its `until` has come. */
function current(part: HtmlPart | undefined, now: number): HtmlPart | undefined {
  return part !== undefined && (part.until === undefined || part.until > now) ? part : undefined;
}

/** What a part holds in the memo: its key, HTML and preloads as UTF-16, and its UTF-8. */
const partSize = (key: string, part: HtmlPart) =>
  (key.length + part.html.length + JSON.stringify(part.preloads).length) * 2 + part.bytes.length;

const utf8 = new TextEncoder();

/**
 * The memo as one visitor's request uses it. Only a visitor's page has one (made by the visitor's
 * handler, when story and theme come from one cache version): an editor's preview never reads or
 * fills the memo, and the render has nothing to switch off.
 */
export interface RequestParts {
  memo: HtmlMemo;
  scope: PartScope;
  /** Parts taken out before rendering (the body), by id: the render cannot miss them if they are evicted meanwhile. */
  held: Partial<Record<PartId, HtmlPart>>;
  /** The id of the page body (`<main>`), when every visitor of this path gets the same body. */
  body?: PartId;
  /** Until when the body is true (its listings' first closing vacancy): it is kept that long. */
  bodyUntil?: number;
  /** The request's time (its clock): a part past its `until` is not used. */
  now: number;
  /** Where the streaming render's parts go into the response as bytes. */
  splice: PartSplice;
}

export function requestParts(memo: HtmlMemo, { cv, gone, lang }: Omit<PartScope, "build">, now: number): RequestParts {
  return { memo, scope: { cv, gone, build: buildManifest.buildId, lang }, held: {}, splice: createPartSplice(), now };
}

/** Takes part `id` out of the memo for this request if it is there now (a route skips the work the part needs). */
export function holdPart(parts: RequestParts, id: PartId): boolean {
  const part = current(parts.memo.get<HtmlPart>(partKey(parts.scope, id)), parts.now);
  if (part) parts.held[id] = part;
  return part !== undefined;
}

/**
 * The site's `memo` for one request: a hit is a map lookup; a miss renders the part on its own
 * (through the streaming renderer, so a part's first use waits for it) inside this
 * request's site context without the memo (a part never nests memoised parts) or, for a part that
 * `nests`, with it (the parts inside are taken from the memo or rendered on their own first, and
 * their preloads come out with the outer part's), and keeps it.
 * A part is kept for every request of its key's language, so it is rendered in that language
 * (`lang`, `t`; a rendering function is handed it), whatever the request's context says.
 * `html` answers the part's HTML; `streamed`, for the streaming render's own `<Memo>`s, a marker
 * that the response's splice replaces with the part's bytes (part-splice.ts), or, for a part this
 * request has to render, a promise its `<Memo>` waits for before it asks again and gets a marker.
 */
export function partHtmlFor(parts: RequestParts, site: SiteContextValue): { html: PartHtml; streamed: PartHtml } {
  const { memo, scope, held, splice, now } = parts;
  // made on the first miss: a warm page has none
  let partSite: SiteContextValue | undefined;
  let nestingSite: SiteContextValue | undefined;
  /** Parts this request is rendering (a `<Memo>` asks again when its render is retried). */
  const rendering: Partial<Record<PartId, Promise<HtmlPart>>> = {};
  const partOf = (id: PartId, children: Parameters<PartHtml>[1], options: Parameters<PartHtml>[2]): HtmlPart | Promise<HtmlPart> => {
    const key = partKey(scope, id);
    const part = held[id] ?? current(memo.get<HtmlPart>(key), now);
    if (part === undefined) {
      partSite ??= { ...site, lang: scope.lang, t: dictionary(scope.lang), parts: undefined, bodyPart: undefined };
      nestingSite ??= options?.nests ? { ...partSite, parts: html, bodyPart: site.bodyPart } : undefined;
      const within = options?.nests ? (nestingSite ?? partSite) : partSite;
      rendering[id] ??= (
        typeof children === "function"
          ? renderToHtml(children(scope.lang)).then((rendered) => ({ html: rendered, preloads: [] }))
          : renderPart(children as ReactNode, within)
      ).then((rendered) => {
        const until = id === parts.body ? parts.bodyUntil : undefined;
        const made: HtmlPart = { ...rendered, bytes: utf8.encode(rendered.html), ...(until === undefined ? {} : { until }) };
        memo.set(key, made, partSize(key, made));
        // the retried render finds it here, even if the memo let it go meanwhile
        held[id] = made;
        return made;
      });
      return rendering[id];
    }
    // the streaming render puts these into the document's head, where the browser finds them first
    for (const { href, options: preloadOptions } of part.preloads) preload(href, preloadOptions);
    return part;
  };
  const htmlOf = (part: HtmlPart | Promise<HtmlPart>) => (part instanceof Promise ? part.then((made) => made.html) : part.html);
  const html: PartHtml = (id, children, options) => htmlOf(partOf(id, children, options));
  const streamed: PartHtml = (id, children, options) => {
    const part = partOf(id, children, options);
    return part instanceof Promise ? htmlOf(part) : splice.mark(part.bytes);
  };
  return { html, streamed };
}

/**
 * A part's HTML on its own. Rendered without a document, React writes the preloads it would hoist
 * into the head (an LCP image's `fetchPriority="high"`) ahead of the part instead; they are taken
 * out and replayed through `preload()` on every use.
 */
async function renderPart(children: ReactNode, site: SiteContextValue): Promise<Omit<HtmlPart, "bytes">> {
  const html = await renderToHtml(createElement(SiteProvider, { value: site, children }));
  const preloads: HtmlPart["preloads"] = [];
  const rest = html.replace(/<link rel="preload"([^>]*)\/>/g, (_tag, attributes: string) => {
    const found = Object.fromEntries(
      [...attributes.matchAll(/ ([a-zA-Z]+)="([^"]*)"/g)].map(([, name, value]) => [name, unescapeHtml(value!)]),
    );
    // an image with a srcset is preloaded by its srcset (no href): its first candidate is its src
    const href = found.href ?? found.imageSrcSet?.trim().split(/\s+/)[0];
    if (!href || !found.as) return _tag;
    preloads.push({
      href,
      options: {
        as: found.as as PreloadOptions["as"],
        ...(found.fetchPriority ? { fetchPriority: found.fetchPriority as PreloadOptions["fetchPriority"] } : {}),
        ...(found.imageSrcSet ? { imageSrcSet: found.imageSrcSet } : {}),
        ...(found.imageSizes ? { imageSizes: found.imageSizes } : {}),
      },
    });
    return "";
  });
  return { html: rest, preloads };
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };
const unescapeHtml = (value: string) => value.replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
