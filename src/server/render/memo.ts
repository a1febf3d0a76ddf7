import { createElement, type ReactNode } from "react";
import { preload, type PreloadOptions } from "react-dom";
import { renderToString } from "react-dom/server.edge";
import { createByteLru, type ByteLru } from "../content/parsed-cache";
import { SiteProvider, type SiteContextValue } from "../../site/site-context";
import type { MemoHtml } from "../../site/memo";
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

/** What the memoised HTML of one request depends on besides each part's own id. */
export interface MemoScope {
  cv: number;
  build: string;
  lang: Lang;
}

export const memoPrefix = ({ cv, build, lang }: MemoScope) => `${cv}|${build}|${lang}|`;

/**
 * The site's `memo` for one request: a hit is a map lookup; a miss renders the part on its own
 * (React's synchronous renderer, a separate instance from the streaming one) inside this
 * request's site context without the memo (a part never nests memoised parts), and keeps it.
 * A part is kept for every request of its key's language, so it is rendered in that language
 * (`lang`, `t`; a rendering function is handed it), whatever the request's context says.
 */
export function memoFor(memo: HtmlMemo, scope: MemoScope, site: SiteContextValue, held: HeldParts = {}): MemoHtml {
  const prefix = memoPrefix(scope);
  let partSite: SiteContextValue | undefined; // made on the first miss: a warm page has none
  return (id, children) => {
    const key = prefix + id;
    let part = held[id] ?? memo.get<MemoPart>(key);
    if (part === undefined) {
      partSite ??= { ...site, lang: scope.lang, t: dictionary(scope.lang), memo: undefined, bodyMemo: undefined };
      part = typeof children === "function" ? { html: children(scope.lang), preloads: [] } : renderPart(children as ReactNode, partSite);
      memo.set(key, part, (key.length + part.html.length + JSON.stringify(part.preloads).length) * 2);
    }
    // the streaming render puts these into the document's head, where the browser finds them first
    for (const { href, options } of part.preloads) preload(href, options);
    return part.html;
  };
}

export interface MemoPart {
  html: string;
  preloads: Array<{ href: string; options: PreloadOptions }>;
}

/** Parts a request took out of the memo before rendering, by id: it needs them even if they are evicted meanwhile. */
export type HeldParts = Record<string, MemoPart>;

/**
 * The part `id` if the memo holds it now. A route that finds the page body here skips the work
 * the body needs (its listings) and hands the part to memoFor, so the render cannot miss it.
 */
export function memoHit(memo: HtmlMemo, scope: MemoScope, id: string): MemoPart | undefined {
  return memo.get<MemoPart>(memoPrefix(scope) + id);
}

/**
 * A part's HTML on its own. The synchronous renderer has no document head: the preloads React
 * hoists there (an LCP image's `fetchPriority="high"`) come out inline instead; they are taken
 * out and replayed through `preload()` on every use.
 */
function renderPart(children: ReactNode, site: SiteContextValue): MemoPart {
  const html = renderToString(createElement(SiteProvider, { value: site, children }));
  const preloads: MemoPart["preloads"] = [];
  const rest = html.replace(/<link rel="preload"([^>]*)\/>/g, (_tag, attributes: string) => {
    const found = Object.fromEntries(
      [...attributes.matchAll(/ ([a-zA-Z]+)="([^"]*)"/g)].map(([, name, value]) => [name, unescapeHtml(value!)]),
    );
    if (!found.href || !found.as) return _tag;
    preloads.push({
      href: found.href,
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
