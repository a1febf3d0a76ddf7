import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../content-model/index.ts";
import type { SpaceSnapshot } from "../../src/server/content/snapshot.ts";
import type { EmbeddedSpace } from "../../src/server/demo/embedded.ts";
import type { Finding, ModelFacts } from "../../src/shared/content-health/index.ts";
import { findingId, RULES } from "../../src/shared/content-health/index.ts";
import { modelFacts } from "../../src/shared/content-health/model-facts.ts";
import { checkSpace } from "../../tools/health/content-health.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { testClock } from "../helpers/test-clock";

// Each rule against a copy of the demo space with one defect seeded: the findings that copy has
// and the demo space has not are exactly one, with the right story, block, field and severity.
// The space is read as the site reads it: through the CDN emulator, in each language.

type Json = Record<string, unknown>;
const NOW = Date.parse("2026-11-26T12:00:00Z");
const MISSING_UUID = "00000000-dead-4bad-8bad-000000000000";

let embedded: EmbeddedSpace;
let baseline: Set<string>;

const key = (f: Finding) => `${f.lang} ${findingId(f)} ${f.message.nl}`;

async function findingsOf(snapshot: SpaceSnapshot, facts?: ModelFacts): Promise<Finding[]> {
  const emulator = embedded.createEmulator(snapshot);
  const source = { base: "https://emulator.invalid/v2", token: snapshot.tokens.public, fetch: emulator.fetch, ratePerSecond: Infinity };
  return (await checkSpace(source, { now: NOW, facts })).findings;
}

/** A copy of the demo space with `seed` applied to the published story `slug`'s content. */
async function seeded(slug: string, seed: (content: Json) => void, facts?: ModelFacts): Promise<Finding[]> {
  const copy = structuredClone(embedded.snapshot);
  const story = copy.stories.find((candidate) => candidate.full_slug === slug);
  if (!story) throw new Error(`no story ${slug}`);
  seed(story.content as unknown as Json);
  return (await findingsOf(copy, facts)).filter((finding) => !baseline.has(key(finding)));
}

/** The first blok of `component` in a content tree. */
function blok(content: Json, component: string): Json {
  let found: Json | undefined;
  const visit = (node: unknown) => {
    if (found || !node || typeof node !== "object") return;
    if (!Array.isArray(node) && (node as Json).component === component) found = node as Json;
    else Object.values(node).forEach(visit);
  };
  visit(content);
  if (!found) throw new Error(`no ${component}`);
  return found;
}

beforeAll(async () => {
  const module = join(REPO_ROOT, "src/server/.generated/embedded-space.js");
  embedded = (await import(pathToFileURL(module).href)) as EmbeddedSpace;
  baseline = new Set((await findingsOf(embedded.snapshot)).map(key));
});

describe("content health over the demo space", () => {
  it("has no errors (its warnings are listed by npm run content:health)", async () => {
    const findings = await findingsOf(embedded.snapshot);
    expect(findings.filter((finding) => finding.severity === "error")).toEqual([]);
  });

  it("reads the space through content:pull's reader (tools/space/space-reader.ts): a 429 is waited out, not a failed check", async () => {
    let limited = 0;
    const emulator = embedded.createEmulator(embedded.snapshot, {
      fault: (url) => (url.pathname === "/v2/cdn/stories" && limited++ === 0 ? { status: 429 } : undefined),
    });
    const time = testClock();
    const source = { base: "https://emulator.invalid/v2", token: embedded.snapshot.tokens.public, fetch: emulator.fetch, ...time };
    const { findings } = await checkSpace(source, { now: NOW });
    expect(new Set(findings.map(key))).toEqual(baseline);
    expect(time.sleeps).toContain(1000);
  });

  it("names every rule once, with a stable id", () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+\.[a-z-]+$/);
  });
});

const expectOne = (findings: Finding[], expected: Partial<Finding>) => {
  expect(findings).toHaveLength(1);
  expect(findings[0]).toMatchObject(expected);
  expect(findings[0]?.message.nl).toBeTruthy();
  expect(findings[0]?.message.en).toBeTruthy();
};

describe("each rule finds exactly its seeded defect", () => {
  it("block.unsupported: a block the site does not know", async () => {
    const findings = await seeded("contact", (content) => {
      (content.body as Json[]).push({ _uid: "marquee-1", component: "Marquee", text: "Nieuw!" });
    });
    expectOne(findings, {
      rule: "block.unsupported",
      severity: "error",
      story: "contact",
      lang: "nl",
      uid: "marquee-1",
      component: "Marquee",
      field: "component",
    });
  });

  it("link.target: a link to a story that does not exist", async () => {
    let uid = "";
    const findings = await seeded("contact", (content) => {
      const hero = blok(content, "HeroBanner");
      uid = String(hero._uid);
      hero.cta = { id: MISSING_UUID, url: "", linktype: "story", fieldtype: "multilink", cached_url: "bestaat-niet" };
    });
    expectOne(findings, {
      rule: "link.target",
      severity: "error",
      story: "contact",
      lang: "nl",
      uid,
      component: "HeroBanner",
      field: "cta",
    });
  });

  it("link.target: a link in rich text to an unpublished story", async () => {
    const copy = structuredClone(embedded.snapshot);
    const target = copy.stories.find((story) => story.full_slug === "over-ons")!;
    copy.stories = copy.stories.filter((story) => story !== target);
    const findings = (await findingsOf(copy)).filter((finding) => finding.rule === "link.target");
    expect(findings.length).toBeGreaterThan(0);
    expect(new Set(findings.map((finding) => finding.severity))).toEqual(new Set(["error"]));
  });

  it("relation.target: a contact person that is gone", async () => {
    const findings = await seeded("vacatures/product-designer", (content) => {
      content.contactPerson = MISSING_UUID;
    });
    expectOne(findings, {
      rule: "relation.target",
      severity: "warning",
      story: "vacatures/product-designer",
      component: "Vacancy",
      field: "contactPerson",
    });
  });

  it("link.empty: a button text without a link", async () => {
    let uid = "";
    const findings = await seeded("contact", (content) => {
      const hero = blok(content, "HeroBanner");
      uid = String(hero._uid);
      hero.cta = { id: "", url: "", linktype: "url", fieldtype: "multilink", cached_url: "" };
    });
    expectOne(findings, { rule: "link.empty", severity: "warning", uid, component: "HeroBanner", field: "cta" });
  });

  it("image.alt: an image without alt text (in both languages: one finding)", async () => {
    let uid = "";
    const findings = await seeded("cases/domstad-deelfietsen", (content) => {
      const image = blok(content, "FullWidthImage");
      uid = String(image._uid);
      (image.image as Json).alt = "";
      (image.image__i18n__en as Json).alt = "";
    });
    expectOne(findings, { rule: "image.alt", severity: "warning", lang: "nl", uid, component: "FullWidthImage", field: "image.alt" });
  });

  it("image.alt-dutch: the English page keeps the Dutch alt text", async () => {
    let uid = "";
    const findings = await seeded("cases/domstad-deelfietsen", (content) => {
      const image = blok(content, "FullWidthImage");
      uid = String(image._uid);
      (image.image__i18n__en as Json).alt = (image.image as Json).alt;
    });
    expectOne(findings, {
      rule: "image.alt-dutch",
      severity: "warning",
      story: "cases/domstad-deelfietsen",
      lang: "en",
      uid,
      field: "image.alt",
    });
  });

  it("translation.missing: an English text left empty falls back to the Dutch one", async () => {
    let uid = "";
    const findings = await seeded("contact", (content) => {
      const hero = blok(content, "HeroBanner");
      uid = String(hero._uid);
      delete hero.subtitle__i18n__en;
    });
    expectOne(findings, { rule: "translation.missing", severity: "warning", story: "contact", lang: "en", uid, field: "subtitle" });
  });

  it("seo.title: a title longer than search results show", async () => {
    const findings = await seeded("contact", (content) => {
      content.title = "Contact met het team van ontwerpers en ontwikkelaars in Utrecht";
      content.title__i18n__en = "Contact";
    });
    expectOne(findings, {
      rule: "seo.title",
      severity: "warning",
      story: "contact",
      lang: "nl",
      component: "Page",
      field: "title",
      path: "",
    });
  });

  it("seo.description: no description", async () => {
    const findings = await seeded("contact", (content) => {
      content.description = "";
      delete content.description__i18n__en;
    });
    expectOne(findings, { rule: "seo.description", severity: "warning", story: "contact", lang: "nl", field: "description" });
  });

  it("seo.share-image: a page whose image is gone shares the default banner", async () => {
    const findings = await seeded("sectoren/zorg", (content) => {
      content.image = { ...(content.image as Json), filename: "", alt: "" };
    });
    expectOne(findings, { rule: "seo.share-image", severity: "warning", story: "sectoren/zorg", component: "Sector", field: "image" });
  });

  it("image.oversized: an image far wider than the site shows any", async () => {
    const findings = await seeded("sectoren/zorg", (content) => {
      const image = content.image as Json;
      image.filename = String(image.filename).replace(/\/\d+x\d+\//, "/6000x4000/");
    });
    expectOne(findings, { rule: "image.oversized", severity: "warning", story: "sectoren/zorg", field: "image" });
  });

  it("image.svg-photo: an SVG where a photo belongs", async () => {
    const findings = await seeded("sectoren/zorg", (content) => {
      const image = content.image as Json;
      image.filename = String(image.filename).replace(/\.jpg$/, ".svg");
    });
    // an SVG cannot be a sharing image either: that rule says so as well
    expect(findings.map((finding) => finding.rule).sort()).toEqual(["image.svg-photo", "seo.share-image"]);
    expect(findings.find((finding) => finding.rule === "image.svg-photo")).toMatchObject({
      severity: "warning",
      field: "image",
      lang: "nl",
    });
  });
});

describe("the vacancy rules, on a model with the job-posting fields", () => {
  const facts: ModelFacts = {
    ...modelFacts(schema.blocks),
    Vacancy: {
      ...modelFacts(schema.blocks).Vacancy,
      employmentType: { type: "option" },
      validThrough: { type: "datetime" },
      remote: { type: "boolean" },
      addressLocality: { type: "text" },
      addressCountry: { type: "text" },
    },
  };
  const complete = (content: Json) =>
    Object.assign(content, {
      employmentType: "FULL_TIME",
      validThrough: "2027-01-31 17:00",
      remote: false,
      addressLocality: "Utrecht",
      addressCountry: "NL",
    });

  it("find nothing on a model without the fields, and nothing on a complete vacancy", async () => {
    expect((await seeded("vacatures/product-designer", complete)).filter((f) => f.rule.startsWith("vacancy."))).toEqual([]);
  });

  it("vacancy.closed: a closing date in the past", async () => {
    const findings = await seeded(
      "vacatures/product-designer",
      (content) => {
        complete(content);
        content.validThrough = "2026-11-01 17:00";
      },
      facts,
    );
    const ofVacancy = findings.filter((finding) => finding.story === "vacatures/product-designer");
    expectOne(
      ofVacancy.filter((finding) => finding.rule.startsWith("vacancy.")),
      {
        rule: "vacancy.closed",
        severity: "error",
        field: "validThrough",
      },
    );
  });

  it("vacancy.job-posting: a field search engines ask for is empty", async () => {
    const findings = await seeded(
      "vacatures/product-designer",
      (content) => {
        complete(content);
        content.addressLocality = "";
      },
      facts,
    );
    expectOne(
      findings.filter((finding) => finding.story === "vacatures/product-designer" && finding.rule.startsWith("vacancy.")),
      {
        rule: "vacancy.job-posting",
        severity: "warning",
        field: "addressLocality",
      },
    );
  });
});

describe("npm run content:health", () => {
  it("checks content/ and exits 0 on the demo content; --json for machines", () => {
    const out = execFileSync(process.execPath, [join(REPO_ROOT, "scripts/content-health.ts"), "--json"], { encoding: "utf8" });
    const result = JSON.parse(out) as { stories: number; counts: { error: number } };
    expect(result.stories).toBe(embedded.snapshot.stories.length);
    expect(result.counts.error).toBe(0);
  });

  const command = (args: string[]) =>
    spawnSync(process.execPath, [join(REPO_ROOT, "scripts/content-health.ts"), ...args], { encoding: "utf8" });

  it("reports a link to a story that does not exist as findings beside every other one, in JSON", () => {
    const dir = mkdtempSync(join(tmpdir(), "content-health-"));
    cpSync(join(REPO_ROOT, "content"), dir, { recursive: true });
    const file = join(dir, "stories/diensten/product-design.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"id": "6338482a-0eab-42fe-bbdf-eba640f8b563"', `"id": "${MISSING_UUID}"`));
    const { status, stdout } = command(["--content", dir, "--json"]);
    expect(status).toBe(1);
    const { findings } = JSON.parse(stdout) as { findings: Finding[] };
    const invalid = findings.filter((finding) => finding.rule === "content.invalid");
    expect(invalid.map((finding) => [finding.severity, finding.story])).toEqual([["error", "stories/diensten/product-design.json"]]);
    expect(invalid[0]!.message.en).toContain(MISSING_UUID);
    // the rules still ran over every story: the demo content's own warnings are all there too
    expect(findings.filter((finding) => finding.rule !== "content.invalid").map(key)).toEqual(expect.arrayContaining([...baseline]));
  });

  it("writes its text in the language asked for", () => {
    expect(command([]).stdout).toMatch(/^content:health: content\/: \d+ verhalen, 0 fouten, \d+ waarschuwing(en)?$/m);
    expect(command(["--lang", "en"]).stdout).toMatch(/^content:health: content\/: \d+ stories, 0 errors, \d+ warnings?$/m);
    expect(command(["--lang", "en"]).stdout).toMatch(/^ {2}Warning {6}/m);
  });

  it("answers --json with JSON even when it cannot check", () => {
    const { status, stdout } = command(["--json", "--lang", "fr"]);
    expect(status).toBe(2);
    expect(JSON.parse(stdout)).toEqual({ error: '--lang takes nl or en, not "fr"' });
  });
});
