import type { Hono, MiddlewareHandler } from "hono";
import { LANGS, localisedPath } from "../../shared/i18n/lang";
import type { AppBindings } from "../request-context";

/**
 * Route rules: per-path redirects (internal or external) and named middleware. Paths are exact
 * ("/home") or prefixes ending in "/*" ("/vacatures/*").
 */
export interface RouteRule {
  path: string;
  redirect?: { to: string; status?: 301 | 302 | 307 | 308 };
  middleware?: string[];
}

export const ROUTE_RULES: RouteRule[] = [
  { path: "/home", redirect: { to: "/", status: 301 } },
  { path: "/werken-bij", redirect: { to: "/vacatures", status: 301 } },
  { path: "/github", redirect: { to: "https://github.com/", status: 302 } },
];

/** Middleware a rule may name. */
export const ROUTE_MIDDLEWARE: Record<string, MiddlewareHandler> = {
  noindex: async (c, next) => {
    await next();
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  },
  "no-store": async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "private, no-store");
  },
};

export interface CompiledRule {
  matches: (path: string) => boolean;
  rule: RouteRule;
  middleware: MiddlewareHandler[];
}

export class UnknownMiddlewareError extends Error {
  override name = "UnknownMiddlewareError";
}

/** Checks every rule once, at start-up: a rule naming an unknown middleware is a programming error. */
export function compileRouteRules(rules: RouteRule[], middleware: Record<string, MiddlewareHandler>): CompiledRule[] {
  return rules.map((rule) => {
    const handlers = (rule.middleware ?? []).map((name) => {
      const handler = Object.hasOwn(middleware, name) ? middleware[name] : undefined;
      if (!handler) throw new UnknownMiddlewareError(`Unknown route middleware "${name}" in the rule for ${rule.path}`);
      return handler;
    });
    const prefix = rule.path.endsWith("/*") ? rule.path.slice(0, -1) : null;
    return {
      rule,
      middleware: handlers,
      matches: prefix ? (path) => path.startsWith(prefix) || path === prefix.slice(0, -1) : (path) => path === rule.path,
    };
  });
}

/**
 * Mounts each rule's middleware on its path with Hono's own router ("/x" exact, "/x/*" the prefix
 * and "/x"), in every language (`/en/x` too).
 */
export function mountRouteRules(app: Hono<AppBindings>, rules: CompiledRule[]): void {
  for (const { rule, middleware } of rules) {
    if (!middleware.length) continue;
    const [first, ...rest] = middleware;
    for (const lang of LANGS) app.use(localisedPath(lang, rule.path), first!, ...rest);
  }
}
