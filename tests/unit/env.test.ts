import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, tokenNotices, type AppEnv } from "../../src/server/env";
import { createApp } from "../../src/server/index";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";

describe("settings", () => {
  it("serves the embedded snapshot without a token, and says nothing about it", () => {
    const config = readConfig(env as AppEnv);
    expect(config.storyblok).toEqual({ kind: "embedded" });
    expect(config.notices).toEqual([]);
  });

  it("uses Storyblok when a token is set", () => {
    const config = readConfig({ ...(env as AppEnv), STORYBLOK_TOKEN: " abc ", STORYBLOK_OAUTH_TOKEN: "x" });
    expect(config.storyblok).toMatchObject({ kind: "storyblok", token: "abc", oauth: true, apiHost: "api.storyblok.com" });
  });

  it("reports a missing access token", () => {
    expect(tokenNotices({ STORYBLOK_TOKEN: "  " })).toEqual(["STORYBLOK_TOKEN is set but empty: serving the embedded content snapshot"]);
    expect(tokenNotices({ STORYBLOK_PREVIEW_TOKEN: "p" })).toEqual([
      "STORYBLOK_PREVIEW_TOKEN set without STORYBLOK_TOKEN: serving the embedded content snapshot",
    ]);
    expect(tokenNotices({ STORYBLOK_TOKEN: "t" })).toEqual([]);
  });

  it("logs the missing token as an error once per isolate", async () => {
    const lines: Array<{ level: string; event: string; message?: string }> = [];
    const app = createApp({ logSink: (level, line) => lines.push({ level, ...JSON.parse(line) }) });
    const broken = { ...(env as AppEnv), STORYBLOK_TOKEN: "" };
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request("http://www.koraal.test/robots.txt"), broken, ctx);
      await res.text();
      await waitOnExecutionContext(ctx);
    }
    const notices = lines.filter((l) => l.event === "config.notice");
    expect(notices).toEqual([
      expect.objectContaining({ level: "error", message: "STORYBLOK_TOKEN is set but empty: serving the embedded content snapshot" }),
    ]);
  });

  it("says when Turnstile's secret is set without its site key: no widget, every signup under the tokenless limit", () => {
    const secret = { ...(env as AppEnv), TURNSTILE_SECRET_KEY: "s3cret" };
    expect(readConfig({ ...secret, TURNSTILE_SITE_KEY: "" }).notices).toEqual([
      "TURNSTILE_SITE_KEY is not set while TURNSTILE_SECRET_KEY is: the form has no Turnstile widget, so every signup falls under the tokenless limit (2 per visitor, 30 for the whole site, then 1 per 2 minutes)",
    ]);
    expect(readConfig({ ...secret, TURNSTILE_SITE_KEY: "1x00000000000000000000BB" }).notices).toEqual([]);
  });

  it("reads HUBSPOT_DOUBLE_OPT_IN as true or false, false when unset", () => {
    expect(readConfig(env as AppEnv).doubleOptIn).toBe(false);
    expect(readConfig({ ...(env as AppEnv), HUBSPOT_DOUBLE_OPT_IN: " true " }).doubleOptIn).toBe(true);
    expect(readConfig({ ...(env as AppEnv), HUBSPOT_DOUBLE_OPT_IN: "false" }).doubleOptIn).toBe(false);
    expect(() => readConfig({ ...(env as AppEnv), HUBSPOT_DOUBLE_OPT_IN: "ja" })).toThrow("HUBSPOT_DOUBLE_OPT_IN must be true or false");
  });

  it("names every malformed setting", () => {
    expect(() => readConfig({ ...(env as AppEnv), LOG_LEVEL: "loud", SITE_URL: "https://x.nl/" })).toThrow(ConfigError);
    expect(() => readConfig({ ...(env as AppEnv), LOG_LEVEL: "loud", SITE_URL: "https://x.nl/" })).toThrow(
      /LOG_LEVEL must be one of debug, info, warn, error; SITE_URL must be an origin/,
    );
  });
});
