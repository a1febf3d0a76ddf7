import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_ATTEMPTS } from "../../src/server/newsletter/delivery";
import { SUBSCRIPTION_TYPE_ID } from "../stand-ins/hubspot/fake";
import { eraseStatements, exportReport, exportStatements, subscriberIds, type Row } from "../../tools/operate/personal-data";
import {
  BASE,
  MINUTE,
  T0,
  allHubSpotFakes,
  allLogs,
  freshStorage,
  harness,
  pseudonym,
  sha256,
  type Harness,
} from "../helpers/newsletter-harness";
import { keyId } from "../../src/shared/subscriber-pseudonym";
import { everythingInD1 as allOfD1 } from "../helpers/d1";

const KEY = (env as unknown as { SUBSCRIBER_HASH_KEY: string }).SUBSCRIBER_HASH_KEY;

const API = "/api/hubspot/create";
const FORM = "/api/newsletter";
const SUBSCRIBED = { message: "Woehoe, je bent geabonneerd!" };
const INVALID = { message: "Vul een geldig e-mailadres in" };
const BAD_REQUEST = { message: "Ongeldig verzoek: stuur een JSON-object met je e-mailadres." };
const iso = (ms: number) => new Date(ms).toISOString();
/** CRM delivery without a subscription type: the contact only, one request per row (for counting claims). */
const ONE_REQUEST_PER_ROW = { HUBSPOT_SUBSCRIPTION_TYPE_ID: "" };

/** Every address any test here uses: none may ever show up in a log line. */
const usedEmails = new Set<string>();
const email = (local: string, domain = "voorbeeld.nl") => {
  const address = `${local}@${domain}`;
  usedEmails.add(address);
  return address;
};

beforeEach(freshStorage);
// Every request the site makes to HubSpot has the shape HubSpot publishes for it.
afterEach(() => {
  expect(allHubSpotFakes.flatMap((fake) => fake.requests.flatMap((r) => r.problems.map((p) => `${r.url}: ${p}`)))).toEqual([]);
});

const postJson = (h: Harness, body: string | Uint8Array<ArrayBuffer> | ReadableStream, headers: Record<string, string> = {}, ip?: string) =>
  h.send(API, { ip, headers: { "content-type": "application/json", ...headers }, body });

const postForm = (h: Harness, fields: Record<string, string>, ip?: string) =>
  h.send(FORM, { ip, headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

async function expectJson(res: Response, status: number, body: unknown) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/json");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("access-control-allow-origin")).toBeNull();
  expect(await res.json()).toEqual(body);
}

describe("POST /api/hubspot/create: answers", () => {
  it("stores a valid signup and answers 201 with the success message", async () => {
    const h = harness();
    const res = await h.subscribe(`  ${email("Lotte", "Voorbeeld.NL")}  `);
    await expectJson(res, 201, SUBSCRIBED);
    const rows = await h.rows();
    // only the address (trimmed, lower-cased as HubSpot has it), its keyed pseudonym, the consent context, the page's language and timestamps
    // (and HubSpot's tracking cookie, only with marketing consent: none here)
    expect(rows).toEqual([
      {
        id: 1,
        email: "lotte@voorbeeld.nl",
        email_hash: await pseudonym("lotte@voorbeeld.nl"),
        page_uri: `${BASE}/contact`,
        status: "stored",
        attempts: 0,
        last_error: null,
        next_attempt_at: null,
        created_at: iso(T0),
        updated_at: iso(T0),
        delivered_at: null,
        language: "nl",
        hutk: null,
        hash_key: await keyId(KEY),
      },
    ]);
  });

  it.each([
    ["an empty string", ""],
    ["only spaces", "   "],
    ["no @", "geen-adres"],
    ["an empty domain label", "a@b..nl"],
    ["a domain label over 63 characters", `x@${"a".repeat(64)}.nl`],
    ["a space in the local part", "jan jansen@voorbeeld.nl"],
    ["over 254 characters", `${"a".repeat(250)}@b.nl`],
    ["a local part over 64 characters (RFC 5321)", `${"a".repeat(65)}@b.nl`],
    ["an international domain whose ASCII form has a label over 63 characters", `x@${"ü".repeat(60)}.de`],
    // what HubSpot refuses with 400 "Invalid email address" (issue 54): refused here, before anything is kept
    ["a domain without a dot", "jan@localhost"],
    ["a top-level domain with a digit", "a@b.c0m"],
    ["a one-letter top-level domain", "jan@voorbeeld.n"],
    ["an IP address", "jan@192.168.1.10"],
  ])("refuses %s with 400 and the form's message, keeping nothing", async (_, value) => {
    const h = harness({ settings: "forms" });
    await expectJson(await postJson(h, JSON.stringify({ email: value })), 400, INVALID);
    expect(await h.rows()).toEqual([]);
    expect(await consentRecords()).toEqual([]);
    expect(h.hubspot.requests).toEqual([]);
  });

  it("accepts a 64-character local part and an international domain, stored in its ASCII (punycode) form: one subscriber either way", async () => {
    const h = harness();
    await expectJson(await h.subscribe(`${"a".repeat(64)}@b.nl`), 201, SUBSCRIBED);
    await expectJson(await h.subscribe("Jan@Bücher.de"), 201, SUBSCRIBED);
    await expectJson(await h.subscribe("Jan@xn--bcher-kva.de"), 201, SUBSCRIBED);
    expect((await h.rows()).map((row) => row.email)).toEqual([`${"a".repeat(64)}@b.nl`, "jan@xn--bcher-kva.de"]);
  });

  it.each([
    ["missing", "{}"],
    ["a number", '{"email":42}'],
    ["null", '{"email":null}'],
    ["an array", '{"email":["a@b.nl"]}'],
    ["an object", '{"email":{"value":"a@b.nl"}}'],
  ])("refuses an email that is %s with 400", async (_, body) => {
    const h = harness();
    await expectJson(await postJson(h, body), 400, INVALID);
    expect(await h.rows()).toEqual([]);
  });

  it.each([
    ["no body", ""],
    ["broken JSON", '{"email":'],
    ["plain text", "hallo"],
    ["a JSON array", '["a@b.nl"]'],
    ["JSON null", "null"],
    ["a JSON string", '"a@b.nl"'],
    ["a JSON number", "42"],
  ])("refuses %s with 400", async (_, body) => {
    const h = harness();
    await expectJson(await postJson(h, body), 400, BAD_REQUEST);
  });

  it("refuses bytes that are not UTF-8 with 400", async () => {
    const h = harness();
    await expectJson(await postJson(h, new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), 400, BAD_REQUEST);
  });

  it.each([
    ["no content type", undefined],
    ["text/plain", "text/plain"],
    ["a form", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["JSON in Latin-1", "application/json; charset=iso-8859-1"],
    ["a JSON look-alike", "application/jsonp"],
  ])("refuses %s with 415", async (_, type) => {
    const h = harness();
    const res = await h.send(API, {
      headers: type ? { "content-type": type } : {},
      body: new Blob([JSON.stringify({ email: email("type") })]),
    });
    await expectJson(res, 415, { message: "Stuur je aanmelding als JSON (Content-Type: application/json)." });
    expect(await h.rows()).toEqual([]);
  });

  it("accepts JSON with charset=utf-8", async () => {
    const h = harness();
    await expectJson(
      await postJson(h, JSON.stringify({ email: email("charset") }), { "content-type": "application/json; charset=UTF-8" }),
      201,
      SUBSCRIBED,
    );
  });

  it("takes a body of exactly 1 KB and refuses one byte more with 413", async () => {
    const h = harness();
    const body = (size: number, address: string) => {
      const start = JSON.stringify({ email: address, pad: "" });
      return JSON.stringify({ email: address, pad: "x".repeat(size - start.length) });
    };
    const fits = body(1024, email("precies"));
    expect(new TextEncoder().encode(fits).byteLength).toBe(1024);
    await expectJson(await postJson(h, fits), 201, SUBSCRIBED);
    const over = body(1025, email("te-groot"));
    await expectJson(await postJson(h, over), 413, { message: "Het verzoek is te groot." });
    expect((await h.rows()).map((r) => r.email)).toEqual(["precies@voorbeeld.nl"]);
  });

  it("refuses a streamed body over 1 KB without a length with 413", async () => {
    const h = harness();
    const chunk = new TextEncoder().encode(`{"email":"${email("stroom")}","pad":"${"x".repeat(600)}`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.enqueue(chunk);
        controller.close();
      },
    });
    await expectJson(await postJson(h, stream), 413, { message: "Het verzoek is te groot." });
  });

  it.each(["GET", "PUT", "PATCH", "DELETE", "OPTIONS"])("refuses %s with 405 and no CORS", async (method) => {
    const h = harness();
    const res = await h.send(API, { method, headers: { origin: "https://elders.example", "access-control-request-method": "POST" } });
    expect(res.headers.get("allow")).toBe("POST");
    await expectJson(res, 405, { message: "Deze methode is hier niet toegestaan." });
  });

  it("refuses HEAD with 405", async () => {
    const res = await harness().send(API, { method: "HEAD" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("refuses calls from other sites with 403: same origin only", async () => {
    const h = harness();
    const body = JSON.stringify({ email: email("elders") });
    const cross = { message: "Aanmelden kan alleen via deze website." };
    await expectJson(await postJson(h, body, { origin: "https://elders.example" }), 403, cross);
    await expectJson(await postJson(h, body, { "sec-fetch-site": "cross-site" }), 403, cross);
    expect(await h.rows()).toEqual([]);
    await expectJson(await postJson(h, body, { origin: BASE, "sec-fetch-site": "same-origin" }), 201, SUBSCRIBED);
  });

  it("accepts a filled-in honeypot silently and stores nothing", async () => {
    const h = harness({ settings: "crm" });
    await expectJson(await postJson(h, JSON.stringify({ email: email("bot"), website: "https://spam.example" })), 201, SUBSCRIBED);
    expect(await h.rows()).toEqual([]);
    expect(h.hubspot.requests).toEqual([]);
    expect(h.logsOf("newsletter.honeypot")).toHaveLength(1);
  });

  it("keeps a duplicate as one row and still answers success", async () => {
    const h = harness();
    await expectJson(await h.subscribe(email("dubbel")), 201, SUBSCRIBED);
    h.advance(MINUTE);
    await expectJson(await h.subscribe(" dubbel@VOORBEELD.nl "), 201, SUBSCRIBED);
    const rows = await h.rows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "dubbel@voorbeeld.nl", created_at: iso(T0), updated_at: iso(T0) });
    expect(h.logsOf("newsletter.duplicate")).toHaveLength(1);
  });

  it("limits a client to 5 signups, then 429 with Retry-After until a token is back", async () => {
    const h = harness();
    const ip = "203.0.113.7";
    for (let i = 1; i <= 5; i++) await expectJson(await h.subscribe(email(`limiet${i}`), { ip }), 201, SUBSCRIBED);
    // invalid addresses are answered before the limit and do not use it up
    await expectJson(await postJson(h, JSON.stringify({ email: "geen-adres" }), {}, ip), 400, INVALID);

    const limited = await h.subscribe(email("limiet6"), { ip });
    expect(limited.headers.get("retry-after")).toBe("12");
    await expectJson(limited, 429, { message: "Te veel aanmeldingen achter elkaar. Probeer het over 12 seconden opnieuw." });
    h.advance(6_000);
    const later = await h.subscribe(email("limiet6"), { ip });
    expect(later.headers.get("retry-after")).toBe("6");
    await expectJson(later, 429, { message: "Te veel aanmeldingen achter elkaar. Probeer het over 6 seconden opnieuw." });

    // another client is not affected; the same client may sign up again once the token is back
    await expectJson(await h.subscribe(email("ander"), { ip: "203.0.113.8" }), 201, SUBSCRIBED);
    h.advance(6_000);
    await expectJson(await h.subscribe(email("limiet6"), { ip }), 201, SUBSCRIBED);
    expect((await h.rows()).map((r) => r.email)).toEqual([
      "limiet1@voorbeeld.nl",
      "limiet2@voorbeeld.nl",
      "limiet3@voorbeeld.nl",
      "limiet4@voorbeeld.nl",
      "limiet5@voorbeeld.nl",
      "ander@voorbeeld.nl",
      "limiet6@voorbeeld.nl",
    ]);
  });

  it("limits IPv6 clients per /64 network", async () => {
    const h = harness();
    for (let i = 1; i <= 5; i++) await expectJson(await h.subscribe(email(`v6-${i}`), { ip: `2001:db8:1:2::${i}` }), 201, SUBSCRIBED);
    const res = await h.subscribe(email("v6-6"), { ip: "2001:db8:1:2:ffff::1" });
    expect(res.status).toBe(429);
    expect((await h.subscribe(email("v6-7"), { ip: "2001:db8:1:3::1" })).status).toBe(201);
  });

  it("answers 503 with a message, never a stack trace, when the outbox cannot store", async () => {
    const h = harness();
    await env.DB.prepare("DROP TABLE subscribers").run();
    const res = await h.subscribe(email("kapot"));
    expect(res.headers.get("retry-after")).toBe("60");
    await expectJson(res, 503, { message: "Inschrijven lukte niet. Probeer het later opnieuw." });
    expect(h.logsOf("newsletter.store_failed")).toEqual([
      expect.objectContaining({ level: "error", emailHash: (await pseudonym("kapot@voorbeeld.nl")).slice(0, 12) }),
    ]);
  });
});

describe("POST /api/hubspot/create: a request that breaks off", () => {
  it("is still answered as JSON (500), not with the HTML error page", async () => {
    const h = harness();
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":"'));
        controller.error(new Error("connection reset"));
      },
    });
    await expectJson(await postJson(h, broken), 500, { message: "Inschrijven lukte niet. Probeer het later opnieuw." });
    expect(h.logsOf("newsletter.request_failed")).toEqual([expect.objectContaining({ level: "error", error: "Error: connection reset" })]);
  });
});

describe("POST /api/newsletter: the form without JavaScript", () => {
  const location = (res: Response) => res.headers.get("location");

  it("stores the signup and sends the visitor back with the outcome", async () => {
    const h = harness();
    const res = await postForm(h, { email: email("zonderjs"), returnPath: "/contact", website: "" });
    expect(res.status).toBe(303);
    expect(location(res)).toBe("/contact?nieuwsbrief=geabonneerd#nieuwsbrief");
    expect(await h.rows()).toEqual([
      expect.objectContaining({ email: "zonderjs@voorbeeld.nl", page_uri: `${BASE}/contact`, status: "stored" }),
    ]);
  });

  it("sends an invalid address back as ongeldig", async () => {
    const h = harness();
    const res = await postForm(h, { email: "geen-adres", returnPath: "/over-ons", website: "" });
    expect(res.status).toBe(303);
    expect(location(res)).toBe("/over-ons?nieuwsbrief=ongeldig#nieuwsbrief");
    expect(location(await postForm(h, { returnPath: "/over-ons" }))).toBe("/over-ons?nieuwsbrief=ongeldig#nieuwsbrief");
    for (const address of ["jan@localhost", "a@b.c0m"])
      expect(location(await postForm(h, { email: address, returnPath: "/over-ons" }))).toBe("/over-ons?nieuwsbrief=ongeldig#nieuwsbrief");
    expect(await h.rows()).toEqual([]);
  });

  it("sends the sixth signup of a client back as te-vaak, with the wait", async () => {
    const h = harness();
    const ip = "203.0.113.20";
    for (let i = 1; i <= 5; i++)
      expect(location(await postForm(h, { email: email(`formlimiet${i}`), returnPath: "/" }, ip))).toBe(
        "/?nieuwsbrief=geabonneerd#nieuwsbrief",
      );
    expect(location(await postForm(h, { email: email("formlimiet6"), returnPath: "/" }, ip))).toBe(
      "/?nieuwsbrief=te-vaak&wacht=12#nieuwsbrief",
    );
  });

  it("sends the visitor back as mislukt when the outbox cannot store", async () => {
    const h = harness();
    await env.DB.prepare("DROP TABLE subscribers").run();
    expect(location(await postForm(h, { email: email("formkapot"), returnPath: "/contact" }))).toBe(
      "/contact?nieuwsbrief=mislukt#nieuwsbrief",
    );
  });

  it.each([
    ["another host", "//elders.example/pad"],
    ["a backslash host", "/\\elders.example"],
    ["an absolute URL", "https://elders.example/"],
    ["a script URL", "javascript:alert(1)"],
    ["a relative path", "contact"],
    ["an empty value", ""],
  ])("never redirects to %s: back to / instead", async (_, returnPath) => {
    const res = await postForm(harness(), { email: email("terug"), returnPath });
    expect(location(res)).toBe("/?nieuwsbrief=geabonneerd#nieuwsbrief");
  });

  it("keeps the query of the return path", async () => {
    const res = await postForm(harness(), { email: email("query"), returnPath: "/cases?page=2&nieuwsbrief=oud" });
    expect(location(res)).toBe("/cases?page=2&nieuwsbrief=geabonneerd#nieuwsbrief");
  });

  it("answers an English page in English words: ?newsletter=subscribed|invalid|too-many&wait=N|failed#newsletter", async () => {
    const h = harness();
    const ip = "203.0.113.21";
    expect(location(await postForm(h, { email: email("engels"), returnPath: "/en/contact" }, ip))).toBe(
      "/en/contact?newsletter=subscribed#newsletter",
    );
    expect(location(await postForm(h, { email: "geen-adres", returnPath: "/en" }, ip))).toBe("/en?newsletter=invalid#newsletter");
    // an outcome already in the address, in either language, makes way
    expect(
      location(await postForm(h, { email: email("engels2"), returnPath: "/en/cases?pagina=2&nieuwsbrief=oud&newsletter=old" }, ip)),
    ).toBe("/en/cases?pagina=2&newsletter=subscribed#newsletter");
    for (let i = 3; i <= 5; i++) await postForm(h, { email: email(`engels${i}`), returnPath: "/en" }, ip);
    expect(location(await postForm(h, { email: email("engels6"), returnPath: "/en/jobs" }, ip))).toBe(
      "/en/jobs?newsletter=too-many&wait=12#newsletter",
    );
    await env.DB.prepare("DROP TABLE subscribers").run();
    expect(location(await postForm(h, { email: email("engelskapot"), returnPath: "/en/contact" }))).toBe(
      "/en/contact?newsletter=failed#newsletter",
    );
  });

  it("drops a filled-in honeypot silently", async () => {
    const h = harness();
    expect(location(await postForm(h, { email: email("formbot"), returnPath: "/", website: "spam" }))).toBe(
      "/?nieuwsbrief=geabonneerd#nieuwsbrief",
    );
    expect(await h.rows()).toEqual([]);
  });

  it("takes multipart forms too", async () => {
    const h = harness();
    const form = new FormData();
    form.set("email", email("multipart"));
    form.set("returnPath", "/team");
    const res = await h.send(FORM, { body: form });
    expect(location(res)).toBe("/team?nieuwsbrief=geabonneerd#nieuwsbrief");
    expect(await h.rows()).toHaveLength(1);
  });

  it("answers JSON errors for what a form cannot be: 415, 413, 405, 403", async () => {
    const h = harness();
    await expectJson(await h.send(FORM, { headers: { "content-type": "application/json" }, body: "{}" }), 415, {
      message: "Stuur het formulier als application/x-www-form-urlencoded of multipart/form-data.",
    });
    await expectJson(await postForm(h, { email: email("groot"), returnPath: `/${"a".repeat(9000)}` }), 413, {
      message: "Het verzoek is te groot.",
    });
    await expectJson(await h.send(FORM, { method: "GET" }), 405, { message: "Deze methode is hier niet toegestaan." });
    await expectJson(
      await h.send(FORM, {
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://elders.example" },
        body: "email=a%40b.nl",
      }),
      403,
      { message: "Aanmelden kan alleen via deze website." },
    );
    expect(await h.rows()).toEqual([]);
  });
});

const CONSENT_NL =
  "Met je aanmelding geef je Koraal toestemming om je e-mailadres te gebruiken voor de nieuwsbrief, die we via HubSpot versturen. Afmelden kan altijd. Lees meer in onze privacyverklaring.";
const CONSENT_EN =
  "By signing up you allow Koraal to use your email address for the newsletter, which we send through HubSpot. You can unsubscribe at any time. Read more in our privacy statement.";

async function consentRecords() {
  const { results } = await env.DB.prepare(
    `SELECT c.email_hash, c.language, c.page_uri, c.given_at, c.outcome, t.text
     FROM consents c JOIN consent_texts t ON t.version = c.consent_version ORDER BY c.id`,
  ).all();
  return results;
}

describe("consent records", () => {
  it("records the text shown, language, page, time and outcome of every signup, with and without JavaScript", async () => {
    const h = harness();
    await h.subscribe(email("js-nl"), { referer: `${BASE}/over-ons` });
    await h.send(API, {
      headers: { "content-type": "application/json", referer: `${BASE}/en/contact` },
      body: JSON.stringify({ email: email("js-en"), language: "en" }),
    });
    h.advance(MINUTE);
    await postForm(h, { email: email("form-nl"), returnPath: "/contact", language: "nl", website: "" });
    await postForm(h, { email: email("form-en"), returnPath: "/en/about-us", language: "en", website: "" });
    await h.subscribe(" js-nl@Voorbeeld.NL", { referer: `${BASE}/` });
    const record = async (address: string, language: string, page: string, at: number, outcome: string) => ({
      email_hash: await pseudonym(address),
      language,
      page_uri: `${BASE}${page}`,
      given_at: iso(at),
      outcome,
      text: language === "nl" ? CONSENT_NL : CONSENT_EN,
    });
    expect(await consentRecords()).toEqual([
      await record("js-nl@voorbeeld.nl", "nl", "/over-ons", T0, "new"),
      await record("js-en@voorbeeld.nl", "en", "/en/contact", T0, "new"),
      await record("form-nl@voorbeeld.nl", "nl", "/contact", T0 + MINUTE, "new"),
      await record("form-en@voorbeeld.nl", "en", "/en/about-us", T0 + MINUTE, "new"),
      await record("js-nl@voorbeeld.nl", "nl", "/", T0 + MINUTE, "repeat"),
    ]);
    const { results: texts } = await env.DB.prepare("SELECT version, language, text FROM consent_texts ORDER BY language").all();
    expect(texts).toEqual([
      { version: await sha256(CONSENT_EN), language: "en", text: CONSENT_EN },
      { version: await sha256(CONSENT_NL), language: "nl", text: CONSENT_NL },
    ]);
  });

  it("keeps no record for a signup that is not kept (invalid address, honeypot)", async () => {
    const h = harness();
    await postForm(h, { email: "geen-adres", returnPath: "/contact", website: "" });
    await postForm(h, { email: email("bot"), returnPath: "/contact", website: "https://spam.example" });
    expect(await consentRecords()).toEqual([]);
  });
});

describe("retention: addresses kept only until HubSpot has them", () => {
  it("keeps the hash instead of the address once delivered; a repeat signup stays one row", async () => {
    const h = harness({ settings: "forms" });
    await h.subscribe(email("bezorgd"));
    const hash = await pseudonym("bezorgd@voorbeeld.nl");
    expect(await h.rows()).toEqual([expect.objectContaining({ email: `pseudonym:${hash}`, email_hash: hash, status: "delivered" })]);
    await expectJson(await h.subscribe(email("bezorgd")), 201, SUBSCRIBED);
    expect(await h.rows()).toEqual([expect.objectContaining({ email: `pseudonym:${hash}`, status: "delivered" })]);
    expect(h.hubspot.requests).toHaveLength(1);
    expect((await consentRecords()).map((r) => r.outcome)).toEqual(["new", "repeat"]);
  });

  it("forgets the address of a row HubSpot never took 30 days after its last attempt; a new signup brings it back", async () => {
    const h = harness({ settings: "crm", hubspot: { invalidDomains: ["geen-post.nl"] } });
    await h.subscribe(email("jan", "geen-post.nl")); // HubSpot refuses the address: failed at once
    const hash = await pseudonym("jan@geen-post.nl");
    expect(await h.rows()).toEqual([expect.objectContaining({ email: "jan@geen-post.nl", status: "failed" })]);
    h.advance(30 * 24 * 60 * MINUTE - 1);
    await h.cron();
    expect((await h.rows())[0]).toMatchObject({ email: "jan@geen-post.nl" });
    h.advance(1);
    await h.cron();
    expect(await h.rows()).toEqual([expect.objectContaining({ email: `pseudonym:${hash}`, status: "failed" })]);
    expect(h.logsOf("newsletter.address_forgotten")).toEqual([
      expect.objectContaining({ emailHash: hash.slice(0, 12), reason: "undeliverable for 30 days" }),
    ]);
    await h.subscribe(email("jan", "geen-post.nl"));
    expect(await h.rows()).toEqual([
      expect.objectContaining({ email: "jan@geen-post.nl", email_hash: hash, status: "failed", attempts: 1 }),
    ]);
  });
});

describe("consent context from the Referer", () => {
  it("keeps at most 2 KB, a path on this site: a longer Referer is no page of ours", async () => {
    const h = harness();
    await h.subscribe(email("lang"), { referer: `${BASE}/${"a".repeat(2100)}` });
    expect(await h.rows()).toEqual([expect.objectContaining({ email: "lang@voorbeeld.nl", page_uri: null })]);
  });
});

describe("delivery to HubSpot", () => {
  it("submits to the form (Forms API v3) with the page as consent context", async () => {
    const h = harness({ settings: "forms" });
    await h.subscribe(email("formulier"), { referer: `${BASE}/over-ons?utm_source=x` });
    expect(h.hubspot.requests.map((r) => [r.method, r.url, r.answer])).toEqual([
      ["POST", "https://api.hsforms.com/submissions/v3/integration/submit/26457891/4f1d3c2b-8a7e-4b6d-9c0f-1e2d3c4b5a69", 200],
    ]);
    expect(h.hubspot.requests[0]!.body).toEqual({
      fields: [{ objectTypeId: "0-1", name: "email", value: "formulier@voorbeeld.nl" }],
      context: { pageUri: `${BASE}/over-ons` },
      legalConsentOptions: {
        consent: {
          consentToProcess: true,
          text: CONSENT_NL,
          communications: [{ value: true, subscriptionTypeId: SUBSCRIPTION_TYPE_ID, text: CONSENT_NL }],
        },
      },
    });
    expect(h.hubspot.api.state.statuses.get("formulier@voorbeeld.nl")).toEqual([
      { subscriptionId: SUBSCRIPTION_TYPE_ID, status: "SUBSCRIBED", legalBasis: "CONSENT_WITH_NOTICE" },
    ]);
    expect(await h.rows()).toEqual([
      expect.objectContaining({ status: "delivered", attempts: 1, last_error: null, next_attempt_at: null, delivered_at: iso(T0) }),
    ]);
  });

  it("passes on the English text to an English signup without JavaScript", async () => {
    const h = harness({ settings: "forms" });
    await postForm(h, { email: email("engels"), returnPath: "/en/contact", language: "en", website: "" });
    expect(h.hubspot.accepted).toEqual([
      {
        api: "forms",
        email: "engels@voorbeeld.nl",
        pageUri: `${BASE}/en/contact`,
        hutk: undefined,
        legalConsentOptions: {
          consent: {
            consentToProcess: true,
            text: CONSENT_EN,
            communications: [{ value: true, subscriptionTypeId: SUBSCRIPTION_TYPE_ID, text: CONSENT_EN }],
          },
        },
      },
    ]);
  });

  it("creates a contact and subscribes it with the consent as legal basis (CRM API with the private-app token)", async () => {
    const h = harness({ settings: "crm" });
    await h.subscribe(email("contact"));
    const bearer = "Bearer pat-eu1-11111111-2222-3333-4444-555555555555";
    expect(h.hubspot.requests.map((r) => [r.url, r.headers.authorization, r.body, r.answer])).toEqual([
      ["https://api.hubapi.com/crm/v3/objects/contacts", bearer, { properties: { email: "contact@voorbeeld.nl", hs_language: "nl" } }, 201],
      [
        "https://api.hubapi.com/communication-preferences/v4/statuses/contact%40voorbeeld.nl",
        bearer,
        {
          channel: "EMAIL",
          statusState: "SUBSCRIBED",
          subscriptionId: SUBSCRIPTION_TYPE_ID,
          legalBasis: "CONSENT_WITH_NOTICE",
          legalBasisExplanation: CONSENT_NL,
        },
        200,
      ],
    ]);
    expect((await h.rows())[0]).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("counts a 409 'Contact already exists' as delivered", async () => {
    const h = harness({ settings: "crm" });
    h.hubspot.addContact("bestaand@voorbeeld.nl");
    await h.subscribe(email("bestaand"));
    expect(h.hubspot.requests.map((r) => r.answer)).toEqual([409, 200]);
    expect((await h.rows())[0]).toMatchObject({ status: "delivered", attempts: 1, delivered_at: iso(T0) });
  });

  it("marks a signup HubSpot refuses (400 with message) as failed at once, without the address in the error", async () => {
    // an address of the right shape that HubSpot's own checks refuse
    const h = harness({ settings: "crm", hubspot: { invalidDomains: ["geen-post.nl"] } });
    await expectJson(await h.subscribe(email("jan", "geen-post.nl")), 201, SUBSCRIBED);
    const [row] = await h.rows();
    expect(row).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
    expect(row!.last_error).toBe(
      '400 Property values were not valid: [{"isValid":false,"message":"Email address [e-mailadres] is invalid","error":"INVALID_EMAIL","name":"email"}]',
    );
    expect(h.logsOf("newsletter.failed")).toEqual([
      expect.objectContaining({
        level: "error",
        emailHash: (await pseudonym("jan@geen-post.nl")).slice(0, 12),
        reason: "rejected by HubSpot",
        error: row!.last_error,
      }),
    ]);
    h.advance(24 * 60 * MINUTE);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(1);
  });

  it("keeps the Forms API's 400 message as the error", async () => {
    const h = harness({ settings: "forms", hubspot: { invalidDomains: ["geen-post.nl"] } });
    await h.subscribe(email("piet", "geen-post.nl"));
    expect((await h.rows())[0]).toMatchObject({
      status: "failed",
      last_error: "400 The request is not valid; Error in 'fields.email'. Invalid email address",
    });
  });

  it("fails an address queued before the email rule refused it (jan@localhost) at once, unsent, with the reason, never retried", async () => {
    // two signups kept while HubSpot was not set up; one of them as an older, laxer rule let it in
    const before = harness({ settings: "none" });
    await before.subscribe(email("oud"));
    await before.subscribe(email("nieuw"));
    await env.DB.prepare("UPDATE subscribers SET email = 'jan@localhost' WHERE email = ?").bind("oud@voorbeeld.nl").run();

    const h = harness({ settings: "forms" });
    await h.cron();
    const rows = await h.rows();
    expect(rows.map((r) => [r.email, r.status, r.attempts, r.next_attempt_at, r.last_error])).toEqual([
      [
        "jan@localhost",
        "failed",
        1,
        null,
        "not sent: HubSpot refuses this address (the email rule: a domain with a dot and a valid top-level domain, at most 254 characters)",
      ],
      [`pseudonym:${await pseudonym("nieuw@voorbeeld.nl")}`, "delivered", 1, null, null],
    ]);
    expect(h.hubspot.accepted.map((a) => a.email)).toEqual(["nieuw@voorbeeld.nl"]);
    expect(h.logsOf("newsletter.failed")).toEqual([
      expect.objectContaining({
        level: "error",
        emailHash: rows[0]!.email_hash.slice(0, 12),
        reason: "refused by the email rule",
        error: rows[0]!.last_error,
      }),
    ]);
    expect(h.logsOf("newsletter.outbox_run")).toEqual([expect.objectContaining({ delivered: 1, failed: 1, retried: 0 })]);
    // never claimed again: no retry can change what the rule says
    h.advance(24 * 60 * MINUTE);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(1);
    expect((await h.rows())[0]).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("loses nothing while HubSpot is down for a whole run, then delivers every signup exactly once", async () => {
    const h = harness({ settings: "forms" });
    h.hubspot.mode = { kind: "down", status: 503 };
    const addresses = Array.from({ length: 12 }, (_, i) => email(`storing${i + 1}`));
    for (const address of addresses) {
      await expectJson(await h.subscribe(address), 201, SUBSCRIBED);
      h.advance(1_000);
    }
    // every first attempt failed; every row waits for the cron trigger
    expect(h.hubspot.requests.map((r) => r.answer)).toEqual(Array(12).fill(503));
    let rows = await h.rows();
    expect(rows.map((r) => [r.status, r.attempts, r.last_error])).toEqual(Array(12).fill(["pending", 1, "503 internal error"]));
    expect(rows[0]!.next_attempt_at).toBe(iso(T0 + MINUTE));

    // three cron runs during the outage: each stops at its first failure (one request per run)
    for (const wait of [2, 3, 5]) {
      h.advance(wait * MINUTE);
      await h.cron();
    }
    expect(h.hubspot.requests).toHaveLength(15);
    expect(h.logsOf("newsletter.outbox_run").map((r) => [r.delivered, r.retried, r.failed, r.paused])).toEqual(
      Array(3).fill([0, 1, 0, true]),
    );
    rows = await h.rows();
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(12);

    // recovery: the next run delivers everything, once
    h.hubspot.mode = { kind: "up" };
    h.advance(60 * MINUTE);
    await h.cron();
    rows = await h.rows();
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill("delivered"));
    expect(h.hubspot.requests).toHaveLength(27);
    expect([...h.hubspot.acceptedCount()].sort()).toEqual(addresses.map((a) => [a, 1]).sort());
    expect(h.logsOf("newsletter.outbox_run").at(-1)).toMatchObject({ delivered: 12, retried: 0, failed: 0, paused: false });
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(27);
  });

  it("never sends a row twice when the first attempt and two cron runs race", async () => {
    const h = harness({ settings: "crm", env: ONE_REQUEST_PER_ROW });
    h.hubspot.mode = { kind: "down" };
    const waiting = Array.from({ length: 6 }, (_, i) => email(`race${i + 1}`));
    for (const address of waiting) await h.subscribe(address);
    h.hubspot.mode = { kind: "up" };
    h.advance(2 * MINUTE);

    const release = h.hubspot.hold();
    const late = await h.start(API, { headers: { "content-type": "application/json" }, body: JSON.stringify({ email: email("race7") }) });
    const runs = Promise.all([h.cron(), h.cron()]);
    // while HubSpot holds the answers: two crons hold one row each, the new signup holds its own
    await vi.waitFor(async () => expect((await h.rows()).filter((r) => r.status === "sending")).toHaveLength(3));
    // and every one of them has reached HubSpot (nothing else is claimed while they wait)
    await vi.waitFor(() => expect(h.hubspot.requests.filter((r) => r.answer === undefined)).toHaveLength(3));
    expect((await h.rows()).filter((r) => r.status === "sending")).toHaveLength(3);
    release();
    await Promise.all([runs, late.done]);

    expect((await h.rows()).map((r) => r.status)).toEqual(Array(7).fill("delivered"));
    expect([...h.hubspot.acceptedCount().values()]).toEqual(Array(7).fill(1));
    expect(h.hubspot.requests.filter((r) => r.answer === 201)).toHaveLength(7);
    expect(h.hubspot.requests).toHaveLength(13);
  });

  it("honours HubSpot's Retry-After on 429 and stops the run", async () => {
    const h = harness({ settings: "crm" });
    h.hubspot.mode = { kind: "rate-limited", retryAfter: "300" };
    for (const name of ["geduld1", "geduld2", "geduld3"]) await h.subscribe(email(name));
    const rows = await h.rows();
    expect(rows.map((r) => [r.status, r.attempts, r.next_attempt_at, r.last_error])).toEqual(
      Array(3).fill(["pending", 1, iso(T0 + 300_000), "429 You have reached your ten_secondly_rolling limit."]),
    );
    // the normal backoff (1 min) has passed, Retry-After has not: nothing is sent
    h.advance(MINUTE + 1_000);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(3);
    // Retry-After has passed, HubSpot still limits: one request, then the run stops
    h.advance(300_000 - MINUTE - 1_000);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(4);
    expect(h.logsOf("newsletter.outbox_run").at(-1)).toMatchObject({ delivered: 0, retried: 1, paused: true });
    expect((await h.rows())[0]!.next_attempt_at).toBe(iso(T0 + 600_000));
    // an HTTP date works too
    h.hubspot.mode = { kind: "rate-limited", retryAfter: new Date(T0 + 900_000).toUTCString() };
    h.advance(MINUTE);
    await h.cron();
    expect((await h.rows())[1]).toMatchObject({ attempts: 2, next_attempt_at: iso(T0 + 900_000) });

    h.hubspot.mode = { kind: "up" };
    h.advance(900_000);
    await h.cron();
    expect((await h.rows()).map((r) => r.status)).toEqual(["delivered", "delivered", "delivered"]);
    expect([...h.hubspot.acceptedCount().values()]).toEqual([1, 1, 1]);
  });

  it("gives up waiting for a hanging HubSpot after the timeout and retries later", async () => {
    const h = harness({ settings: "forms", timeoutMs: 30 });
    h.hubspot.mode = { kind: "hang" };
    const res = await h.subscribe(email("hangt"));
    expect(res.status).toBe(201);
    expect(h.hubspot.requests.map((r) => r.answer)).toEqual(["aborted"]);
    expect((await h.rows())[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "timeout: no answer within 30 ms",
      next_attempt_at: iso(T0 + MINUTE),
    });
    h.hubspot.mode = { kind: "up" };
    h.advance(MINUTE);
    await h.cron();
    expect((await h.rows())[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("backs off exponentially, then marks the row failed after the last attempt and logs it", async () => {
    const h = harness({ settings: "crm" });
    h.hubspot.mode = { kind: "down", status: 502 };
    await h.subscribe(email("opgegeven"));
    const waits: string[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const row = (await h.rows())[0]!;
      waits.push(`${(Date.parse(row.next_attempt_at!) - h.clock.now) / MINUTE} min`);
      // one second early nothing happens; on time the next attempt is made
      h.advance(Date.parse(row.next_attempt_at!) - h.clock.now - 1_000);
      await h.cron();
      expect(h.hubspot.requests).toHaveLength(attempt);
      h.advance(1_000);
      await h.cron();
      expect(h.hubspot.requests).toHaveLength(attempt + 1);
    }
    expect(waits).toEqual(["1 min", "2 min", "4 min", "8 min", "16 min", "32 min", "64 min"]);
    const [row] = await h.rows();
    expect(row).toMatchObject({ status: "failed", attempts: 8, next_attempt_at: null, last_error: "502 Bad Gateway", delivered_at: null });
    expect(h.logsOf("newsletter.failed")).toEqual([
      expect.objectContaining({
        level: "error",
        attempt: 8,
        reason: "no delivery after 8 attempts",
        emailHash: (await pseudonym("opgegeven@voorbeeld.nl")).slice(0, 12),
      }),
    ]);
    expect(h.logsOf("newsletter.retry")).toHaveLength(7);
    h.hubspot.mode = { kind: "up" };
    h.advance(24 * 60 * MINUTE);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(8);

    // signing up again gives a failed address a fresh start
    await expectJson(await h.subscribe("opgegeven@voorbeeld.nl"), 201, SUBSCRIBED);
    expect(await h.rows()).toEqual([expect.objectContaining({ status: "delivered", attempts: 1, last_error: null })]);
  });

  it("takes over a claim whose attempt died, and only once it is stale", async () => {
    const h = harness({ settings: "crm", env: ONE_REQUEST_PER_ROW, timeoutMs: 1000 });
    h.hubspot.mode = { kind: "down" };
    await h.subscribe(email("verweesd"));
    await h.subscribe(email("uitgeput"));
    h.hubspot.mode = { kind: "up" };
    // as if an isolate died mid-send: the first row is left 'sending' (its 2nd attempt), the other with no attempts left
    await env.DB.prepare("UPDATE subscribers SET status = 'sending', attempts = 2, updated_at = ?1 WHERE id = 1").bind(iso(T0)).run();
    await env.DB.prepare("UPDATE subscribers SET status = 'sending', attempts = 8, updated_at = ?1 WHERE id = 2").bind(iso(T0)).run();

    h.advance(1_999);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(2);
    h.advance(1);
    await h.cron();
    const rows = await h.rows();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ["delivered", 3],
      ["failed", 8],
    ]);
    expect(h.hubspot.requests).toHaveLength(3);
    expect(h.logsOf("newsletter.failed")).toEqual([expect.objectContaining({ reason: "last attempt did not finish", attempt: 8 })]);
  });

  it("asks for a person when HubSpot refuses the settings (401) and keeps the signup", async () => {
    const h = harness({ settings: "crm", env: { HUBSPOT_TOKEN: "pat-eu1-verkeerd" } });
    await h.subscribe(email("sleutel"));
    expect((await h.rows())[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect((await h.rows())[0]!.last_error).toMatch(/^401 Authentication credentials not found\./);
    expect(h.logsOf("newsletter.retry")).toEqual([expect.objectContaining({ level: "error" })]);
  });

  it("without HubSpot settings keeps signups in D1 only, and delivers them once settings exist", async () => {
    const h = harness({ settings: "none" });
    await h.subscribe(email("lokaal1"));
    await h.subscribe(email("lokaal2"));
    h.advance(MINUTE);
    await h.cron();
    expect(h.hubspot.requests).toEqual([]);
    expect((await h.rows()).map((r) => [r.email, r.status])).toEqual([
      ["lokaal1@voorbeeld.nl", "stored"],
      ["lokaal2@voorbeeld.nl", "stored"],
    ]);

    const configured = harness({ settings: "crm" });
    await configured.cron();
    expect((await configured.rows()).map((r) => r.status)).toEqual(["delivered", "delivered"]);
    expect(configured.hubspot.accepted.map((a) => a.email)).toEqual(["lokaal1@voorbeeld.nl", "lokaal2@voorbeeld.nl"]);
  });
});

/** Every value in every table of the site's D1 database, as lower-case text: where an address could hide. */
async function everythingInD1(): Promise<string> {
  const { tables, text } = await allOfD1();
  // a new table is a new place an address could be kept: it joins this list once it is looked at
  // (vitals: page views' measurements; erasures: the address only until HubSpot confirms; moved_pages, page_paths, page_paths_cv: the site's own paths)
  expect(tables).toEqual(["consent_texts", "consents", "erasures", "moved_pages", "page_paths", "page_paths_cv", "subscribers", "vitals"]);
  return text.toLowerCase();
}

describe("HubSpot's tracking cookie (hutk): only with marketing consent", () => {
  const HUTK = "4f0c8e2d9b7a6c5e3f1d2b4a6c8e0f12";
  const COOKIEBOT = { COOKIE_CONSENT_ID: "0b6f4c2e-3d1a-4e5f-8a9b-7c6d5e4f3a2b" };
  /** Cookiebot's cookie as a browser sends it (URL-encoded), with the visitor's marketing choice. */
  const consentCookie = (marketing: boolean) =>
    `CookieConsent=${encodeURIComponent(
      `{stamp:'k3Vx9Q==',necessary:true,preferences:true,statistics:true,marketing:${marketing},method:'explicit',ver:1,utc:1772442000000,region:'nl'}`,
    )}`;
  const signupWithCookies = (h: Harness, address: string, cookie: string) =>
    h.send(API, {
      headers: { "content-type": "application/json", referer: `${BASE}/contact`, cookie },
      body: JSON.stringify({ email: address }),
    });
  const sentHutk = (h: Harness) => h.hubspot.requests.map((r) => (r.body as { context: { hutk?: string } }).context.hutk);

  it("sends the cookie's value as context.hutk when the visitor accepted marketing cookies, with and without JavaScript", async () => {
    const h = harness({ settings: "forms", env: COOKIEBOT });
    await signupWithCookies(h, email("met-cookie"), `${consentCookie(true)}; hubspotutk=${HUTK}`);
    await h.send(FORM, {
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `hubspotutk=${HUTK}; ${consentCookie(true)}` },
      body: new URLSearchParams({ email: email("met-cookie-form"), returnPath: "/en/contact", language: "en", website: "" }).toString(),
    });
    expect(sentHutk(h)).toEqual([HUTK, HUTK]);
    expect(h.hubspot.accepted.map((a) => a.hutk)).toEqual([HUTK, HUTK]);
    // kept only until delivery, like the address
    expect((await h.rows()).map((r) => [r.status, r.hutk])).toEqual([
      ["delivered", null],
      ["delivered", null],
    ]);
  });

  it("sends no hutk without that consent: marketing declined, no choice made, no consent banner, or not HubSpot's cookie", async () => {
    const declined = harness({ settings: "forms", env: COOKIEBOT });
    await signupWithCookies(declined, email("geweigerd"), `${consentCookie(false)}; hubspotutk=${HUTK}`);
    await signupWithCookies(declined, email("geen-keuze"), `hubspotutk=${HUTK}`);
    await signupWithCookies(declined, email("vreemd"), `${consentCookie(true)}; hubspotutk=${HUTK}%27x`);
    await signupWithCookies(declined, email("region"), `CookieConsent=-1; hubspotutk=${HUTK}`);
    expect(sentHutk(declined)).toEqual([undefined, undefined, undefined, undefined]);
    const noBanner = harness({ settings: "forms" });
    await signupWithCookies(noBanner, email("geen-banner"), `${consentCookie(true)}; hubspotutk=${HUTK}`);
    expect(sentHutk(noBanner)).toEqual([undefined]);
    expect(await everythingInD1()).not.toContain(HUTK);
  });
});

describe("after delivery the outbox holds no address in clear", () => {
  it.each(["forms", "crm"] as const)("through %s: no table of D1 holds the address once HubSpot has it", async (settings) => {
    const h = harness({ settings });
    await h.subscribe(email(`schoon-${settings}`));
    await postForm(h, { email: email(`schoon-form-${settings}`), returnPath: "/en/contact", language: "en", website: "" });
    expect((await h.rows()).map((r) => r.status)).toEqual(["delivered", "delivered"]);
    const everything = await everythingInD1();
    expect(everything).not.toContain(`schoon-${settings}@voorbeeld.nl`);
    expect(everything).not.toContain(`schoon-form-${settings}@voorbeeld.nl`);
    expect(everything).not.toContain("@");
  });
});

describe("bad answers from HubSpot lose nothing", () => {
  it("keeps the rows of a form that refuses every submission (400 with field errors), asks for a person, and delivers once the form is fixed", async () => {
    const h = harness({ settings: "forms", hubspot: { requiredFields: ["firstname"] } });
    await h.subscribe(email("veld1"));
    await h.subscribe(email("veld2"));
    const rows = await h.rows();
    expect(rows.map((r) => [r.email, r.status, r.attempts, r.last_error])).toEqual([
      [
        "veld1@voorbeeld.nl",
        "pending",
        1,
        "400 The request is not valid; Error in 'fields.firstname'. Required field 'firstname' is missing",
      ],
      [
        "veld2@voorbeeld.nl",
        "pending",
        1,
        "400 The request is not valid; Error in 'fields.firstname'. Required field 'firstname' is missing",
      ],
    ]);
    expect(h.logsOf("newsletter.retry").map((l) => l.level)).toEqual(["error", "error"]);
    expect(h.logsOf("newsletter.failed")).toEqual([]);
    // a run during the misconfiguration tries one row, then stops
    h.advance(MINUTE);
    await h.cron();
    expect(h.hubspot.requests).toHaveLength(3);
    // the form is fixed in HubSpot
    const fixed = harness({ settings: "forms" });
    fixed.advance(10 * MINUTE);
    await fixed.cron();
    expect((await fixed.rows()).map((r) => r.status)).toEqual(["delivered", "delivered"]);
    expect([...fixed.hubspot.acceptedCount().values()]).toEqual([1, 1]);
  });

  it("still fails at once an address HubSpot refuses (400 INVALID_EMAIL among the field errors)", async () => {
    const h = harness({ settings: "forms", hubspot: { invalidDomains: ["geen-post.nl"] } });
    await h.subscribe(email("piet", "geen-post.nl"));
    expect((await h.rows())[0]).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("keeps a contact whose subscription status HubSpot could not take (5xx on the second request) pending, and completes it later", async () => {
    const h = harness({ settings: "crm" });
    h.hubspot.next.push({ kind: "up" }, { kind: "down", status: 500 });
    await h.subscribe(email("half"));
    expect((await h.rows())[0]).toMatchObject({ status: "pending", attempts: 1, last_error: "500 internal error" });
    h.advance(MINUTE);
    await h.cron();
    expect((await h.rows())[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(h.hubspot.api.state.statuses.get("half@voorbeeld.nl")).toEqual([
      expect.objectContaining({ status: "SUBSCRIBED", legalBasis: "CONSENT_WITH_NOTICE", legalBasisExplanation: CONSENT_NL }),
    ]);
  });
});

describe("export and erasure (the statements npm run subscribers -- --export|--erase runs)", () => {
  const run = async (statements: string[]) =>
    (await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)))).map((result) => result.results as Row[]);

  const records = (n: number, hash: string) =>
    `${n} consent record(s), pseudonymous (${hash.slice(0, 12)}…): they name the address only by a keyed pseudonym (an HMAC with the site's secret SUBSCRIBER_HASH_KEY), which no list of addresses can be matched against without that key; kept to demonstrate consent (GDPR art. 7(1))`;
  const request = async (address: string, now = T0) => ({
    ids: await subscriberIds(address, { current: KEY }),
    email: address.trim().toLowerCase(),
    requestedBy: "test",
    now,
  });

  it("exports what is held; erasure leaves only the pseudonymous consent record, which the export names as such; the address can sign up again", async () => {
    const h = harness({ settings: "none" });
    await h.subscribe(email("wissen"), { referer: `${BASE}/contact` });
    const { lookup, pseudonym: hash } = await subscriberIds(" wissen@Voorbeeld.NL ", { current: KEY });
    expect(hash).toBe(await pseudonym("wissen@voorbeeld.nl"));
    const [outbox = [], consents = [], erasures = []] = await run(exportStatements(lookup));
    expect(exportReport({ email: "wissen@voorbeeld.nl", emailHash: hash, outbox, consents, erasures }).split("\n")).toEqual([
      "What the site holds for wissen@voorbeeld.nl:",
      "Newsletter outbox (D1):",
      "  address: wissen@voorbeeld.nl",
      "  status: stored",
      "  language: nl",
      `  page_uri: ${BASE}/contact`,
      "  attempts: 0",
      `  created_at: ${iso(T0)}`,
      `  updated_at: ${iso(T0)}`,
      `${records(1, hash)}:`,
      `  ${iso(T0)}  nl  new  ${BASE}/contact`,
      `    text shown (version ${(await sha256(CONSENT_NL)).slice(0, 12)}): ${CONSENT_NL}`,
    ]);

    const [recorded = [], deleted = [], counted = []] = await run(eraseStatements(await request(" wissen@Voorbeeld.NL ")));
    expect([recorded, deleted, counted]).toEqual([
      [{ id: 1, hubspot_next_attempt_at: iso(T0) }],
      [{ status: "stored", delivered_at: null }],
      [{ n: 1 }],
    ]);
    expect(await h.rows()).toEqual([]);
    const [after = [], kept = [], requests = []] = await run(exportStatements(lookup));
    expect(
      exportReport({ email: "wissen@voorbeeld.nl", emailHash: hash, outbox: after, consents: kept, erasures: requests }).split("\n"),
    ).toEqual([
      "Nothing is held for wissen@voorbeeld.nl in clear; what remains:",
      `${records(1, hash)}:`,
      `  ${iso(T0)}  nl  new  ${BASE}/contact`,
      `    text shown (version ${(await sha256(CONSENT_NL)).slice(0, 12)}): ${CONSENT_NL}`,
      "1 erasure request(s), pseudonymous, kept to show they were carried out and to hold back deliveries until HubSpot confirms:",
      `  requested ${iso(T0)} by test: HubSpot outstanding (0 attempt(s))`,
    ]);

    // signing up again is a new signup, delivered once HubSpot has confirmed the erasure
    const again = harness({ settings: "crm", env: ONE_REQUEST_PER_ROW });
    again.advance(MINUTE);
    await expectJson(await again.subscribe("wissen@voorbeeld.nl"), 201, SUBSCRIBED);
    expect(again.hubspot.accepted).toEqual([]);
    await again.cron();
    expect(await again.rows()).toEqual([expect.objectContaining({ email: `pseudonym:${hash}`, status: "delivered", attempts: 1 })]);
    expect(again.hubspot.accepted.map((a) => a.email)).toEqual(["wissen@voorbeeld.nl"]);
    expect((await consentRecords()).map((r) => r.outcome)).toEqual(["new", "new"]);
    expect(await everythingInD1()).not.toContain("wissen@");
  });

  it("erases a delivered address too, and says so when nothing was held", async () => {
    const h = harness({ settings: "forms" });
    await h.subscribe(email("bezorgd-wissen"));
    const [, deleted = []] = await run(eraseStatements(await request("bezorgd-wissen@voorbeeld.nl")));
    expect(deleted).toEqual([{ status: "delivered", delivered_at: iso(T0) }]);
    const nobody = await subscriberIds("niemand@voorbeeld.nl", { current: KEY });
    const [none = [], noConsent = [], noErasure = []] = await run(exportStatements(nobody.lookup));
    expect(
      exportReport({ email: "niemand@voorbeeld.nl", emailHash: nobody.pseudonym, outbox: none, consents: noConsent, erasures: noErasure }),
    ).toBe("Nothing is held for niemand@voorbeeld.nl.\nNo consent record either.");
  });
});

describe("privacy", () => {
  it("names subscribers in logs by a 12-character hash prefix", async () => {
    const h = harness({ settings: "crm" });
    await h.subscribe(email("hash"));
    const expected = (await pseudonym("hash@voorbeeld.nl")).slice(0, 12);
    expect(h.logs.filter((l) => "emailHash" in l.line).map((l) => [l.line.event, l.line.emailHash])).toEqual([
      ["newsletter.stored", expected],
      ["newsletter.delivered", expected],
    ]);
  });

  // Last in the file (tests run in order): checks the log lines of every test above.
  it("writes no email address into any log line of this file", () => {
    const leaking = allLogs.filter(
      (l) => [...usedEmails].some((a) => l.text.toLowerCase().includes(a.toLowerCase())) || /[\w.+-]+@[\w-]+(\.[\w-]+)*/.test(l.text),
    );
    expect(leaking).toEqual([]);
    expect(usedEmails.size).toBeGreaterThan(50);
    expect(allLogs.length).toBeGreaterThan(250);
    expect(allLogs.filter((l) => typeof l.line.emailHash === "string").length).toBeGreaterThan(50);
  });
});
