import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isPagePath, movedPages, movedRedirect, type MovedPagesDeps } from "../publish/moved-pages";
import type { DatasourceEntry } from "../../shared/content";
import { DEFAULT_LANG, localisedPath, splitLangPath, type Lang } from "../../shared/i18n/lang";
import { PREVIEW_QUERY } from "../../shared/preview-link";
import { closedVacancies } from "../content/page";
import { pathOfSlug, type PageIndex } from "../content/routable";
import { datasourceRedirects } from "../content/redirects";
import type { AppBindings } from "../request-context";
import type { CompiledRule } from "./route-rules";

/**
 * Trailing slashes, the route rules' redirects, then, for a path that is no page (a published page
 * wins over any redirect from its own path), the CMS `redirects` datasource and the paths of pages
 * that moved (learned from publishes), in that order. A CMS redirect to a page that moved leads to
 * where it is now: one hop.
 */
export function redirects(rules: CompiledRule[], moved: MovedPagesDeps) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const url = c.get("url");
    const content = c.get("content");
    const lang = c.get("lang");
    let redirect = trailingSlashRedirect(url);
    if (!redirect) {
      // The page after the redirects needs the page index too: a fresh isolate reads it beside the
      // redirects, not after them (one KV round trip less). A failure is the page route's to report.
      const index = content.pageIndex();
      index.catch(() => {});
      const [entries, pages] = await Promise.all([datasourceRedirects(content, c.get("logger")), index.catch(() => undefined)]);
      const onPage = pages !== undefined && isPagePath(decodedPath(url.pathname), pages);
      redirect = ruleRedirect(url, rules, onPage ? [] : entries, lang === DEFAULT_LANG || !pages ? undefined : localiser(lang, pages));
      // a path that is no page: perhaps one that moved (a page's request never reads the list)
      if (pages && !onPage && (!redirect || isOwnPath(redirect.location))) {
        const learned = await movedPages(c, moved);
        if (redirect) redirect = collapsed(redirect, entries, learned, pages, decodedPath(url.pathname));
        else {
          const to = movedRedirect(decodedPath(url.pathname), learned, pages);
          if (to !== undefined && !(await closedByClock(c, to, pages))) redirect = movedTo(url, to);
        }
      }
    }
    if (redirect) {
      const response = c.redirect(redirect.location, redirect.status);
      // the visual editor's link goes along in Location (`/home?<link>` -> `/?<link>`): no cache may keep it
      const cacheControl = carriesPreviewLink(url) ? "private, no-store" : redirect.cacheControl;
      if (cacheControl) response.headers.set("Cache-Control", cacheControl);
      return response;
    }
    await next();
  });
}

/**
 * A page that moved and has since closed by the clock (a vacancy past its closing date): its old
 * paths are gone with it (the page route's 404), not one 301 away from its 410. Read only for a
 * path a learned redirect leaves from; when the closing dates cannot be read, the redirect stands.
 */
async function closedByClock(c: Context<AppBindings>, sitePath: string, pages: PageIndex): Promise<boolean> {
  const { lang, path } = splitLangPath(sitePath);
  const story = pages.stories[lang].get(path === "/" ? "home" : path.slice(1));
  if (story === undefined) return false;
  try {
    return (await closedVacancies(c.get("content"), c.get("now")())).some((closed) => closed.full_slug === story);
  } catch (error) {
    c.get("logger").error("vacancies.unavailable", { error });
    return false;
  }
}

/** A same-site path (`/x`, not `//host` or a URL). */
export const isOwnPath = (location: string) => location.startsWith("/") && !location.startsWith("//");

/** At most this many redirects are followed to find where a redirect's target leads in the end. */
export const MAX_REDIRECT_HOPS = 5;

/**
 * Where a redirect to a path of this site leads in the end: a target that is itself redirected
 * from (a page that moved since an editor entered it, another CMS redirect) leads on, so the
 * visitor gets one hop. A loop, or more than MAX_REDIRECT_HOPS, is no redirect at all (the path
 * answers 404, never a loop).
 */
export function collapsed(
  redirect: Redirect,
  entries: DatasourceEntry[],
  learned: ReadonlyMap<string, string>,
  pages: PageIndex,
  from: string,
): Redirect | null {
  const [path = "", query = ""] = redirect.location.split(/(?=\?)/, 2);
  const seen = new Set([from]);
  let at = decodedPath(path);
  while (!isPagePath(at, pages)) {
    const next = movedRedirect(at, learned, pages) ?? byPath(entries).get(normalise(at))?.value.trim();
    if (!next) break; // a path no redirect leaves from: the page route answers it
    if (seen.has(at) || seen.size > MAX_REDIRECT_HOPS) return null;
    seen.add(at);
    if (!isOwnPath(next) || next.includes("?")) return { ...redirect, location: next };
    at = next;
  }
  return at === decodedPath(path) ? redirect : { ...redirect, location: at + query };
}

export interface Redirect {
  location: string;
  status: 301 | 302 | 307 | 308;
  /** Redirects editors can change say how long browsers may keep them (a bare 301 is kept forever). */
  cacheControl?: string;
}

/** A redirect to a page that moved: one hop, to where it is now; the query goes along, browsers keep it briefly (renaming back removes it). */
function movedTo(url: URL, to: string): Redirect {
  return { location: withQuery(to, url), status: 301, cacheControl: CMS_REDIRECT_CACHE_CONTROL };
}

function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** The request holds a visual-editor preview link (valid or not: checking it is the page route's job). */
function carriesPreviewLink(url: URL): boolean {
  return url.searchParams.has(PREVIEW_QUERY.storyId) || url.searchParams.has(PREVIEW_QUERY.token);
}

/** How long a browser keeps a redirect from the CMS before asking again. */
export const CMS_REDIRECT_CACHE_CONTROL = "public, max-age=300";

/** `/a/b/` -> `/a/b` (query kept); repeated slashes collapse so no `//host` location can arise. */
export function trailingSlashRedirect(url: URL): Redirect | null {
  const collapsed = url.pathname.replace(/\/{2,}/g, "/");
  const clean = collapsed.length > 1 ? collapsed.replace(/\/+$/, "") || "/" : collapsed;
  if (clean === url.pathname) return null;
  return { location: clean + url.search, status: 301 };
}

/**
 * Redirects from the route rules (code) and the CMS `redirects` datasource (name = from, value = to).
 * The route rules hold in every language (`/en/home` -> `/en`, a rule's own page in the same
 * language); the datasource names Dutch paths and holds for them only.
 */
export function ruleRedirect(
  url: URL,
  rules: CompiledRule[],
  entries: DatasourceEntry[],
  localise?: (path: string) => string,
): Redirect | null {
  const { lang, path } = splitLangPath(url.pathname);
  for (const { rule, matches } of rules) {
    if (!rule.redirect || !matches(path)) continue;
    const to = rule.redirect.to.startsWith("/")
      ? (localise ?? ((target: string) => localisedPath(lang, target)))(rule.redirect.to)
      : rule.redirect.to;
    return { location: withQuery(to, url), status: rule.redirect.status ?? 301 };
  }
  if (lang !== DEFAULT_LANG) return null;
  const entry = byPath(entries).get(path);
  if (entry?.value) return { location: withQuery(entry.value.trim(), url), status: 301, cacheControl: CMS_REDIRECT_CACHE_CONTROL };
  return null;
}

/**
 * A rule's Dutch target path in `lang`: the page's translated path where it is published in that
 * language, else the Dutch page (a visitor who followed a link still gets somewhere real).
 */
export function localiser(lang: Lang, index: PageIndex): (path: string) => string {
  return (path) => {
    const slug = index.stories[DEFAULT_LANG].get(path === "/" ? "home" : path.slice(1));
    const translated = slug === undefined ? undefined : index.alternates.get(slug)?.[lang];
    return translated === undefined ? path : localisedPath(lang, pathOfSlug(translated));
  };
}

/** Datasource entries come from the isolate's parsed cache: one map per entries array, not a scan per request. */
const entriesByPath = new WeakMap<DatasourceEntry[], Map<string, DatasourceEntry>>();

/** The entries by normalised path; the first entry for a path wins. */
function byPath(entries: DatasourceEntry[]): Map<string, DatasourceEntry> {
  let map = entriesByPath.get(entries);
  if (map === undefined) {
    map = new Map();
    for (const entry of entries) {
      const from = normalise(entry.name);
      if (!map.has(from)) map.set(from, entry);
    }
    entriesByPath.set(entries, map);
  }
  return map;
}

function normalise(from: string): string {
  const path = from.trim().startsWith("/") ? from.trim() : `/${from.trim()}`;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The visitor's query goes along to our own pages, never to other sites. */
function withQuery(to: string, url: URL): string {
  if (!url.search || to.includes("?") || !to.startsWith("/")) return to;
  return to + url.search;
}
