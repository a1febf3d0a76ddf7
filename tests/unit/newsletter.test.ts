import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, type AppEnv } from "../../src/server/env";
import { backoffMs } from "../../src/server/newsletter/delivery";
import { parseRetryAfter } from "../../src/server/newsletter/hubspot";
import { type Bucket, type Take, clientKey, ipv6Prefix64, takeToken } from "../../src/server/newsletter/limiter";
import { logHash, redactEmails } from "../../src/server/newsletter/privacy";
import { acceptedMarketing, consentedHutk } from "../../src/server/newsletter/tracking-cookie";
import { safeReturnPath } from "../../src/server/routes/newsletter";

const config = (extra: Record<string, string | undefined>) => readConfig({ ...env, ...extra } as AppEnv);

describe("newsletter settings", () => {
  it("chooses the delivery by which settings exist", () => {
    expect(config({}).hubspot).toBeUndefined();
    expect(config({ HUBSPOT_TOKEN: " pat-eu1-x " }).hubspot).toEqual({ kind: "crm", token: "pat-eu1-x" });
    const forms = { HUBSPOT_PORTAL_ID: "123", HUBSPOT_FORM_GUID: "4f1d3c2b-8a7e-4b6d-9c0f-1e2d3c4b5a69" };
    expect(config(forms).hubspot).toEqual({ kind: "forms", portalId: "123", formGuid: "4f1d3c2b-8a7e-4b6d-9c0f-1e2d3c4b5a69" });
    expect(config({ ...forms, HUBSPOT_TOKEN: "pat" }).hubspot).toMatchObject({ kind: "forms" });
    expect(config({ STORYBLOK_WEBHOOK_SECRET: "s" }).webhookSecret).toBe("s");
  });

  it("sends to one HubSpot origin when HUBSPOT_API_ORIGIN is set (a stand-in)", () => {
    expect(
      config({ HUBSPOT_TOKEN: "pat", HUBSPOT_API_ORIGIN: "http://127.0.0.1:8790", HUBSPOT_SUBSCRIPTION_TYPE_ID: "42" }).hubspot,
    ).toStrictEqual({
      kind: "crm",
      token: "pat",
      apiOrigin: "http://127.0.0.1:8790",
      subscriptionTypeId: 42,
    });
    expect(config({ HUBSPOT_TOKEN: "pat" }).hubspot?.apiOrigin).toBeUndefined();
  });

  it.each([
    [{ HUBSPOT_PORTAL_ID: "123" }, "HUBSPOT_PORTAL_ID and HUBSPOT_FORM_GUID must be set together"],
    [{ HUBSPOT_FORM_GUID: "4f1d3c2b-8a7e-4b6d-9c0f-1e2d3c4b5a69" }, "HUBSPOT_PORTAL_ID and HUBSPOT_FORM_GUID must be set together"],
    [
      { HUBSPOT_PORTAL_ID: "portal", HUBSPOT_FORM_GUID: "4f1d3c2b-8a7e-4b6d-9c0f-1e2d3c4b5a69" },
      "HUBSPOT_PORTAL_ID must be the numeric portal id",
    ],
    [{ HUBSPOT_PORTAL_ID: "123", HUBSPOT_FORM_GUID: "form" }, "HUBSPOT_FORM_GUID must be a form GUID"],
    [
      { HUBSPOT_API_ORIGIN: "http://127.0.0.1:8790/api" },
      "HUBSPOT_API_ORIGIN must be an origin such as http://127.0.0.1:8790 (no path, no trailing slash)",
    ],
    [{ HUBSPOT_SUBSCRIPTION_TYPE_ID: "newsletter" }, "HUBSPOT_SUBSCRIPTION_TYPE_ID must be the numeric subscription type id"],
    [{ DB: undefined }, "DB (D1 database binding, newsletter outbox) is missing"],
    [{ SIGNUP_LIMITER: undefined }, "SIGNUP_LIMITER (Durable Object binding, newsletter rate limit) is missing"],
  ])("names what is wrong: %o", (extra, problem) => {
    expect(() => config(extra)).toThrow(ConfigError);
    expect(() => config(extra)).toThrow(problem);
  });
});

describe("signup limit (token bucket)", () => {
  it("allows a burst of 5, then one per 12 s, and says when", () => {
    let bucket: Bucket | undefined;
    const takes: Take[] = [];
    for (let i = 0; i < 6; i++) {
      const step = takeToken(bucket, 1_000);
      bucket = step.bucket;
      takes.push(step.take);
    }
    expect(takes).toEqual([...Array(5).fill({ allowed: true }), { allowed: false, retryAfterSeconds: 12 }]);
    expect(takeToken(bucket, 12_999).take).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(takeToken(bucket, 13_000).take).toEqual({ allowed: true });
    expect(takeToken(bucket, 1_000 + 60 * 60_000).bucket.tokens).toBe(4);
  });

  it("keys clients by a hash, IPv6 by /64", async () => {
    expect(ipv6Prefix64("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(ipv6Prefix64("2001:0db8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(ipv6Prefix64("::1")).toBe("0:0:0:0::/64");
    expect(ipv6Prefix64("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(await clientKey("2001:db8:1:2::1")).toBe(await clientKey("2001:db8:1:2:abcd::9"));
    expect(await clientKey("203.0.113.1")).toMatch(/^[0-9a-f]{64}$/);
    expect(await clientKey("203.0.113.1")).not.toBe(await clientKey("203.0.113.2"));
    expect(await clientKey(undefined)).toBe("local");
  });

  it("keys an IPv4-mapped IPv6 address (::ffff:a.b.c.d) by its IPv4 address, not by a /64 every such client shares", async () => {
    const v4 = await clientKey("203.0.113.1");
    for (const mapped of ["::ffff:203.0.113.1", "::FFFF:203.0.113.1", "0:0:0:0:0:ffff:203.0.113.1", "::ffff:cb00:7101"])
      expect([mapped, await clientKey(mapped)]).toEqual([mapped, v4]);
    expect(await clientKey("::ffff:203.0.113.2")).not.toBe(v4);
  });
});

describe("delivery schedule", () => {
  it("doubles the wait from 1 minute, capped at 6 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 360]);
  });

  it("reads Retry-After as seconds or a date, and ignores nonsense", () => {
    const now = Date.parse("2026-03-02T09:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Mon, 02 Mar 2026 09:05:00 GMT", now)).toBe(300_000);
    expect([null, "", "soon", "-5", "1.5", String(2 * 86_400)].map((v) => parseRetryAfter(v, now))).toEqual(Array(6).fill(undefined));
  });
});

describe("privacy", () => {
  it("redacts anything that looks like an address", () => {
    expect(redactEmails('Email address jan@intranet is invalid; "a.b+c@x.nl"')).toBe(
      'Email address [e-mailadres] is invalid; "[e-mailadres]"',
    );
    expect(logHash("95d9bd5d39bee87cd3fa2672757a9d9a")).toBe("95d9bd5d39be");
  });
});

describe("no-JS return path", () => {
  it.each([
    ["/contact", "/contact"],
    ["/cases?page=2", "/cases?page=2"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["contact", "/"],
    ["/a\nb", "/"],
    // dot segments that resolve to a protocol-relative "//host" (found by the property test)
    ["/.//", "/"],
    ["/.//evil.example/x", "/evil.example/x"],
    ["/a/..//evil.example", "/evil.example"],
    ["/over-ons/./team/../", "/over-ons/"],
    [undefined, "/"],
  ])("%j -> %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});

describe("HubSpot's tracking cookie only with marketing consent", () => {
  const choice = (marketing: string) =>
    `{stamp:'k3Vx9Q==',necessary:true,preferences:false,statistics:false,marketing:${marketing},method:'explicit',ver:1,utc:1772442000000,region:'nl'}`;

  it("reads Cookiebot's cookie, encoded or not: only an explicit marketing:true counts", () => {
    expect(acceptedMarketing(choice("true"))).toBe(true);
    expect(acceptedMarketing(encodeURIComponent(choice("true")))).toBe(true);
    expect(acceptedMarketing(choice("false"))).toBe(false);
    expect(acceptedMarketing("{necessary:true,marketing:true}")).toBe(true);
    expect(acceptedMarketing("{necessary:true,nomarketing:true}")).toBe(false);
    expect(acceptedMarketing("{marketing:truest}")).toBe(false);
    expect(acceptedMarketing("-1")).toBe(false);
    expect(acceptedMarketing("%E0%A4%A")).toBe(false);
    expect(acceptedMarketing(`${choice("true")}${" ".repeat(1024)}`)).toBe(false);
    expect(acceptedMarketing(undefined)).toBe(false);
  });

  it("passes the hubspotutk value on only with the banner configured, consent given and HubSpot's shape", () => {
    const hutk = "4f0c8e2d9b7a6c5e3f1d2b4a6c8e0f12";
    expect(consentedHutk({ consent: choice("true"), hubspotutk: hutk }, true)).toBe(hutk);
    expect(consentedHutk({ consent: choice("true"), hubspotutk: hutk }, false)).toBeUndefined();
    expect(consentedHutk({ consent: choice("false"), hubspotutk: hutk }, true)).toBeUndefined();
    expect(consentedHutk({ consent: choice("true"), hubspotutk: undefined }, true)).toBeUndefined();
    expect(consentedHutk({ consent: choice("true"), hubspotutk: `${hutk}0` }, true)).toBeUndefined();
    expect(consentedHutk({ consent: choice("true"), hubspotutk: "<script>" }, true)).toBeUndefined();
  });
});
