import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import modelFacts from "../../.generated/model-facts.js";
import modelLabels from "../../.generated/model-labels.js";
import type { SpaceSnapshot } from "../../src/server/content/snapshot";
import { createEmulator } from "../../src/server/demo/emulator";
import { type CheckedStory, checkStory, type LinkTarget } from "../../src/shared/content-health";
import type { Lang } from "../../src/shared/i18n/lang";
import { query } from "../helpers/query-html";
import { BASE, testApp } from "../helpers/site";

// Issue 54: the privacy page said what the site keeps of a newsletter signup and little else. Its
// default content (content/stories/privacy.json, editable as any story) now has a section for each
// thing the site does with personal data, in both languages. The sections are checked by their
// headings, not their wording: editors may reword, a section left out fails here.

/** The sections the privacy page must have, in order, as its headings read in each language. */
const PRIVACY_SECTIONS: Record<Lang, string[]> = {
  nl: [
    "Wie is verantwoordelijk",
    "Nieuwsbrief",
    "Bewijs van je toestemming",
    "Wissen en inzien",
    "Controle tegen spam en misbruik",
    "Metingen van de laadsnelheid",
    "Cookies",
    "Hosting en logboeken bij Cloudflare",
    "Verwerkers",
    "Je rechten",
    "Een klacht indienen",
  ],
  en: [
    "Who is responsible",
    "Newsletter",
    "Proof of your consent",
    "Erasure and access",
    "Checks against spam and abuse",
    "Page speed measurements",
    "Cookies",
    "Hosting and logs at Cloudflare",
    "Processors",
    "Your rights",
    "Making a complaint",
  ],
};

const PATHS: Record<Lang, string> = { nl: "/privacy", en: "/en/privacy" };

async function get(path: string) {
  const app = testApp();
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(BASE + path), env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, html };
}

describe("the privacy page", () => {
  it.each(["nl", "en"] as const)("renders in %s with a heading for every required section, in order", async (lang) => {
    const { status, html } = await get(PATHS[lang]);
    expect(status).toBe(200);
    expect((await query(html, "main h2")).map((heading) => heading.text)).toEqual(PRIVACY_SECTIONS[lang]);
    // the complaint goes to the Dutch supervisory authority, linked in both languages
    expect((await query(html, 'main a[href="https://autoriteitpersoonsgegevens.nl"]')).map((link) => link.text)).toEqual([
      "Autoriteit Persoonsgegevens",
    ]);
  });

  it("raises no content health finding in either language", async () => {
    const emulator = createEmulator(snapshot as SpaceSnapshot);
    const api = async <T>(path: string, params: Record<string, string> = {}) => {
      const url = new URL(`https://api.storyblok.com/v2/cdn/${path}`);
      for (const [name, value] of Object.entries({ token: snapshot.tokens.public, ...params })) url.searchParams.set(name, value);
      return (await (await emulator.fetch(url.toString())).json()) as T;
    };
    const { links } = await api<{ links: Record<string, LinkTarget> }>("links", { per_page: "1000" });
    const read = async (language?: string) => (await api<{ story: CheckedStory }>("stories/privacy", language ? { language } : {})).story;
    const setup = { facts: modelFacts, labels: modelLabels, links: Object.values(links), now: Date.now() };
    expect(checkStory({ nl: await read(), en: await read("en") }, setup)).toEqual([]);
  });
});
