import { describe, expect, it } from "vitest";
import { listingQuery } from "../../../src/shared/listings/listing-queries";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { listingOf, storyOf } from "../../helpers/story-fixture";

const insightStory = (slug: string, fields: Record<string, unknown> = {}, overrides = {}) =>
  storyOf(
    `insights/${slug}`,
    {
      _uid: `in-${slug}`,
      component: "InsightDetail",
      title: `Artikel ${slug}`,
      description: `SEO-tekst ${slug}.`,
      intro: `Intro van ${slug}.`,
      category: "Techniek",
      authorName: "Mehmet Yılmaz",
      publishedDate: "2026-01-27 09:00",
      heroImage: { filename: `/images/insights/${slug}.svg`, alt: `Illustratie bij ${slug}` },
      ...fields,
    },
    overrides,
  );

const insights = (fields: Record<string, unknown> = {}) => ({ _uid: "ins-1", component: "Insights", ...fields });

describe("Insights", () => {
  it("declares its listing: InsightDetail stories under insights/, newest first, 25 per page or the limit", () => {
    expect(listingQuery(insights())).toEqual({
      starts_with: "insights/",
      is_startpage: false,
      content_type: "InsightDetail",
      sort_by: "first_published_at:desc",
      per_page: 25,
      excluding_fields: "body",
    });
    expect(listingQuery(insights({ limit: "2" }))?.per_page).toBe(2);
  });

  it("renders one card per article: image, category, date, linked h3, intro, author", async () => {
    const stories = [
      insightStory("edge"),
      insightStory(
        "eaa",
        { intro: "", category: "", authorName: "", publishedDate: "", heroImage: null },
        { first_published_at: "2025-07-08T08:30:00.000Z" },
      ),
    ];
    const { html, logs } = await renderBlok(insights({ title: "Insights" }), { listings: { "ins-1": listingOf(stories) } });
    expect(logs).toEqual([]);
    expect(await one(html, "h2")).toMatchObject({ text: "Insights", attrs: { id: "insights-ins-1" } });
    expect((await query(html, "article h3")).map((h) => h.text)).toEqual(["Artikel edge", "Artikel eaa"]);
    expect((await query(html, "article h3 a")).map((a) => a.attrs.href)).toEqual(["/insights/edge", "/insights/eaa"]);
    const images = await query(html, "article img");
    expect(images.map((img) => [img.attrs.src, img.attrs.alt, img.attrs.loading])).toEqual([
      ["/images/insights/edge.svg", "Illustratie bij edge", "lazy"],
    ]);
    // the date falls back to the story's first publication; the teaser to the description
    expect((await query(html, "article time")).map((t) => [t.attrs.datetime, t.text])).toEqual([
      ["2026-01-27", "27 januari 2026"],
      ["2025-07-08", "8 juli 2025"],
    ]);
    const text = textOf(html);
    expect(text).toContain("Techniek 27 januari 2026 Artikel edge Intro van edge. Door Mehmet Yılmaz");
    expect(text).toContain("8 juli 2025 Artikel eaa SEO-tekst eaa.");
    expect(text).not.toContain("Door  ");
  });

  it("pages with ?pagina=N and shows the link to all insights", async () => {
    const blok = insights({ link: { id: "u", url: "", linktype: "story", fieldtype: "multilink", cached_url: "insights" } });
    const { html } = await renderBlok(blok, {
      path: "/insights",
      listings: { "ins-1": listingOf([insightStory("a")], { total: 3, perPage: 1, page: 1 }) },
    });
    expect((await one(html, "nav")).attrs["aria-label"]).toBe("Paginering insights");
    expect(await query(html, "h3")).toEqual([]);
    expect((await one(html, "article h2")).text).toBe("Artikel a");
    expect((await query(html, "nav a")).map((a) => [a.attrs.href, a.text])).toEqual([
      ["/insights?pagina=2", "2"],
      ["/insights?pagina=3", "3"],
      ["/insights?pagina=2", "Volgende →"],
    ]);
    expect(await one(html, "section > div > p > a")).toMatchObject({ text: "Bekijk alle insights →", attrs: { href: "/insights" } });
  });

  it("shows a friendly empty state without a list", async () => {
    const { html, logs } = await renderBlok(insights());
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-label"]).toBe("Insights");
    expect(await query(html, "ul")).toEqual([]);
    expect(textOf(html)).toBe(
      "Ons team schrijft aan nieuwe artikelen. Kom binnenkort terug voor verse inzichten over apps, web en productstrategie.",
    );
  });
});
