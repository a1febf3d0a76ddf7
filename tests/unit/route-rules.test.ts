import { describe, expect, it } from "vitest";
import { ROUTE_MIDDLEWARE, ROUTE_RULES, UnknownMiddlewareError, compileRouteRules } from "../../src/server/middleware/route-rules";
import { ruleRedirect, trailingSlashRedirect } from "../../src/server/middleware/redirects";
import { checkPath } from "../../src/server/middleware/path-guard";
import { slugForPath } from "../../src/server/routes/pages";

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
