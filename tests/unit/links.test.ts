import { describe, expect, it } from "vitest";
import { resolveHref } from "../../src/shared/links/links";

describe("CMS links that start with a backslash", () => {
  // Browsers read `\` in a URL as `/`: `\\evil.example` would be the protocol-relative `//evil.example`.
  it.each([
    ["\\\\evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["\\/evil.example/pad", "/evil.example/pad"],
    ["//evil.example", "/evil.example"],
  ])("%s is treated like // and stays on this site: %s", (raw, href) => {
    expect(resolveHref(raw)).toEqual({ href, external: false });
  });
});
