import { describe, expect, it } from "vitest";
import { thirdPartyCsp, turnstileLoader } from "../../src/server/render/third-party";

// Turnstile's script and frame are allowed exactly where the bot check is on (issue 53), from the
// origin its script comes from (Cloudflare's, or the stand-in's offline).
describe("Turnstile in the CSP and the page", () => {
  const on = { turnstileSiteKey: "1x00000000000000000000BB", turnstileScript: "https://challenges.cloudflare.com/turnstile/v0/api.js" };

  it("adds the script's origin to script-src, frame-src and connect-src only when a site key is set", () => {
    expect(thirdPartyCsp({})).toEqual({});
    expect(thirdPartyCsp(on)).toEqual({
      "script-src": ["https://challenges.cloudflare.com"],
      "frame-src": ["https://challenges.cloudflare.com"],
      "connect-src": ["https://challenges.cloudflare.com"],
    });
  });

  it("has no loader without a site key; with one, the loader fetches the script only on the form's first focus", () => {
    expect(turnstileLoader({}, "/api/newsletter")).toBeNull();
    const code = turnstileLoader(on, "/api/newsletter") ?? "";
    expect(code).toContain('"key":"1x00000000000000000000BB"');
    expect(code).toContain("d.addEventListener('focusin'");
    expect(code).toContain("'?onload=koraalTurnstile&render=explicit'");
  });
});
