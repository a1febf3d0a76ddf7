import { describe, expect, it } from "vitest";
import { schema } from "../../content-model/index.ts";
import { checkVersion, type Finding } from "../../src/shared/content-health/index.ts";
import { modelFacts } from "../../src/shared/content-health/model-facts.ts";
import { isoDateTime, storyblokTime } from "../../src/shared/dates/datetime.ts";
import { isClosed, salaryOf } from "../../src/shared/vacancy/vacancy.ts";

// One rule per domain fact: the site (`isClosed`, `salaryOf`), the JSON-LD and content health read
// a vacancy's closing time, its dates and its salary through the same functions, so at every
// instant and for every value they say the same thing.

const facts = modelFacts(schema.blocks);
const CLOSES = Date.UTC(2026, 11, 31, 17, 0);

function vacancy(fields: Record<string, unknown>) {
  return {
    id: 1,
    uuid: "vacancy-1",
    name: "Designer",
    full_slug: "vacatures/designer",
    content: {
      _uid: "v",
      component: "Vacancy",
      title: "Designer",
      employmentType: "FULL_TIME",
      addressLocality: "Utrecht",
      addressCountry: "NL",
      validThrough: "2026-12-31 17:00",
      ...fields,
    },
  };
}

const rulesOf = (fields: Record<string, unknown>, now: number) =>
  checkVersion("nl", vacancy(fields), { facts, links: [], now })
    .filter((finding) => finding.rule.startsWith("vacancy.") || finding.rule.startsWith("date."))
    .map(({ rule, severity, field }: Finding) => ({ rule, severity, field }));

describe("a vacancy's closing time, one rule", () => {
  it("the site and content health close it at the same instant, the closing minute itself", () => {
    const story = vacancy({});
    for (const now of [CLOSES - 1, CLOSES, CLOSES + 1]) {
      const closedBySite = isClosed(story, now);
      const closedByHealth = rulesOf({}, now).some((finding) => finding.rule === "vacancy.closed");
      expect({ now, closedBySite, closedByHealth }).toEqual({ now, closedBySite: now >= CLOSES, closedByHealth: now >= CLOSES });
    }
  });
});

describe("the date parser, one for every reader", () => {
  it("reads Storyblok's datetime fields and the API's ISO dates as the same instant", () => {
    expect(storyblokTime("2026-12-31 17:00")).toBe(CLOSES);
    expect(storyblokTime("2026-12-31T17:00:00Z")).toBe(CLOSES);
    expect(storyblokTime("2026-12-31T17:00:00.000Z")).toBe(CLOSES);
    expect(storyblokTime("2026-12-31T18:00:00+01:00")).toBeUndefined(); // Storyblok writes UTC only
    expect(storyblokTime("2026-12-31")).toBe(Date.UTC(2026, 11, 31));
    expect(isoDateTime("2026-12-31 17:00")).toBe("2026-12-31T17:00:00Z");
  });

  it.each(["31-12-2020", "2026-13-01", "2026-02-30 10:00", "2026-12-31 25:00", "next friday"])(
    "%s is no date: the vacancy never closes, and content health reports an error",
    (malformed) => {
      expect(storyblokTime(malformed)).toBeUndefined();
      expect(isClosed(vacancy({ validThrough: malformed }), Date.UTC(2099, 0, 1))).toBe(false);
      expect(rulesOf({ validThrough: malformed }, CLOSES)).toEqual([{ rule: "date.malformed", severity: "error", field: "validThrough" }]);
    },
  );
});

describe("a vacancy's salary, one rule", () => {
  it("an amount without its currency or unit is no salary, and content health says which part is missing", () => {
    expect(salaryOf({ salaryMin: "4000" })).toBeUndefined();
    expect(salaryOf({ salaryMin: "4000", salaryCurrency: "EUR" })).toBeUndefined();
    expect(salaryOf({ salaryMin: "4000", salaryMax: "5000", salaryCurrency: "EUR", salaryUnit: "MONTH" })).toEqual({
      currency: "EUR",
      unit: "MONTH",
      min: 4000,
      max: 5000,
    });
    expect(rulesOf({ salaryMin: "4000", salaryCurrency: "EUR" }, 0)).toEqual([
      { rule: "vacancy.job-posting", severity: "warning", field: "salaryUnit" },
    ]);
    expect(rulesOf({ salaryMax: "5000" }, 0)).toEqual([
      { rule: "vacancy.job-posting", severity: "warning", field: "salaryCurrency" },
      { rule: "vacancy.job-posting", severity: "warning", field: "salaryUnit" },
    ]);
  });
});

describe("values search engines read, refused with a finding", () => {
  const insight = (fields: Record<string, unknown>) => ({
    id: 2,
    uuid: "insight-1",
    name: "Meten",
    full_slug: "insights/meten",
    content: { _uid: "i", component: "InsightDetail", title: "Meten", ...fields },
  });
  const found = (fields: Record<string, unknown>) =>
    checkVersion("nl", insight(fields), { facts, links: [], now: 0 })
      .filter((finding) => finding.rule === "number.unreadable" || finding.rule === "asset.url")
      .map(({ rule, severity, field }) => ({ rule, severity, field }));

  it("a reading time that is no number is a warning; a number is none", () => {
    expect(found({ readingTime: "5 minutes" })).toEqual([{ rule: "number.unreadable", severity: "warning", field: "readingTime" }]);
    expect(found({ readingTime: "5" })).toEqual([]);
  });

  it("an image whose file is no web address is an error; an asset URL or a site path is none", () => {
    expect(found({ heroImage: { filename: "javascript:alert(1)" } })).toEqual([
      { rule: "asset.url", severity: "error", field: "heroImage" },
    ]);
    expect(found({ heroImage: { filename: "https://a.storyblok.com/f/1/10x10/ab/x.jpg" } })).toEqual([]);
    expect(found({ heroImage: { filename: "/_storyblok/f/1/10x10/ab/x.jpg" } })).toEqual([]);
  });
});

describe("the organisation's logo", () => {
  it("public/logo.png is a raster image of at least 112x112 px, as Google asks", async () => {
    const { readFile } = await import("node:fs/promises");
    const { readImageHeader } = await import("../helpers/image-header.ts");
    const header = readImageHeader(new Uint8Array(await readFile(new URL("../../public/logo.png", import.meta.url))));
    expect(header).toEqual({ format: "png", width: 512, height: 512 });
  });
});

describe("a link to a closed vacancy", () => {
  it("is a link.target finding for the editor: the site leaves the link out", () => {
    const page = {
      id: 3,
      uuid: "page-1",
      name: "Werken bij",
      full_slug: "werken-bij",
      content: {
        _uid: "p",
        component: "Page",
        body: [
          {
            _uid: "b",
            component: "Button",
            link: { linktype: "story", fieldtype: "multilink", id: "vacancy-1", cached_url: "vacatures/designer" },
          },
        ],
      },
    };
    const links = [{ uuid: "vacancy-1", slug: "vacatures/designer", published: true, is_folder: false }];
    const check = (closed: ReadonlySet<string>) =>
      checkVersion("nl", page, { facts, links, now: CLOSES, closed })
        .filter((finding) => finding.rule === "link.target")
        .map(({ severity, field, message }) => ({ severity, field, message: message.en }));
    expect(check(new Set())).toEqual([]);
    expect(check(new Set(["vacancy-1"]))).toEqual([
      {
        severity: "error",
        field: "link",
        message: "Link to a closed vacancy (vacatures/designer): the site leaves the link out. Remove it or point it at another page.",
      },
    ]);
  });
});
