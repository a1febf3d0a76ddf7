import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import modelFacts from "../../.generated/model-facts.js";
import modelLabels from "../../.generated/model-labels.js";
import type { SpaceSnapshot } from "../../src/server/content/snapshot";
import { createEmulator } from "../../src/server/demo/emulator";
import { storyblokSignature } from "../../src/server/routes/webhook";
import { type CheckedStory, checkStory } from "../../src/shared/content-health";
import { BASE, freshStorage, harness, pseudonym } from "../helpers/newsletter-harness";
import { testApp } from "../helpers/site";

// Issue 54: an empty or untranslated consent text used to refuse every signup (503) or have English
// visitors consent to the Dutch text, and nothing warned. Now the site shows and records its own
// text in the visitor's language, logs that it did, and content health reports an error.

const API = "/api/hubspot/create";
const FORM = "/api/newsletter";
const THEME = "theme/theme";
const FOOTER_UID = "59413002-b94d-483c-98f0-20b1a30d736d";

const EDITORS_NL =
  "Met je aanmelding geef je Koraal toestemming om je e-mailadres te gebruiken voor de nieuwsbrief, die we via HubSpot versturen. Afmelden kan altijd. Lees meer in onze privacyverklaring.";
const EDITORS_EN =
  "By signing up you allow Koraal to use your email address for the newsletter, which we send through HubSpot. You can unsubscribe at any time. Read more in our privacy statement.";
const BUILT_IN_NL =
  "Met je aanmelding geef je Koraal toestemming om je e-mailadres te gebruiken voor de nieuwsbrief, die we via HubSpot versturen. We bewaren je adres tot HubSpot het heeft, daarna alleen een code met het bewijs van deze toestemming. Afmelden kan altijd. Lees meer in onze privacyverklaring.";
const BUILT_IN_EN =
  "By signing up you allow Koraal to use your email address for the newsletter, which we send through HubSpot. We keep your address until HubSpot has it, after that only a code with the record of this consent. You can unsubscribe at any time. Read more in our privacy statement.";

type Footer = Record<string, unknown>;
const EMPTY_DOC = { type: "doc", content: [{ type: "paragraph" }] };

/** The demo space with the theme's footer changed by `edit` (the published theme, as visitors get it). */
function spaceWith(edit: (footer: Footer) => void): SpaceSnapshot {
  const space = structuredClone(snapshot) as SpaceSnapshot;
  const theme = space.stories.find((story) => story.full_slug === THEME)!;
  edit((theme.content as unknown as { footer: Footer[] }).footer[0]!);
  return space;
}
const missingInBoth = (footer: Footer) => {
  delete footer.newsletterConsent;
  delete footer.newsletterConsent__i18n__en;
};
const emptyDutch = (footer: Footer) => {
  footer.newsletterConsent = EMPTY_DOC;
  delete footer.newsletterConsent__i18n__en;
};
const missingEnglish = (footer: Footer) => {
  delete footer.newsletterConsent__i18n__en;
};

/** The consent text beside the form on a page, as a reader sees it. */
function consentOnPage(html: string, id: string): string {
  const match = new RegExp(`<div id="${id}"[^>]*>([\\s\\S]*?)</div>`).exec(html);
  return (match?.[1] ?? "").replace(/<[^>]+>/g, "").replace(/&#x27;|&#39;/g, "'");
}

async function consentRecords() {
  const { results } = await env.DB.prepare(
    `SELECT c.email_hash, c.language, c.outcome, t.text
     FROM consents c JOIN consent_texts t ON t.version = c.consent_version ORDER BY c.id`,
  ).all();
  return results;
}

beforeEach(freshStorage);

describe("a missing consent text: visitors get the built-in one, in their language", () => {
  it.each([
    ["missing", missingInBoth],
    ["empty", emptyDutch],
  ])("the Dutch text %s: both languages show and record the built-in text, and the signup is accepted", async (_, edit) => {
    const h = harness({ space: spaceWith(edit) });
    const nlPage = await h.send("/contact", { method: "GET" });
    const enPage = await h.send("/en/contact", { method: "GET" });
    expect([nlPage.status, enPage.status]).toEqual([200, 200]);
    expect(consentOnPage(await nlPage.text(), "nieuwsbrief-toestemming")).toBe(BUILT_IN_NL);
    expect(consentOnPage(await enPage.text(), "newsletter-consent")).toBe(BUILT_IN_EN);

    const nl = await h.subscribe("zonder-tekst@voorbeeld.nl", { referer: `${BASE}/contact` });
    expect([nl.status, await nl.json()]).toEqual([201, { message: "Woehoe, je bent geabonneerd!" }]);
    const en = await h.send(API, {
      headers: { "content-type": "application/json", referer: `${BASE}/en/contact` },
      body: JSON.stringify({ email: "no-text@voorbeeld.nl", language: "en" }),
    });
    expect(en.status).toBe(201);
    const form = await h.send(FORM, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "zonder-tekst-form@voorbeeld.nl",
        returnPath: "/contact",
        language: "nl",
        website: "",
      }).toString(),
    });
    expect([form.status, form.headers.get("location")]).toEqual([303, "/contact?nieuwsbrief=geabonneerd#nieuwsbrief"]);

    expect(await consentRecords()).toEqual([
      { email_hash: await pseudonym("zonder-tekst@voorbeeld.nl"), language: "nl", outcome: "new", text: BUILT_IN_NL },
      { email_hash: await pseudonym("no-text@voorbeeld.nl"), language: "en", outcome: "new", text: BUILT_IN_EN },
      { email_hash: await pseudonym("zonder-tekst-form@voorbeeld.nl"), language: "nl", outcome: "new", text: BUILT_IN_NL },
    ]);
    expect((await h.rows()).map((row) => row.status)).toEqual(["stored", "stored", "stored"]);
    // one line per signup that recorded the built-in text, naming no one
    expect(h.logsOf("newsletter.consent_fallback").map((l) => [l.level, l.language, l.reason])).toEqual([
      ["warn", "nl", "empty"],
      ["warn", "en", "empty"],
      ["warn", "nl", "empty"],
    ]);
    expect(h.logsOf("newsletter.consent_unavailable")).toEqual([]);
    expect(JSON.stringify(h.logs)).not.toMatch(/voorbeeld\.nl/);
  });

  it("only the English text missing: English pages show and record the English built-in text, Dutch ones the editors' text", async () => {
    const h = harness({ space: spaceWith(missingEnglish) });
    expect(consentOnPage(await (await h.send("/en/contact", { method: "GET" })).text(), "newsletter-consent")).toBe(BUILT_IN_EN);
    expect(consentOnPage(await (await h.send("/en", { method: "GET" })).text(), "newsletter-consent")).toBe(BUILT_IN_EN);
    expect(consentOnPage(await (await h.send("/contact", { method: "GET" })).text(), "nieuwsbrief-toestemming")).toBe(EDITORS_NL);

    await h.send(API, {
      headers: { "content-type": "application/json", referer: `${BASE}/en/contact` },
      body: JSON.stringify({ email: "english@voorbeeld.nl", language: "en" }),
    });
    await h.subscribe("nederlands@voorbeeld.nl", { referer: `${BASE}/contact` });
    expect((await consentRecords()).map((r) => [r.language, r.text])).toEqual([
      ["en", BUILT_IN_EN],
      ["nl", EDITORS_NL],
    ]);
    expect(h.logsOf("newsletter.consent_fallback").map((l) => [l.language, l.reason])).toEqual([["en", "untranslated"]]);
  });

  it("with both texts filled in, each language shows and records the editors' own", async () => {
    const h = harness();
    expect(consentOnPage(await (await h.send("/en/contact", { method: "GET" })).text(), "newsletter-consent")).toBe(EDITORS_EN);
    expect(consentOnPage(await (await h.send("/contact", { method: "GET" })).text(), "nieuwsbrief-toestemming")).toBe(EDITORS_NL);
    expect(h.logsOf("newsletter.consent_fallback")).toEqual([]);
  });
});

/** The theme story as the Content Delivery API delivers it in each language. */
async function deliveredTheme(space: SpaceSnapshot): Promise<{ nl: CheckedStory; en: CheckedStory }> {
  const emulator = createEmulator(space);
  const read = async (language?: string) => {
    const url = new URL(`https://api.storyblok.com/v2/cdn/stories/${THEME}`);
    url.searchParams.set("token", snapshot.tokens.public);
    if (language) url.searchParams.set("language", language);
    const answer = await emulator.fetch(url.toString());
    return ((await answer.json()) as { story: CheckedStory }).story;
  };
  return { nl: await read(), en: await read("en") };
}

const consentFindings = async (space: SpaceSnapshot) =>
  checkStory(await deliveredTheme(space), { facts: modelFacts, labels: modelLabels, links: [], now: Date.now() })
    .filter((finding) => finding.rule === "newsletter.consent")
    .map(({ rule, lang, uid, field, message }) => ({ rule, lang, uid, field, message: message.nl }));

describe("content health: the consent text is required in every language", () => {
  it("an empty or missing Dutch text is an error in both languages, naming the field as the editor's form does", async () => {
    const expected = [
      {
        rule: "newsletter.consent",
        lang: "nl",
        uid: FOOTER_UID,
        field: "newsletterConsent",
        message:
          "Footer · Toestemmingstekst nieuwsbrief is leeg: bezoekers zien de ingebouwde tekst bij het aanmeldformulier, en hun aanmelding bewaart die. Vul de tekst in.",
      },
      {
        rule: "newsletter.consent",
        lang: "en",
        uid: FOOTER_UID,
        field: "newsletterConsent",
        message:
          "Footer · Toestemmingstekst nieuwsbrief ontbreekt in het Engels: Engelse bezoekers zien de ingebouwde Engelse tekst, en hun aanmelding bewaart die. Vul de Engelse vertaling in.",
      },
    ];
    expect(await consentFindings(spaceWith(missingInBoth))).toEqual(expected);
    expect(await consentFindings(spaceWith(emptyDutch))).toEqual(expected);
  });

  it("an English text left out (the API then delivers the Dutch one) is an error of the English version only", async () => {
    expect((await consentFindings(spaceWith(missingEnglish))).map((f) => [f.rule, f.lang])).toEqual([["newsletter.consent", "en"]]);
  });

  it("the demo space's texts raise nothing", async () => {
    expect(await consentFindings(snapshot as SpaceSnapshot)).toEqual([]);
  });

  it("a publish of a theme without the text logs the error and keeps it in the story's report", async () => {
    const space = spaceWith(() => {});
    const theme = space.stories.find((story) => story.full_slug === THEME)!;
    const draft = structuredClone(theme);
    emptyDutch((draft.content as unknown as { footer: Footer[] }).footer[0]!);
    space.drafts.push(draft);
    const emulator = createEmulator(space, { now: () => Date.parse("2026-03-02T10:00:00Z") });
    const logs: Array<Record<string, unknown>> = [];
    const app = testApp({
      contentFetch: emulator.fetch,
      sleep: () => Promise.resolve(),
      logSink: (_, line) => logs.push(JSON.parse(line)),
    });
    const testEnv = { ...env, LOG_LEVEL: "info", STORYBLOK_WEBHOOK_SECRET: "geheim" } as typeof env;
    emulator.publish(THEME);
    const event = JSON.stringify({ action: "published", story_id: theme.id, full_slug: THEME });
    const ctx = createExecutionContext();
    const answer = await app.fetch(
      new Request(`${BASE}/api/storyblok/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "webhook-signature": await storyblokSignature("geheim", event) },
        body: event,
      }),
      testEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(answer.status).toBe(202);
    expect(logs.filter((line) => line.event === "content.health")).toEqual([
      expect.objectContaining({
        level: "warn",
        story: THEME,
        errors: 2,
        findings: [`nl:newsletter.consent@${FOOTER_UID}.newsletterConsent`, `en:newsletter.consent@${FOOTER_UID}.newsletterConsent`],
      }),
    ]);
    const report = (await env.CONTENT_CACHE.get(`content-health/v1/${theme.id}`, "json")) as {
      findings: Array<{ message: { en: string } }>;
    };
    expect(report.findings.map((finding) => finding.message.en)).toEqual([
      "Footer · Toestemmingstekst nieuwsbrief is empty: visitors see the built-in text beside the signup form, and their signup records it. Fill in the text.",
      "Footer · Toestemmingstekst nieuwsbrief is missing in English: English visitors see the built-in English text, and their signup records it. Fill in the English translation.",
    ]);
  });
});
