import { describe, expect, it } from "vitest";
import { ErrorScreen } from "../../src/server/render/error-screen";
import {
  DEFAULT_LANG,
  LANGS,
  OG_LOCALE,
  defaultAlternates,
  dictionary,
  homePath,
  isLang,
  langOfPath,
  localisedPath,
  parseLang,
  pathWithoutLang,
  type Dictionary,
} from "../../src/shared/i18n";
import { en } from "../../src/shared/i18n/en";
import { nl } from "../../src/shared/i18n/nl";
import { outcomeMessage } from "../../src/shared/newsletter";
import { SiteShell } from "../../src/site/site-shell";
import { renderNode, textOf } from "../helpers/render";

describe("languages", () => {
  it("reads the language from the path: /en and /en/... are English, the rest Dutch", () => {
    expect(LANGS).toEqual(["nl", "en"]);
    expect(DEFAULT_LANG).toBe("nl");
    for (const path of ["/en", "/en/", "/en/services", "/en/jobs/product-designer"]) expect(langOfPath(path), path).toBe("en");
    // the prefix in another spelling a client may send: the English site answers it (a 301 or its 404)
    for (const path of ["/EN", "/En/services", "/eN/", "/%65n", "/%45N/x", "/%65%6E", "/e%6e/x"]) expect(langOfPath(path), path).toBe("en");
    for (const path of ["/", "", "/diensten", "/english", "/enquete", "/nl/en", "/ENGLISH", "/%65nquete", "/%6", "/%", "/e%6", "/en%2Fx"]) {
      expect(langOfPath(path), path).toBe("nl");
    }
  });

  it("adds and removes the language prefix", () => {
    expect(localisedPath("nl", "/diensten")).toBe("/diensten");
    expect(localisedPath("nl", "/")).toBe("/");
    expect(localisedPath("en", "/services")).toBe("/en/services");
    expect(localisedPath("en", "services")).toBe("/en/services");
    expect(localisedPath("en", "/")).toBe("/en");
    expect(pathWithoutLang("/en/services")).toBe("/services");
    expect(pathWithoutLang("/en")).toBe("/");
    expect(pathWithoutLang("/english")).toBe("/english");
    expect(pathWithoutLang("/EN/services")).toBe("/services");
    expect(pathWithoutLang("/%65n")).toBe("/");
    expect(pathWithoutLang("/%45N/werken-bij")).toBe("/werken-bij");
    expect(pathWithoutLang("/diensten")).toBe("/diensten");
    expect(homePath("nl")).toBe("/");
    expect(homePath("en")).toBe("/en");
  });

  it("knows each language's og:locale and, without translations known, links to the other home", () => {
    expect(OG_LOCALE).toEqual({ nl: "nl_NL", en: "en_GB" });
    expect(defaultAlternates("nl")).toEqual([{ lang: "en", href: "/en" }]);
    expect(defaultAlternates("en")).toEqual([{ lang: "nl", href: "/" }]);
  });

  it("accepts only known languages from clients, defaulting to Dutch", () => {
    expect(isLang("en")).toBe(true);
    expect(isLang("EN")).toBe(false);
    expect(isLang("fr")).toBe(false);
    expect(isLang(undefined)).toBe(false);
    expect(parseLang("en")).toBe("en");
    for (const value of ["fr", "", null, 1, ["en"], "nl-NL"]) expect(parseLang(value)).toBe("nl");
  });
});

/** Every leaf of a dictionary by its dotted key: strings, string arrays, functions. */
function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, value);
  return out;
}

describe("dictionaries", () => {
  it("have the same keys with the same kinds of value in every language", () => {
    const dutch = leaves(nl);
    for (const lang of LANGS) {
      const other = leaves(dictionary(lang));
      expect([...other.keys()].sort(), lang).toEqual([...dutch.keys()].sort());
      for (const [key, value] of dutch) {
        const translated = other.get(key);
        expect(typeof translated, `${lang}: ${key}`).toBe(typeof value);
        if (Array.isArray(value)) expect((translated as unknown[]).length, `${lang}: ${key}`).toBe(value.length);
        if (typeof value === "function") expect((translated as () => unknown).length, `${lang}: ${key}`).toBe(value.length);
        if (typeof value === "string") expect((translated as string).trim(), `${lang}: ${key}`).not.toBe("");
      }
    }
  });

  it("has a type that makes a missing or extra key a type error", () => {
    const { menu: _menu, ...withoutMenu } = en;
    // @ts-expect-error a dictionary without `menu` is not a Dictionary
    const missing: Dictionary = withoutMenu;
    // @ts-expect-error a key Dutch does not have
    const extra: Dictionary = { ...en, menu: { ...en.menu, unknown: "x" } };
    // @ts-expect-error a text must be a string
    const wrong: Dictionary = { ...en, menu: { ...en.menu, open: 1 } };
    expect([missing, extra, wrong]).toHaveLength(3);
  });

  it("keeps the spec's Dutch texts exactly", () => {
    expect(nl.menu).toMatchObject({ open: "Open navigatiemenu", close: "Sluit navigatiemenu", back: "Terug", overview: "Alles bekijken" });
    expect(nl.newsletter).toMatchObject({
      busy: "Bezig…",
      subscribed: "Woehoe, je bent geabonneerd!",
      invalidEmail: "Vul een geldig e-mailadres in",
    });
    expect(nl.newsletter.tooMany(1)).toBe("Te veel aanmeldingen achter elkaar. Probeer het over 1 seconde opnieuw.");
    expect(nl.newsletter.tooMany(12)).toBe("Te veel aanmeldingen achter elkaar. Probeer het over 12 seconden opnieuw.");
    expect(nl.document.skipToContent).toBe("Naar de inhoud");
    expect(nl.carousel.hint).toBe("Swipe of scroll voor meer");
    expect(nl.error.generic).toBe("Something went wrong");
    expect(en.newsletter.tooMany(1)).toBe("Too many signups in a row. Please try again in 1 second.");
    expect(en.newsletter.tooMany(12)).toBe("Too many signups in a row. Please try again in 12 seconds.");
    // past a minute and a half the wait is in minutes, rounded up (the tokenless limit's 30 minutes)
    expect(nl.newsletter.tooMany(90)).toBe("Te veel aanmeldingen achter elkaar. Probeer het over 90 seconden opnieuw.");
    expect(nl.newsletter.tooMany(1800)).toBe("Te veel aanmeldingen achter elkaar. Probeer het over 30 minuten opnieuw.");
    expect(en.newsletter.tooMany(91)).toBe("Too many signups in a row. Please try again in 2 minutes.");
  });

  it.each([
    ["?nieuwsbrief=geabonneerd", "nl", "success", "Woehoe, je bent geabonneerd!"],
    ["?x=1&nieuwsbrief=te-vaak&wacht=12", "nl", "error", "Te veel aanmeldingen achter elkaar. Probeer het over 12 seconden opnieuw."],
    ["?nieuwsbrief=bevestigen", "nl", "success", "Bijna klaar! Kijk in je inbox en bevestig je inschrijving met de link in onze e-mail."],
    ["?nieuwsbrief=controle-mislukt", "nl", "error", "De controle tegen spam is mislukt. Laad de pagina opnieuw en probeer het nog eens."],
    ["?newsletter=subscribed", "en", "success", "Woohoo, you're subscribed!"],
    ["?newsletter=invalid", "en", "error", "Please enter a valid email address"],
    ["?newsletter=too-many&wait=1800", "en", "error", "Too many signups in a row. Please try again in 30 minutes."],
    // a wait that is no number of seconds (an old address, a hand-made one): a minute
    ["?newsletter=too-many&wait=1e9", "en", "error", "Too many signups in a row. Please try again in 60 seconds."],
    ["?newsletter=confirm", "en", "success", "Almost there! Check your inbox and confirm your subscription with the link in our email."],
    ["?newsletter=failed", "en", "error", "Subscribing didn't work. Please try again later."],
  ] as const)("reports the no-JS signup outcome %s on a page in %s in that language's words", (search, lang, kind, text) => {
    expect(outcomeMessage(search, lang, dictionary(lang).newsletter)).toEqual({ kind, text });
  });

  it("reports nothing for another language's words, or none", () => {
    // another language's words, or none, report nothing
    expect(outcomeMessage("?nieuwsbrief=geabonneerd", "en", en.newsletter)).toBeUndefined();
    expect(outcomeMessage("?newsletter=subscribed", "nl", nl.newsletter)).toBeUndefined();
    expect(outcomeMessage("?newsletter=iets-anders", "en", en.newsletter)).toBeUndefined();
    expect(outcomeMessage("", "en", en.newsletter)).toBeUndefined();
  });
});

const header = {
  _uid: "h",
  component: "TwMenu",
  desktopNavigationMenu: [
    {
      _uid: "d1",
      component: "nav-item",
      title: "Services",
      submenu: [{ _uid: "c1", component: "nav-submenu", heading: "What we do", links: [] }],
    },
  ],
  mobileNavigationMenu: [
    {
      _uid: "m1",
      component: "mobile-nav-item",
      title: "Services",
      link: { linktype: "url", url: "/en/services" },
      links: [{ _uid: "l1", component: "nav-link", linkText: "Apps", link: { linktype: "url", url: "/en/services/app-development" } }],
    },
  ],
  socials: [
    { _uid: "s1", component: "nav-link", linkText: "LinkedIn", link: { linktype: "url", url: "https://www.linkedin.com/company/koraal" } },
  ],
  contact: [{ _uid: "k1", component: "contact-text", content: "Utrecht" }],
};
const consentText = "By signing up you allow Koraal to use your email address for the newsletter. Read more in our ";
const footer = {
  _uid: "f",
  component: "TwFooter",
  title: "Let's talk",
  // what the content layer hands over: the English field, its links resolved to the English page
  newsletterConsent: {
    type: "doc",
    content: [
      {
        type: "paragraph",
        content: [
          { type: "text", text: consentText },
          { type: "text", text: "privacy statement", marks: [{ type: "link", attrs: { href: "/en/privacy", linktype: "url" } }] },
          { type: "text", text: "." },
        ],
      },
    ],
  },
};

describe("rendering in a language", () => {
  it("renders header, footer with the newsletter, and the error screen in English", async () => {
    const { html } = await renderNode(
      <SiteShell header={header} footer={footer}>
        <ErrorScreen status={500} />
      </SiteShell>,
      { lang: "en", path: "/en/broken", search: "?newsletter=subscribed" },
    );
    const text = textOf(html);
    // header: the menus' words, the logo to the English home, the switcher to Dutch
    expect(html).toContain('<a href="/en" class="kbd-focus flex shrink-0 items-center justify-self-start rounded">');
    expect(html).toContain('<nav aria-label="Main menu" class="hidden lg:block">');
    expect(html).toContain(
      '<span class="when-closed sr-only">Open navigation menu</span><span class="when-open sr-only">Close navigation menu</span>',
    );
    expect(html).toContain('<nav aria-label="Mobile menu"');
    expect(text).toContain("View all Apps");
    expect(html).toContain('<h2 id="mobile-social" class="eyebrow m-0 mb-3">Social</h2>');
    expect(html).toContain(
      '<a href="/" hrefLang="nl" lang="nl" class="kbd-focus rounded-full px-2.5 py-1 text-ink underline decoration-koraal decoration-2 underline-offset-3 hover:bg-sand"><span lang="en" class="sr-only">Language: </span>Nederlands</a>',
    );
    // the island's props carry the English texts and no Dutch ones
    const props = [...html.matchAll(/data-props="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&quot;", '"')).join("\n");
    expect(props).toContain('"open":"Open navigation menu"');
    expect(props).toContain('"languages":{"current":"en","label":"Language","alternates":[{"lang":"nl","href":"/"}]}');
    expect(props).toContain(
      '"lang":"en","consentId":"newsletter-consent","texts":{"emailLabel":"Email address","placeholder":"name@company.com","submit":"Subscribe","busy":"Sending…"',
    );
    // the editors' consent text in English beside the field, which it describes
    expect(html).toContain('aria-describedby="newsletter-consent"');
    expect(html).toMatch(
      /<div id="newsletter-consent" class="[^"]*"><div[^>]*><p>([^<]*)<a href="\/en\/privacy"[^>]*>privacy statement<\/a>\.<\/p>/,
    );
    expect(html).toContain(`<p>${consentText}<a`);
    expect(props).not.toMatch(/navigatiemenu|Inschrijven|E-mailadres|Woehoe/);
    // footer and newsletter, with a no-JS outcome in English
    expect(text).toContain("Newsletter Once a month, the best of our projects and insights. No spam, just inspiration.");
    expect(html).toContain('<input type="hidden" name="language" value="en"/>');
    expect(text).toContain("Woohoo, you're subscribed!");
    // the error screen
    expect(html).toContain('<span class="sr-only">500<!-- -->: </span>Something went wrong</h1>');
    expect(html).toContain(
      '<nav aria-label="Continue to" class="flex flex-wrap gap-4"><a href="/en" class="btn-primary">Home</a><a href="/en/contact" class="btn-secondary">Contact</a></nav>',
    );
    expect(text).not.toMatch(/Nieuwsbrief|Terug|Verder naar|Laat dit veld leeg/);
  });

  it("renders the same in Dutch with the spec's texts and a switcher to English", async () => {
    const { html } = await renderNode(
      <SiteShell header={header} footer={footer}>
        <ErrorScreen status={404} message="Page not found: /weg" />
      </SiteShell>,
      { path: "/weg" },
    );
    const text = textOf(html);
    expect(html).toContain(
      '<span class="when-closed sr-only">Open navigatiemenu</span><span class="when-open sr-only">Sluit navigatiemenu</span>',
    );
    expect(text).toContain("Alles bekijken Apps");
    expect(html).toContain(
      '<a href="/en" hrefLang="en" lang="en" class="kbd-focus rounded-full px-2.5 py-1 text-ink underline decoration-koraal decoration-2 underline-offset-3 hover:bg-sand"><span lang="nl" class="sr-only">Taal: </span>English</a>',
    );
    expect(html).toContain('<span aria-hidden="true" class="rounded-full bg-ink px-2.5 py-1 text-white">NL</span>');
    expect(text).toContain("Nieuwsbrief Eens per maand het beste uit onze projecten en insights. Geen spam, wel inspiratie.");
    expect(html).toContain('<input type="hidden" name="language" value="nl"/>');
    expect(html).toContain('<span class="sr-only">404<!-- -->: </span>Page not found: /weg</h1>');
    expect(html).toContain(
      '<nav aria-label="Verder naar" class="flex flex-wrap gap-4"><a href="/" class="btn-primary">Home</a><a href="/contact" class="btn-secondary">Contact</a></nav>',
    );
  });
});
