import { createMiddleware } from "hono/factory";
import type { DatasourceEntry } from "../../shared/content";
import { datasourceRedirects } from "../content/redirects";
import type { AppBindings } from "../request-context";
import type { CompiledRule } from "./route-rules";

/** Trailing slashes, the route rules' redirects and the CMS `redirects` datasource, in that order. */
export function redirects(rules: CompiledRule[]) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const url = new URL(c.req.url);
    const redirect = trailingSlashRedirect(url) ?? ruleRedirect(url, rules, await datasourceRedirects(c.var.content, c.var.logger));
    if (redirect) {
      const response = c.redirect(redirect.location, redirect.status);
      if (redirect.cacheControl) response.headers.set("Cache-Control", redirect.cacheControl);
      return response;
    }
    await next();
  });
}

export interface Redirect {
  location: string;
  status: 301 | 302 | 307 | 308;
  /** Redirects editors can change say how long browsers may keep them (a bare 301 is kept forever). */
  cacheControl?: string;
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

/** Redirects from the route rules (code) and the CMS `redirects` datasource (name = from, value = to). */
export function ruleRedirect(url: URL, rules: CompiledRule[], entries: DatasourceEntry[]): Redirect | null {
  const path = url.pathname;
  for (const { rule, matches } of rules) {
    if (rule.redirect && matches(path)) return { location: withQuery(rule.redirect.to, url), status: rule.redirect.status ?? 301 };
  }
  const entry = entries.find((e) => normalise(e.name) === path);
  if (entry?.value) return { location: withQuery(entry.value.trim(), url), status: 301, cacheControl: CMS_REDIRECT_CACHE_CONTROL };
  return null;
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
