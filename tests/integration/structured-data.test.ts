import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_ORG_TYPES, schemaOrgVocabulary } from "../fixtures/schema-org-vocabulary";
import { testInstance, testOrigin } from "../helpers/site";

// Every sitemap page in both languages, as production wires the site, judged offline: one JSON-LD
// graph that parses, Google's rich-result rules (@adobe/structured-data-validator over what
// @marbec/web-auto-extractor finds in the page) with no error, schema.org's types and properties
// (the validator's check against tests/fixtures/schema-org-vocabulary.ts), and the graph's own
// promises: stable ids on the canonical URL, every reference inside the graph, the main entity of
// each kind of page.

type JsonObject = Record<string, unknown>;

interface Judged {
  path: string;
  html: string;
  canonical: string;
  graph: JsonObject[];
  issues: ValidationIssue[];
}

const SCRIPT = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every object in a value, depth first. */
function* objects(value: unknown): Generator<JsonObject> {
  if (Array.isArray(value)) for (const item of value) yield* objects(item);
  else if (isObject(value)) {
    yield value;
    for (const child of Object.values(value)) yield* objects(child);
  }
}

const typesOf = (node: JsonObject) => [node["@type"]].flat().filter((type): type is string => typeof type === "string");
const nodesOf = (judged: Judged, type: string) => judged.graph.filter((node) => typesOf(node).includes(type));

let pages: Judged[] = [];

beforeAll(async () => {
  // waiting for the rate limit moves the test's clock: the crawl asks for every page without a copy
  const origin = testOrigin();
  const site = testInstance(origin, { sleep: async (ms) => origin.advance(ms) });
  const sitemap = await site.get("/sitemap.xml");
  const paths = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc as string).pathname);
  const extractor = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] });
  const validator = new Validator(schemaOrgVocabulary());
  pages = [];
  for (const path of paths) {
    const page = await site.get(path);
    expect(page.status, path).toBe(200);
    const scripts = [...page.text.matchAll(SCRIPT)].map(([, text]) => text as string);
    expect(scripts, `${path}: one JSON-LD script`).toHaveLength(1);
    const parsed = JSON.parse(scripts[0] as string) as JsonObject;
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.text)?.[1] ?? "";
    const issues = await validator.validate(extractor.parse(page.text));
    pages.push({ path, html: page.text, canonical, graph: parsed["@graph"] as JsonObject[], issues });
  }
}, 120_000);

describe("structured data on every sitemap page, both languages", () => {
  it("covers the whole sitemap in both languages", () => {
    expect(pages.length).toBeGreaterThanOrEqual(40);
    expect(pages.some((page) => page.path.startsWith("/en"))).toBe(true);
    expect(pages.some((page) => !page.path.startsWith("/en"))).toBe(true);
  });

  it("passes Google's rich-result rules with no error", () => {
    const errors = pages.flatMap((page) =>
      page.issues.filter((issue) => issue.severity === "ERROR").map((issue) => `${page.path}: ${issue.rootType}: ${issue.issueMessage}`),
    );
    expect(errors).toEqual([]);
  });

  it("uses only schema.org types, each with properties schema.org gives it", () => {
    const unknown = pages.flatMap((page) =>
      page.issues.filter((issue) => issue.errorType === "schemaOrg").map((issue) => `${page.path}: ${issue.issueMessage}`),
    );
    expect(unknown).toEqual([]);
    for (const page of pages) {
      for (const node of objects(page.graph))
        for (const type of typesOf(node)) expect(SCHEMA_ORG_TYPES, `${page.path}: ${type}`).toContain(type);
    }
  });

  it("gives every node an id on the canonical URL (or home's, for the site's own) and resolves every reference inside the graph", () => {
    for (const page of pages) {
      expect(page.canonical, page.path).toMatch(/^http/);
      const origin = new URL(page.canonical).origin;
      const ids = new Set<string>();
      for (const node of objects(page.graph)) {
        if (typeof node["@id"] !== "string" || Object.keys(node).length === 1) continue;
        expect(ids.has(node["@id"]), `${page.path}: ${node["@id"]} defined twice`).toBe(false);
        ids.add(node["@id"]);
        expect(node["@id"], page.path).toMatch(new RegExp(`^(${escapeRegExp(page.canonical)}|${escapeRegExp(origin)}(/en)?/?)#[a-z-]+$`));
      }
      for (const node of objects(page.graph)) {
        if (Object.keys(node).length === 1 && typeof node["@id"] === "string")
          expect(ids, `${page.path}: dangling ${node["@id"]}`).toContain(node["@id"]);
      }
      const webPage = page.graph.find((node) => node["@id"] === `${page.canonical}#webpage`);
      expect(webPage?.url, page.path).toBe(page.canonical);
      expect(webPage?.inLanguage, page.path).toBe(page.path === "/en" || page.path.startsWith("/en/") ? "en" : "nl");
    }
  });

  it("names the organisation and the website on home, in each language", () => {
    for (const home of pages.filter((page) => page.path === "/" || page.path === "/en")) {
      const [organization] = nodesOf(home, "Organization");
      expect(organization?.name).toBe("Koraal");
      expect(organization?.sameAs).toEqual([
        "https://www.linkedin.com/company/koraal",
        "https://www.instagram.com/koraal.nl",
        "https://www.tiktok.com/@koraal.nl",
      ]);
      expect(organization?.address).toMatchObject({ streetAddress: "Oudegracht 231", addressLocality: "Utrecht", addressCountry: "NL" });
      expect(organization?.contactPoint).toMatchObject({ telephone: "+31 30 234 56 78", email: "hallo@koraal.nl" });
      expect(nodesOf(home, "WebSite")[0]).toMatchObject({ name: "Koraal", inLanguage: home.path === "/" ? "nl" : "en" });
    }
  });

  it("gives every page below home a breadcrumb of at least two items, ending at the page", () => {
    for (const page of pages.filter((page) => page.path !== "/" && page.path !== "/en")) {
      const [breadcrumb] = nodesOf(page, "BreadcrumbList");
      const items = (breadcrumb?.itemListElement ?? []) as JsonObject[];
      expect(items.length, page.path).toBeGreaterThanOrEqual(2);
      expect(items.at(-1)?.item, page.path).toBe(page.canonical);
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    }
  });

  it("makes every vacancy a valid JobPosting with what Google recommends", () => {
    const vacancies = pages.filter((page) => /^\/(vacatures|en\/jobs)\/./.test(page.path));
    expect(vacancies.length).toBeGreaterThanOrEqual(4);
    for (const page of vacancies) {
      const [job] = nodesOf(page, "JobPosting");
      expect(job, page.path).toMatchObject({
        employmentType: "FULL_TIME",
        directApply: true,
        hiringOrganization: { "@id": expect.stringMatching(/#organization$/) },
        jobLocation: { "@type": "Place", address: { addressCountry: "NL", addressLocality: "Utrecht" } },
        baseSalary: { "@type": "MonetaryAmount", currency: "EUR", value: { "@type": "QuantitativeValue", unitText: "MONTH" } },
        identifier: { "@type": "PropertyValue" },
      });
      expect(job?.datePosted, page.path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(job?.validThrough, page.path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(String(job?.description).length, page.path).toBeGreaterThan(100);
      const jobIssues = page.issues.filter((issue) => issue.rootType === "JobPosting" && issue.severity === "ERROR");
      expect(jobIssues, page.path).toEqual([]);
    }
  });

  it("makes every insight a BlogPosting with its dates, three image crops, author and publisher", () => {
    const insights = pages.filter((page) => /^\/(en\/)?insights\/./.test(page.path));
    expect(insights.length).toBeGreaterThanOrEqual(4);
    for (const page of insights) {
      const [post] = nodesOf(page, "BlogPosting");
      expect(post?.headline, page.path).toBeTruthy();
      expect(String(post?.headline).length).toBeLessThanOrEqual(110);
      expect(post?.description, page.path).toBeTruthy();
      expect(post?.datePublished, page.path).toMatch(/Z$|[+-]\d\d:\d\d$/);
      expect(post?.dateModified, page.path).toMatch(/Z$|[+-]\d\d:\d\d$/);
      const images = post?.image as string[];
      expect(
        images.map((src) => /\/m\/(\d+x\d+)\//.exec(src)?.[1]),
        page.path,
      ).toEqual(["1200x1200", "1200x900", "1200x675"]);
      expect((post?.author as JsonObject)?.name ?? (post?.author as JsonObject)?.["@id"], page.path).toBeTruthy();
      expect(post?.publisher, page.path).toEqual({ "@id": expect.stringMatching(/#organization$/) });
    }
  });

  it("describes cases as articles and services and sectors as services of the organisation", () => {
    const main = (pattern: RegExp, type: string) => {
      const matching = pages.filter((page) => pattern.test(page.path));
      expect(matching.length, String(pattern)).toBeGreaterThan(0);
      for (const page of matching) expect(nodesOf(page, type), page.path).toHaveLength(1);
    };
    main(/^\/(en\/)?cases\/./, "Article");
    main(/^\/(diensten|en\/services)\/./, "Service");
    main(/^\/(sectoren|en\/sectors)\/./, "Service");
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
