// One wording per signup outcome, with and without JavaScript (issue 54): every outcome a visitor
// can meet, brought about for real through the Worker, once through the JSON API the enhanced form
// posts to and once through the plain form post; the page that post returns to must show exactly
// the words the API answered (for a success, the words the form island was given: it does not read
// the API's success body, spec 7), in Dutch and in English.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Lang } from "../../src/shared/i18n/lang";
import { NEWSLETTER_OUTCOME, type SignupOutcomeKind } from "../../src/shared/newsletter";
import { BASE, freshStorage, harness, type Harness, type HarnessOptions } from "../helpers/newsletter-harness";
import { query } from "../helpers/query-html";
import { TEST_SECRETS } from "../stand-ins/turnstile/siteverify";

beforeEach(freshStorage);

const PAGE: Record<Lang, string> = { nl: "/contact", en: "/en/contact" };

interface Case {
  options: HarnessOptions;
  email?: string;
  token?: string;
  /** Signups from the same client before the one whose outcome is read. */
  before?: number;
  /** Something done to the storage first. */
  setUp?: () => Promise<unknown>;
}

const CASES: Record<SignupOutcomeKind, Case> = {
  subscribed: { options: {} },
  confirm: { options: { env: { HUBSPOT_DOUBLE_OPT_IN: "true" } } },
  invalid: { options: {}, email: "jan@localhost" },
  "rate-limited": { options: {}, before: 5 },
  refused: { options: { turnstile: { secret: TEST_SECRETS.fails } }, token: "XXXX.DUMMY.TOKEN.XXXX" },
  unavailable: { options: {}, setUp: () => env.DB.prepare("DROP TABLE subscribers").run() },
};

/** What each outcome says, exactly (the spec's Dutch where it gives it). */
const TEXT: Record<Lang, Record<SignupOutcomeKind, string>> = {
  nl: {
    subscribed: "Woehoe, je bent geabonneerd!",
    confirm: "Bijna klaar! Kijk in je inbox en bevestig je inschrijving met de link in onze e-mail.",
    invalid: "Vul een geldig e-mailadres in",
    "rate-limited": "Te veel aanmeldingen achter elkaar. Probeer het over 12 seconden opnieuw.",
    refused: "De controle tegen spam is mislukt. Laad de pagina opnieuw en probeer het nog eens.",
    unavailable: "Inschrijven lukte niet. Probeer het later opnieuw.",
  },
  en: {
    subscribed: "Woohoo, you're subscribed!",
    confirm: "Almost there! Check your inbox and confirm your subscription with the link in our email.",
    invalid: "Please enter a valid email address",
    "rate-limited": "Too many signups in a row. Please try again in 12 seconds.",
    refused: "The spam check failed. Reload the page and try again.",
    unavailable: "Subscribing didn't work. Please try again later.",
  },
};

let counter = 0;
const fresh = () => `bezoeker${++counter}@voorbeeld.nl`;

function withJs(h: Harness, lang: Lang, c: Case, ip: string) {
  return h.send("/api/hubspot/create", {
    ip,
    headers: { "content-type": "application/json", referer: `${BASE}${PAGE[lang]}` },
    body: JSON.stringify({ email: c.email ?? fresh(), language: lang, "cf-turnstile-response": c.token }),
  });
}

function withoutJs(h: Harness, lang: Lang, c: Case, ip: string) {
  const fields = { email: c.email ?? fresh(), returnPath: PAGE[lang], language: lang, website: "" };
  return h.send("/api/newsletter", {
    ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(c.token ? { ...fields, "cf-turnstile-response": c.token } : fields).toString(),
  });
}

/** The page a no-JS post returned to: the footer's status line, and the success words its form island was given. */
async function pageWords(h: Harness, location: string): Promise<{ status: string; islandSuccess: string }> {
  const html = await (await h.send(location, { method: "GET" })).text();
  const [status] = await query(html, "form p[role=status]");
  const [island] = await query(html, "[data-island=NewsletterForm]");
  const props = JSON.parse(island!.attrs["data-props"]!) as { texts: { subscribed: string } };
  return { status: status!.text, islandSuccess: props.texts.subscribed };
}

describe("one wording per signup outcome, with and without JavaScript", () => {
  for (const lang of ["nl", "en"] as const) {
    it.each(Object.keys(CASES) as SignupOutcomeKind[])(`%s (${lang})`, async (kind) => {
      const c = CASES[kind];
      const h = harness(c.options);
      await c.setUp?.();
      for (let i = 0; i < (c.before ?? 0); i++) await withJs(h, lang, c, "203.0.113.1");
      for (let i = 0; i < (c.before ?? 0); i++) await withoutJs(h, lang, c, "203.0.113.2");

      const api = await withJs(h, lang, c, "203.0.113.1");
      const apiText = ((await api.json()) as { message: string }).message;
      const post = await withoutJs(h, lang, c, "203.0.113.2");
      expect(post.status).toBe(303);
      const location = post.headers.get("location")!;
      expect(location).toContain(`${NEWSLETTER_OUTCOME[lang].param}=${NEWSLETTER_OUTCOME[lang].codes[kind]}`);
      const page = await pageWords(h, location);

      const success = kind === "subscribed" || kind === "confirm";
      // what the visitor reads with JavaScript: the API's message, or on success the island's own words
      const withScript = success ? page.islandSuccess : apiText;
      expect([withScript, page.status]).toEqual([TEXT[lang][kind], TEXT[lang][kind]]);
      // the API says the same on success too, for any other caller
      expect(apiText).toBe(TEXT[lang][kind]);
    });
  }
});
