import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, cspForNonce, EDITOR_FRAME } from "../../src/server/render/security";

// The policy is built once per set of options and only the nonce is put in per request: the
// result must be the policy built whole for that nonce.
describe("cspForNonce", () => {
  const cases = [
    {},
    { frameAncestors: EDITOR_FRAME },
    { extra: { "script-src": ["https://www.googletagmanager.com"], "img-src": ["https://*.google-analytics.com"] } },
  ];
  for (const options of cases) {
    it(`is the whole policy for each nonce: ${JSON.stringify(options)}`, () => {
      const policy = cspForNonce(options);
      for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAAAA", "abc_DEF-123456789012345x"]) {
        expect(policy(nonce)).toBe(contentSecurityPolicy({ ...options, nonce }));
      }
    });
  }
});
