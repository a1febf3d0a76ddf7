/**
 * Issue 53, item 5: the signup's bot check. Turnstile's token is verified through Siteverify (the
 * stand-in, tests/stand-ins/turnstile/) before anything is stored; a forged, expired or replayed
 * token stores nothing; a signup without a token (the form without JavaScript) works under the
 * stricter tokenless limit (2 per client, 30 for the site); a Siteverify outage neither loses a
 * person's signup nor opens the door (the tokenless limit); an address gets one delivery (one
 * confirmation mail from HubSpot) whoever submits it.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_SECRETS } from "../stand-ins/turnstile/siteverify";
import { BASE, MINUTE, freshStorage, harness, type Harness } from "../helpers/newsletter-harness";

beforeEach(freshStorage);
const REFUSED = { message: "De controle tegen spam is mislukt. Laad de pagina opnieuw en probeer het nog eens." };
const consents = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM consents").first<{ n: number }>())?.n;
const form = (h: Harness, fields: Record<string, string>, ip?: string) =>
  h.send("/api/newsletter", {
    ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ returnPath: "/contact", language: "nl", website: "", ...fields }).toString(),
  });

describe("a Turnstile token is verified before anything is stored", () => {
  it("takes a signup whose token Siteverify passes, and sends the token and the client's address along", async () => {
    const h = harness({ turnstile: true });
    const token = h.siteverify.mint();
    const res = await h.subscribe("echt@voorbeeld.nl", { token, ip: "198.51.100.7" });
    expect(res.status).toBe(201);
    expect((await h.rows()).map((r) => r.email)).toEqual(["echt@voorbeeld.nl"]);
    expect(h.siteverify.verified).toEqual([{ token, secret: "local-turnstile-stand-in-secret", remoteip: "198.51.100.7", codes: [] }]);
  });

  it.each([
    ["a forged token", (_: Harness) => "made-up-token"],
    ["a test site key's dummy token, which a real secret refuses", (_: Harness) => "XXXX.DUMMY.TOKEN.XXXX"],
  ])("stores nothing for %s (403, no row, no consent record)", async (_name, token) => {
    const h = harness({ turnstile: true });
    const res = await h.subscribe("nep@voorbeeld.nl", { token: token(h) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
    expect(await h.rows()).toEqual([]);
    expect(await consents()).toBe(0);
  });

  it("refuses a replayed token, and one older than 300 s", async () => {
    const h = harness({ turnstile: true });
    const token = h.siteverify.mint();
    expect((await h.subscribe("eerste@voorbeeld.nl", { token })).status).toBe(201);
    expect((await h.subscribe("tweede@voorbeeld.nl", { token })).status).toBe(403);
    const old = h.siteverify.mint();
    h.advance(300_001);
    expect((await h.subscribe("laat@voorbeeld.nl", { token: old })).status).toBe(403);
    expect((await h.rows()).map((r) => r.email)).toEqual(["eerste@voorbeeld.nl"]);
    expect(h.siteverify.verified.map((v) => v.codes)).toEqual([[], ["timeout-or-duplicate"], ["timeout-or-duplicate"]]);
  });

  it.each([
    [TEST_SECRETS.passes, 201],
    [TEST_SECRETS.fails, 403],
    [TEST_SECRETS.spent, 403],
  ])("answers as Cloudflare's test secret %s says (%i)", async (secret, status) => {
    const h = harness({ turnstile: { secret } });
    expect((await h.subscribe("test@voorbeeld.nl", { token: "XXXX.DUMMY.TOKEN.XXXX" })).status).toBe(status);
  });

  it("sends a forged token of the form without JavaScript back as controle-mislukt, storing nothing", async () => {
    const h = harness({ turnstile: true });
    const res = await form(h, { email: "bot@voorbeeld.nl", "cf-turnstile-response": "forged" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/contact?nieuwsbrief=controle-mislukt#nieuwsbrief"]);
    expect(await h.rows()).toEqual([]);
  });
});

describe("without a token: the stricter tokenless limit", () => {
  it("takes 2 signups of a client without JavaScript, then te-vaak; a checked one from that client still goes through", async () => {
    const h = harness({ turnstile: true });
    const ip = "198.51.100.20";
    const locations = [];
    for (const address of ["a@voorbeeld.nl", "b@voorbeeld.nl", "c@voorbeeld.nl"])
      locations.push((await form(h, { email: address }, ip)).headers.get("location"));
    expect(locations).toEqual([
      "/contact?nieuwsbrief=geabonneerd#nieuwsbrief",
      "/contact?nieuwsbrief=geabonneerd#nieuwsbrief",
      "/contact?nieuwsbrief=te-vaak&wacht=1800#nieuwsbrief",
    ]);
    expect((await h.subscribe("d@voorbeeld.nl", { ip, token: h.siteverify.mint() })).status).toBe(201);
    // the JSON API without a token is the same door: the client's two are used up
    const res = await h.subscribe("e@voorbeeld.nl", { ip });
    expect([res.status, res.headers.get("retry-after")]).toEqual([429, "1800"]);
  });

  it("takes at most 30 tokenless signups for the whole site, however many addresses send them", async () => {
    const h = harness({ turnstile: true });
    const statuses = [];
    for (let i = 0; i < 35; i++) statuses.push((await h.subscribe(`veel${i}@voorbeeld.nl`, { ip: `203.0.113.${i + 1}` })).status);
    expect(statuses).toEqual([...Array<number>(30).fill(201), ...Array<number>(5).fill(429)]);
    // people whose browser passed the check are not held up by it
    expect((await h.subscribe("mens@voorbeeld.nl", { token: h.siteverify.mint() })).status).toBe(201);
    h.advance(2 * MINUTE);
    expect((await h.subscribe("later@voorbeeld.nl", { ip: "203.0.113.200" })).status).toBe(201);
  });

  it.each(["5xx", "hang"] as const)(
    "keeps a signup while Siteverify is down (%s), under the tokenless limit, and says so in the log",
    async (down) => {
      const h = harness({ turnstile: true, timeoutMs: 1000 });
      h.siteverify.down = down;
      const ip = "198.51.100.30";
      const statuses = [];
      for (const address of ["s1@voorbeeld.nl", "s2@voorbeeld.nl", "s3@voorbeeld.nl"])
        statuses.push((await h.subscribe(address, { ip, token: h.siteverify.mint() })).status);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await h.rows()).map((r) => r.email).filter((address) => /^s\d@/.test(address))).toEqual([
        "s1@voorbeeld.nl",
        "s2@voorbeeld.nl",
      ]);
      expect(h.logsOf("newsletter.challenge_unavailable")).toHaveLength(3);
    },
  );
});

describe('the secret without the site key (what production\'s config had: TURNSTILE_SITE_KEY = "")', () => {
  it("renders no widget, so a visitor with JavaScript is held to the tokenless limit too, and says so once", async () => {
    const h = harness({ turnstile: true, env: { TURNSTILE_SITE_KEY: "" } });
    const page = await (await h.send("/contact", { method: "GET" })).text();
    expect(page).toContain('action="/api/newsletter"');
    expect(page).not.toContain("koraalTurnstile");
    // the enhanced form sends no token, as there is no widget to write one
    const statuses = [];
    for (const address of ["j1@voorbeeld.nl", "j2@voorbeeld.nl", "j3@voorbeeld.nl"])
      statuses.push((await h.subscribe(address, { ip: "198.51.100.40" })).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect(h.logsOf("config.notice").map((l) => l.message)).toEqual([
      "TURNSTILE_SITE_KEY is not set while TURNSTILE_SECRET_KEY is: the form has no Turnstile widget, so every signup falls under the tokenless limit (2 per visitor, 30 for the whole site, then 1 per 2 minutes)",
    ]);
  });
});

describe("one confirmation per address, whoever submits it", () => {
  it("delivers an address to HubSpot once, however often and from wherever it is signed up", async () => {
    const h = harness({ turnstile: true, settings: "forms" });
    for (let i = 0; i < 5; i++) {
      const res = await h.subscribe(i % 2 ? "Slachtoffer@Voorbeeld.nl" : "slachtoffer@voorbeeld.nl", {
        ip: `192.0.2.${i + 1}`,
        token: h.siteverify.mint(),
        referer: `${BASE}/contact`,
      });
      expect(res.status).toBe(201);
      h.advance(MINUTE);
      await h.cron();
    }
    expect(h.hubspot.accepted.map((a) => a.email)).toEqual(["slachtoffer@voorbeeld.nl"]);
  });
});
