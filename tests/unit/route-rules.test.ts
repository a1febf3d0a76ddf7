import { describe, expect, it } from "vitest";
import { ROUTE_MIDDLEWARE, ROUTE_RULES, UnknownMiddlewareError, compileRouteRules } from "../../src/server/middleware/route-rules";
import { collapsed, ruleRedirect, trailingSlashRedirect } from "../../src/server/middleware/redirects";
import { pageIndex } from "../../src/server/content/routable";
import { checkPath } from "../../src/server/middleware/path-guard";
import { slugForPath } from "../../src/server/routes/pages";
import { linkEntry } from "../helpers/link-entry";

describe("route rules", () => {
  it("compiles the site's rules", () => {
    expect(() => compileRouteRules(ROUTE_RULES, ROUTE_MIDDLEWARE)).not.toThrow();
  });

  it("refuses a rule that names an unknown middleware", () => {
    expect(() => compileRouteRules([{ path: "/x", middleware: ["noindex", "auth"] }], ROUTE_MIDDLEWARE)).toThrow(
      new UnknownMiddlewareError('Unknown route middleware "auth" in the rule for /x'),
    );
  });

  it("matches exact paths and prefixes", () => {
    const rules = compileRouteRules([{ path: "/oud/*", redirect: { to: "/nieuw" } }], ROUTE_MIDDLEWARE);
    const at = (p: string) => ruleRedirect(new URL(`http://x${p}`), rules, []);
    expect(at("/oud/a/b")).toEqual({ location: "/nieuw", status: 301 });
    expect(at("/oud")).toEqual({ location: "/nieuw", status: 301 });
    expect(at("/oude")).toBeNull();
  });

  it("does not pass the visitor's query to external targets", () => {
    const entries = [{ id: 1, name: "/li", value: "https://www.linkedin.com/company/koraal", dimension_value: null }];
    expect(ruleRedirect(new URL("http://x/li?utm=1"), [], entries)).toEqual({
      location: "https://www.linkedin.com/company/koraal",
      status: 301,
      cacheControl: "public, max-age=300",
    });
  });
});

describe("trailing slash", () => {
  it.each([
    ["/", null],
    ["/a", null],
    ["/a/", "/a"],
    ["/a/b//", "/a/b"],
    ["//x.example//", "/x.example"],
  ])("%s -> %s", (path, location) => {
    expect(trailingSlashRedirect(new URL(`http://h${path}`))?.location ?? null).toBe(location);
  });
});

describe("path checks", () => {
  it("accepts ordinary paths, decoded", () => {
    expect(checkPath("/over-ons")).toEqual({ ok: true, path: "/over-ons" });
    expect(checkPath("/caf%C3%A9")).toEqual({ ok: true, path: "/café" });
  });
  it.each([
    ["/%00", 400],
    ["/%", 400],
    ["/%2e%2e/x", 400],
    ["/a%5Cb", 400],
    [`/${"x".repeat(2048)}`, 414],
  ])("refuses %s", (path, status) => {
    expect(checkPath(path)).toMatchObject({ ok: false, status });
  });
});

describe("slugs", () => {
  it.each([
    ["/", "home"],
    ["/contact", "contact"],
    ["/cases/bloei-app", "cases/bloei-app"],
    ["/theme/theme", null],
    ["/Contact", null],
    ["/a.php", null],
    ["/a-", null],
  ])("%s -> %s", (path, slug) => {
    expect(slugForPath(path)).toBe(slug);
  });
});

describe("a redirect's target that is redirected itself: one hop, never a loop", () => {
  const link = (id: number, slug: string) => linkEntry(slug, { id });
  const pages = pageIndex([link(1, "over-ons"), link(2, "insights/b")]);
  const entry = (name: string, value: string) => ({ id: 1, name, value, dimension_value: null });
  const to = (location: string) => ({ location, status: 301 as const });

  it("a CMS redirect to a page that moved leads to where it is now, its query kept", () => {
    const learned = new Map([["/insights/a", "/insights/b"]]);
    expect(collapsed(to("/insights/a?x=1"), [], learned, pages, "/oud")).toEqual(to("/insights/b?x=1"));
  });

  it("a CMS redirect to another CMS redirect's source leads on to its page", () => {
    const entries = [entry("/tussen", "/over-ons")];
    expect(collapsed(to("/tussen"), entries, new Map(), pages, "/oud")).toEqual(to("/over-ons"));
  });

  it("a loop of CMS redirects is no redirect at all", () => {
    const entries = [entry("/a", "/b"), entry("/b", "/a")];
    expect(collapsed(to("/b"), entries, new Map(), pages, "/a")).toBeNull();
  });

  it("a target that is a page, or no redirect's source, is left alone", () => {
    expect(collapsed(to("/over-ons"), [entry("/over-ons", "/x")], new Map(), pages, "/oud")).toEqual(to("/over-ons"));
    expect(collapsed(to("/onbekend"), [], new Map(), pages, "/oud")).toEqual(to("/onbekend"));
  });
});
