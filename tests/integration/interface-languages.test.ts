import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { BASE, T0, freshStorage, harness, type Harness } from "../helpers/newsletter-harness";

// The interface texts per language as the Worker serves them (an English path that is no page is
// an English 404), and newsletter signups that record their language. English pages themselves:
// english-pages.test.ts and languages.test.ts.

const SITE = "http://localhost";
const get = (path: string) => exports.default.fetch(new Request(SITE + path, { redirect: "manual", headers: { accept: "text/html" } }));

describe("the page document in the path's language", () => {
  it("answers an English 404 in English: lang, og:locale, title, skip link, header, error screen, footer", async () => {
    const res = await get("/en/does-not-exist");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('<meta property="og:locale" content="en_GB"/>');
    expect(html).toContain("<title>Page not found | Koraal</title>");
    expect(html).toContain('focus:text-white">Skip to content</a>');
    expect(html).toContain('<nav aria-label="Main menu" class="hidden lg:block">');
    expect(html).toContain('<span class="sr-only">404<!-- -->: </span>Page not found: /en/does-not-exist</h1>');
    expect(html).toContain(
      '<nav aria-label="Continue to" class="flex flex-wrap gap-4"><a href="/en" class="btn-primary">Home</a><a href="/en/contact" class="btn-secondary">Contact</a></nav>',
    );
    expect(html).toContain(
      '<section id="newsletter" aria-labelledby="newsletter-title" class="max-w-xl scroll-mt-24"><h2 id="newsletter-title" class="m-0 font-display text-xl font-bold">Newsletter</h2>',
    );
    expect(html).toContain('<input type="hidden" name="language" value="en"/>');
    expect(html).toContain('><span lang="en" class="sr-only">Language: </span>Nederlands</a>');
    expect(html).not.toMatch(/navigatiemenu|Naar de inhoud|Verder naar|Inschrijven/);
  });

  it("shows a no-JS signup's outcome from the page's own words: English ones on English pages", async () => {
    const status = async (path: string) => {
      const html = await (await get(path)).text();
      return html.match(/<p id="[^"]+" role="status"[^>]*>([^<]*)<\/p>/)?.[1];
    };
    expect(await status("/en/contact?newsletter=subscribed")).toBe("Woohoo, you&#x27;re subscribed!");
    expect(await status("/en/contact?newsletter=too-many&wait=12")).toBe("Too many signups in a row. Please try again in 12 seconds.");
    expect(await status("/en/contact?nieuwsbrief=geabonneerd")).toBe("");
    expect(await status("/contact?nieuwsbrief=geabonneerd")).toBe("Woehoe, je bent geabonneerd!");
    expect(await status("/contact?newsletter=subscribed")).toBe("");
  });

  it("keeps the Dutch pages Dutch, with a switcher to the same page in English", async () => {
    const res = await get("/diensten");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="nl">/);
    expect(html).toContain('<meta property="og:locale" content="nl_NL"/>');
    expect(html).toContain('focus:text-white">Naar de inhoud</a>');
    const switcher =
      '<div class="lang-switcher items-center gap-1 text-sm font-semibold hidden justify-self-end lg:flex"><span aria-hidden="true" class="rounded-full bg-ink px-2.5 py-1 text-white">NL</span>' +
      '<a href="/en/services" hrefLang="en" lang="en" class="kbd-focus rounded-full px-2.5 py-1 text-ink underline decoration-koraal decoration-2 underline-offset-3 hover:bg-sand"><span lang="nl" class="sr-only">Taal: </span>English</a></div>';
    expect(html).toContain(switcher);
    expect(html).toContain('<input type="hidden" name="language" value="nl"/>');
    expect(html).not.toMatch(/Open navigation menu|Skip to content|Subscribe/);
  });
});

const API = "/api/hubspot/create";
const FORM = "/api/newsletter";
const json = (
  h: Harness,
  body: unknown,
  referer = `${BASE}/contact`,
  headers: Record<string, string> = { "content-type": "application/json" },
  ip?: string,
) => h.send(API, { ip, headers: { ...headers, referer }, body: typeof body === "string" ? body : JSON.stringify(body) });
const form = (h: Harness, fields: Record<string, string>) =>
  h.send(FORM, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
const language = async (h: Harness) => (await h.rows()).map((r) => [r.email, r.language]);

describe("newsletter signups record their language", () => {
  beforeEach(freshStorage);

  it("stores the JSON signup's language and answers in it", async () => {
    const h = harness();
    const res = await json(h, { email: "engels@voorbeeld.nl", language: "en" }, `${BASE}/en/contact`);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: "Woohoo, you're subscribed!" });
    expect(await h.rows()).toEqual([
      {
        id: 1,
        email: "engels@voorbeeld.nl",
        email_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        page_uri: `${BASE}/en/contact`,
        status: "stored",
        attempts: 0,
        last_error: null,
        next_attempt_at: null,
        created_at: new Date(T0).toISOString(),
        updated_at: new Date(T0).toISOString(),
        delivered_at: null,
        language: "en",
        hutk: null,
        hash_key: expect.stringMatching(/^[0-9a-f]{8}$/),
      },
    ]);
  });

  it("takes only a known language; otherwise the page's language, else Dutch", async () => {
    const h = harness();
    expect((await json(h, { email: "a@voorbeeld.nl", language: "fr" })).status).toBe(201);
    expect((await json(h, { email: "b@voorbeeld.nl", language: "EN" }, `${BASE}/en/jobs`)).status).toBe(201);
    expect((await json(h, { email: "c@voorbeeld.nl" }, `${BASE}/en`)).status).toBe(201);
    expect((await json(h, { email: "d@voorbeeld.nl", language: ["en"] }, "https://elders.example/en")).status).toBe(201);
    expect((await json(h, { email: "e@voorbeeld.nl", language: "nl" }, `${BASE}/en`)).status).toBe(201);
    expect(await language(h)).toEqual([
      ["a@voorbeeld.nl", "nl"],
      ["b@voorbeeld.nl", "en"],
      ["c@voorbeeld.nl", "en"],
      ["d@voorbeeld.nl", "nl"],
      ["e@voorbeeld.nl", "nl"],
    ]);
  });

  it("answers errors in the signup's language, or before the body is read, in the page's", async () => {
    const h = harness();
    const invalid = await json(h, { email: "geen-adres", language: "en" });
    expect([invalid.status, await invalid.json()]).toEqual([400, { message: "Please enter a valid email address" }]);
    const dutch = await json(h, { email: "geen-adres" });
    expect([dutch.status, await dutch.json()]).toEqual([400, { message: "Vul een geldig e-mailadres in" }]);
    const type = await json(h, "email=x", `${BASE}/en/contact`, { "content-type": "text/plain" });
    expect([type.status, await type.json()]).toEqual([415, { message: "Send your signup as JSON (Content-Type: application/json)." }]);
    const bad = await json(h, "[]", `${BASE}/en`);
    expect([bad.status, await bad.json()]).toEqual([400, { message: "Invalid request: send a JSON object with your email address." }]);
    expect(await h.rows()).toEqual([]);
  });

  it("says how long to wait in English", async () => {
    const h = harness();
    const send = (n: number) =>
      json(h, { email: `snel${n}@voorbeeld.nl`, language: "en" }, `${BASE}/en`, { "content-type": "application/json" }, "203.0.113.77");
    for (let i = 0; i < 5; i++) expect((await send(i)).status).toBe(201);
    const res = await send(5);
    expect([res.status, res.headers.get("retry-after"), await res.json()]).toEqual([
      429,
      "12",
      { message: "Too many signups in a row. Please try again in 12 seconds." },
    ]);
  });

  it("stores the no-JS form's hidden language field, else the language of the page it returns to", async () => {
    const h = harness();
    const res = await form(h, { email: "zonderjs@voorbeeld.nl", returnPath: "/en/contact", language: "en", website: "" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/en/contact?newsletter=subscribed#newsletter"]);
    await form(h, { email: "oud@voorbeeld.nl", returnPath: "/en/jobs", website: "" });
    await form(h, { email: "raar@voorbeeld.nl", returnPath: "/contact", language: "de", website: "" });
    expect(await language(h)).toEqual([
      ["zonderjs@voorbeeld.nl", "en"],
      ["oud@voorbeeld.nl", "en"],
      ["raar@voorbeeld.nl", "nl"],
    ]);
  });

  it("gives a signup that failed for good a fresh start in the new signup's language", async () => {
    const h = harness();
    await json(h, { email: "opnieuw@voorbeeld.nl" });
    await markFailed(h, "opnieuw@voorbeeld.nl");
    await json(h, { email: "opnieuw@voorbeeld.nl", language: "en" });
    expect((await h.rows()).map((r) => [r.status, r.language])).toEqual([["stored", "en"]]);
    // a repeat signup of a row that did not fail changes nothing, its language included
    await json(h, { email: "opnieuw@voorbeeld.nl", language: "nl" });
    expect((await h.rows()).map((r) => [r.status, r.language])).toEqual([["stored", "en"]]);
  });

  it("passes the language to the CRM as the contact's preferred language (hs_language), not to a form", async () => {
    const crm = harness({ settings: "crm" });
    await json(crm, { email: "crm@voorbeeld.nl", language: "en" });
    // the contact, then its subscription status (tests/integration/newsletter.test.ts)
    expect(crm.hubspot.requests[0]?.body).toEqual({ properties: { email: "crm@voorbeeld.nl", hs_language: "en" } });
    await freshStorage();
    const forms = harness({ settings: "forms" });
    await json(forms, { email: "form@voorbeeld.nl", language: "en" }, `${BASE}/en/contact`);
    // no language among the fields: the Forms API refuses fields the form does not have
    expect(forms.hubspot.requests.map((r) => (r.body as { fields: unknown }).fields)).toEqual([
      [{ objectTypeId: "0-1", name: "email", value: "form@voorbeeld.nl" }],
    ]);
  });
});

/** Marks a row failed for good, as the cron does after the last attempt. */
async function markFailed(h: Harness, address: string) {
  await env.DB.prepare("UPDATE subscribers SET status = 'failed', last_error = 'x' WHERE email = ?1").bind(address).run();
  expect((await h.rows()).map((r) => r.status)).toEqual(["failed"]);
}
