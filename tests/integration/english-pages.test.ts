/**
 * English pages say nothing in Dutch: no Dutch interface text and no Dutch content,
 * except inside elements marked `lang="nl"` (the switcher's "Nederlands", the cards of stories
 * that have no English version). Every English page of the sitemap, through the Worker's own entry.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import type { StoredBlok, StoredStory } from "../helpers/stored";
import { en } from "../../src/shared/i18n/en";
import { nl } from "../../src/shared/i18n/nl";
import { query } from "../helpers/query-html";

const SITE = "http://localhost";
const get = (path: string) => exports.default.fetch(new Request(SITE + path, { redirect: "manual", headers: { accept: "text/html" } }));
const html = async (path: string) => {
  const res = await get(path);
  expect([path, res.status]).toEqual([path, 200]);
  return res.text();
};

/** Every English page the sitemap lists, as a path. */
async function englishPages(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((path) => /^\/en(\/|$)/.test(path));
}

/** The HTML without the elements marked `lang="nl"` and what they hold (workerd's HTML parser), entities decoded. */
async function outsideDutch(page: string): Promise<string> {
  const rewritten = new HTMLRewriter()
    .on('[lang="nl"]', {
      element(element) {
        element.remove();
      },
    })
    .transform(new Response(page));
  return (await rewritten.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

const SAMPLE = "§";
/** Keys of the dictionaries that hold links, not words. */
const LINKS = new Set(["paths", "openApplicationHref"]);

/** The Dutch dictionary's words where the English one says something else (for a function: around its arguments). */
function dutchPhrases(dutch: unknown, english: unknown, key = ""): string[] {
  if (LINKS.has(key)) return [];
  if (typeof dutch === "function" && typeof english === "function") {
    const args = Array.from({ length: dutch.length }, () => SAMPLE);
    const englishParts = new Set(String(english(...args)).split(SAMPLE));
    return String(dutch(...args))
      .split(SAMPLE)
      .filter((part) => !englishParts.has(part))
      .flatMap((part) => dutchPhrases(part, undefined));
  }
  if (typeof dutch === "string") {
    const phrase = dutch.replace(/^[\s:(]+|[\s:(]+$/g, "");
    return phrase !== english && phrase.length >= 5 ? [phrase] : [];
  }
  if (typeof dutch === "object" && dutch !== null) {
    return Object.entries(dutch).flatMap(([k, value]) => dutchPhrases(value, (english as Record<string, unknown>)?.[k], k));
  }
  return [];
}

const publishedInEnglish = (story: StoredStory) => Boolean(story.translated_slugs?.some((slug) => slug.lang === "en" && slug.published));
const teamAlts = snapshot.stories
  .filter((story) => story.content.component === "TeamMember")
  .map((story) => ((story.content as StoredBlok).photo as { alt: string }).alt);

/** The Dutch an English page must not show outside `lang="nl"`: the interface's, and content phrases named here. */
const DUTCH = [
  ...new Set([
    ...dutchPhrases(nl, en),
    "Alle diensten",
    "Al ons werk",
    "Meer over Koraal",
    ...teamAlts,
    "De sleutel is vooraf opgehaald",
    "nieuwsbrief=",
  ]),
];

// Fields that configure a block or name a file, link or address instead of saying something.
const NOT_TEXT = new Set(
  "component _uid _editable id uuid filename url cached_url linktype fieldtype anchor target email source copyright focus name meta_data type language size tone background variant layout color align level icon theme alignment verticalAlign position poster phone code href class marks limit related contactPerson organisationName legalName streetAddress postalCode addressLocality addressCountry telephone employmentType salaryCurrency salaryUnit validThrough".split(
    " ",
  ),
);

/**
 * What editors wrote in Dutch that an English page would show as it is: every text of a story
 * without an English page, and the fields of the others that have no English value
 * (`<field>__i18n__en`; assets and rich text are translated as a whole).
 */
function untranslated(value: unknown, all: boolean, key = ""): string[] {
  if (typeof value === "string") return NOT_TEXT.has(key) || !/\p{L}{2}/u.test(value) ? [] : value.split("\n").filter(Boolean);
  if (Array.isArray(value)) return value.flatMap((item) => untranslated(item, all, key));
  if (typeof value !== "object" || value === null) return [];
  const node = value as Record<string, unknown>;
  if (node.type === "text") return untranslated(node.text, all, "text");
  return Object.entries(node).flatMap(([k, child]) =>
    k.includes("__i18n__") || (!all && `${k}__i18n__en` in node) ? [] : untranslated(child, all, k),
  );
}

/**
 * Untranslated texts that are the same in English: names of people, clients, brands, services
 * and the loanwords both languages use. Anything else found on an English page is Dutch.
 */
const SAME_IN_ENGLISH = new Set([
  "Koraal",
  "Cases",
  "Insights",
  "Contact",
  "Privacy",
  "Team",
  "Apps",
  "Native",
  "Cross-platform",
  "Front-end",
  "Prototype",
  "Product design",
  "Product designer",
  "Design system",
  "WCAG 2.2 AA",
  "AA",
  "UX researcher",
  "Senior React Native developer",
  "Lead product designer",
  "Business developer",
  "Backend developer (TypeScript)",
  "People & culture",
  "LinkedIn",
  "Instagram",
  "TikTok",
  "hallo@koraal.nl",
  "koraal.nl",
  "Oudegracht 231",
  "3511 NK Utrecht",
  "Utrecht",
  "Fietsfabriek Domstad",
  "Pensioenfonds Vakwerk",
  "Zorggroep De Linde",
  "Polderstroom Energie",
  "Kade Logistiek",
  "Tulpbank",
  "Molenaar Bouw",
  ...snapshot.stories.filter((story) => story.content.component === "TeamMember").map((story) => story.name),
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Whether `text` occurs as words of its own (not as part of a longer word). */
const occurs = (page: string, text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, "u").test(page);

/** What a person reads or hears of a page: its text and the attributes that are shown or read out, one per line. */
function perceivable(page: string): string {
  const attributes = [...page.matchAll(/ (?:alt|title|aria-label|placeholder|content)="([^"]*)"/g)].map((m) => m[1]);
  const text = page.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "").replace(/<[^>]*>/g, "\n");
  return [...attributes, text].join("\n");
}

const untranslatedTexts = [
  ...new Set(snapshot.stories.flatMap((story) => untranslated(story.content, !publishedInEnglish(story)).map((text) => text.trim()))),
].filter((text) => !SAME_IN_ENGLISH.has(text));

describe("English pages without Dutch", () => {
  it("knows what to look for", async () => {
    expect(DUTCH).toEqual(
      expect.arrayContaining(["Open navigatiemenu", "Woehoe, je bent geabonneerd!", "Portret van", "januari", "Alle diensten"]),
    );
    expect(teamAlts).toHaveLength(8);
    expect(teamAlts).toContain("Lotte Jansen, illustratie: rood haar in een knot en een bril");
    expect(untranslatedTexts).toEqual(expect.arrayContaining(["Over ons", "Een rooster dat zorgmedewerkers zelf in de hand hebben"]));
    // exactly the marked element and what it holds goes
    expect(await outsideDutch('<p>a<span lang="nl">Terug <b>Vorige</b></span>b<img lang="nl" alt="Vorige">c</p>')).toBe("<p>abc</p>");
    expect(occurs("Zorggroep De Linde", "Zorg")).toBe(false);
    expect(await englishPages()).toEqual(
      expect.arrayContaining(["/en", "/en/services", "/en/cases", "/en/insights", "/en/jobs", "/en/contact"]),
    );
  });

  it("no English page of the sitemap shows Dutch outside elements marked lang=nl", async () => {
    const found: Array<[string, string]> = [];
    for (const path of await englishPages()) {
      const page = await outsideDutch(await html(path));
      for (const phrase of DUTCH) if (page.includes(phrase)) found.push([path, phrase]);
      const shown = perceivable(page);
      for (const text of untranslatedTexts) if (occurs(shown, text)) found.push([path, text]);
    }
    expect(found).toEqual([]);
  });

  it("shows the English values of the demo space instead", async () => {
    const home = await html("/en");
    for (const label of ["All services", "All our work", "More about Koraal"]) expect(home).toContain(`>${label}</a>`);
    expect(await html("/en/contact")).toContain('alt="Lotte Jansen, illustration: red hair in a bun and glasses"');
    expect(await html("/en/jobs/product-designer")).toContain('alt="Thomas van Dijk, illustration: curly black hair and glasses"');
    expect(await html("/en/insights/native-flutter-or-react-native")).toContain(
      "// The key was fetched in advance: unlocking works without reception too.",
    );
  });
});

/** Each story card of a listing: its link, the link's hreflang, the card's lang and the label that describes the link. */
async function cards(page: string) {
  const articles = await query(page, "li > article");
  const links = await query(page, "li > article a");
  expect(links).toHaveLength(articles.length);
  return Promise.all(
    articles.map(async (article, i) => {
      const link = links[i]!.attrs;
      const label = link["aria-describedby"] ? (await query(page, `[id="${link["aria-describedby"]}"]`))[0] : undefined;
      return {
        href: link.href,
        hreflang: link.hreflang,
        lang: article.attrs.lang,
        label: label && { text: label.text, lang: label.attrs.lang },
      };
    }),
  );
}

const byHref = (a: { href?: string }, b: { href?: string }) => (a.href! < b.href! ? -1 : 1);
const englishPath = (story: StoredStory) => `/en/${story.translated_slugs!.find((slug) => slug.lang === "en")!.path}`;
const IN_DUTCH = { text: "In Dutch", lang: "en" };

/** The card an English page shows for a story: to its English page, or marked Dutch to its Dutch one. */
const englishCard = (story: StoredStory) =>
  publishedInEnglish(story)
    ? { href: englishPath(story), hreflang: undefined, lang: undefined, label: undefined }
    : { href: `/${story.full_slug}`, hreflang: "nl", lang: "nl", label: IN_DUTCH };
const storiesOf = (folder: string, component: string) =>
  snapshot.stories.filter((story) => story.full_slug.startsWith(folder) && story.content.component === component);

describe("English listings keep Dutch-only stories, marked", () => {
  it.each([
    ["/en/cases", "cases/", "CaseDetail"],
    ["/en/insights", "insights/", "InsightDetail"],
    ["/en/jobs", "vacatures/", "Vacancy"],
  ])("%s: every story; those without an English page lang=nl, hreflang=nl, labelled 'In Dutch'", async (path, folder, component) => {
    const stories = storiesOf(folder, component);
    expect(stories.filter(publishedInEnglish).length).toBeGreaterThan(0);
    expect(stories.filter((story) => !publishedInEnglish(story)).length).toBeGreaterThan(0);
    expect((await cards(await html(path))).sort(byHref)).toEqual(stories.map(englishCard).sort(byHref));
  });

  it("related cases on an English case page too", async () => {
    const domstad = snapshot.stories.find((story) => story.full_slug === "cases/domstad-deelfietsen")!;
    const related = ((domstad.content as StoredBlok).related as string[]).map(
      (uuid) => snapshot.stories.find((story) => story.uuid === uuid)!,
    );
    expect((await cards(await html(englishPath(domstad)))).sort(byHref)).toEqual(related.map(englishCard).sort(byHref));
  });

  it("Dutch listings mark nothing and say nothing about languages", async () => {
    for (const path of ["/cases", "/insights", "/vacatures"]) {
      const page = await html(path);
      for (const card of await cards(page))
        expect(card).toEqual({ href: card.href, hreflang: undefined, lang: undefined, label: undefined });
      expect(page).not.toContain(nl.common.inLanguage.nl);
    }
  });
});
