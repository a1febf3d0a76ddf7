import { describe, expect, it } from "vitest";
import snapshot from "../../../.generated/snapshot.js";
import { articleDate } from "../../../src/site/ui/article";
import { walkBloks } from "../../../src/shared/listings/listings";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const insight = (fields: Record<string, unknown> = {}) => ({
  _uid: "id-1",
  component: "InsightDetail",
  title: "Waarom onze websites vanaf de edge streamen",
  description: "SEO",
  intro: "Een bezoeker wil meteen iets zien.",
  category: "Techniek",
  authorName: "Mehmet Yılmaz",
  authorRole: "Backend developer (TypeScript)",
  publishedDate: "2026-01-27 09:00",
  readingTime: "7",
  heroImage: { filename: "https://a.storyblok.com/f/287341/1600x900/abc/edge.png", alt: "Wereldbol met servers" },
  body: [
    {
      _uid: "rt",
      component: "RichText",
      content: {
        type: "doc",
        content: [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Wat streaming oplevert" }] }],
      },
    },
    { _uid: "cb", component: "CodeBlock", language: "ts", code: "const a = 1;" },
  ],
  ...fields,
});

describe("InsightDetail", () => {
  it("renders one article with one h1, breadcrumb, author, date, reading time, hero and body blocks", async () => {
    const { html, logs } = await renderBlok(insight());
    expect(logs).toEqual([]);
    expect((await one(html, "article")).attrs["aria-labelledby"]).toBe("insight-id-1");
    expect(await one(html, "h1")).toMatchObject({ text: "Waarom onze websites vanaf de edge streamen", attrs: { id: "insight-id-1" } });
    expect((await query(html, 'nav[aria-label="Kruimelpad"] li')).map((li) => li.text)).toEqual(["Insights", "/", "Techniek"]);
    expect((await one(html, 'nav[aria-label="Kruimelpad"] a')).attrs.href).toBe("/insights");
    expect(await one(html, "header time")).toMatchObject({ text: "27 januari 2026", attrs: { datetime: "2026-01-27" } });
    const header = textOf((await renderBlok(insight({ body: [] }))).html);
    expect(header).toContain(
      "Een bezoeker wil meteen iets zien. MY Mehmet Yılmaz Backend developer (TypeScript) 27 januari 2026 · 7 min leestijd",
    );
    const hero = await one(html, "img");
    expect(hero.attrs).toMatchObject({ alt: "Wereldbol met servers", width: "1600", height: "900", loading: "eager" });
    expect(await one(html, "h2")).toMatchObject({ text: "Wat streaming oplevert" });
    expect((await one(html, "pre code")).attrs.class).toBe("language-ts");
    expect((await one(html, "footer a")).attrs.href).toBe("/insights");
  });

  it("shows the author's photo when there is one, initials otherwise", async () => {
    const withPhoto = await renderBlok(
      insight({ body: [], heroImage: null, authorImage: { filename: "/images/team/mehmet.svg", alt: "" } }),
    );
    expect((await one(withPhoto.html, "img")).attrs).toMatchObject({ src: "/images/team/mehmet.svg", alt: "", width: "48", height: "48" });
    const initials = await renderBlok(insight({ body: [], authorName: "Fatima El Amrani" }));
    expect((await one(initials.html, 'span[aria-hidden="true"].rounded-full')).text).toBe("FA");
  });

  it("never crashes on an empty article and renders no empty wrappers", async () => {
    const { html, logs } = await renderBlok({ _uid: "empty", component: "InsightDetail" });
    expect(logs).toEqual([]);
    expect(await one(html, "h1")).toMatchObject({ text: "Insight" });
    for (const selector of ["img", "time", "section", "header p"]) expect(await query(html, selector)).toEqual([]);
    expect((await query(html, 'nav[aria-label="Kruimelpad"] li')).map((li) => li.text)).toEqual(["Insights"]);
  });

  it("reads Storyblok dates in Dutch and rejects anything else", () => {
    expect(articleDate("2025-07-08 08:30")).toEqual({ iso: "2025-07-08", label: "8 juli 2025" });
    expect(articleDate("2025-12-31T23:00:00.000Z")).toEqual({ iso: "2025-12-31", label: "31 december 2025" });
    expect(articleDate("2025-13-01")).toBeNull();
    expect(articleDate("morgen")).toBeNull();
    expect(articleDate(20250708)).toBeNull();
  });
});

describe("demo insight 'streamen-vanaf-de-edge'", () => {
  const story = snapshot.stories.find((s) => s.full_slug === "insights/streamen-vanaf-de-edge");

  it("uses every rich text mark and many node types in one RichText, next to a CodeBlock", () => {
    expect(story?.content.component).toBe("InsightDetail");
    const bloks = [...walkBloks(story?.content)];
    expect(bloks.map((b) => b.component)).toEqual(["InsightDetail", "RichText", "ImageAsset", "CodeBlock", "Spacer"]);
    const doc = JSON.stringify(bloks.find((b) => b.component === "RichText"));
    for (const mark of [
      "bold",
      "italic",
      "strike",
      "underline",
      "code",
      "link",
      "anchor",
      "styled",
      "superscript",
      "subscript",
      "highlight",
      "textStyle",
    ]) {
      expect(doc, mark).toContain(`"type":"${mark}"`);
    }
    for (const node of [
      "heading",
      "bullet_list",
      "ordered_list",
      "blockquote",
      "code_block",
      "horizontal_rule",
      "hard_break",
      "table",
      "tableHeader",
      "emoji",
    ]) {
      expect(doc, node).toContain(`"type":"${node}"`);
    }
  });

  it("renders every mark and node as the right element, links by the link rules", async () => {
    const { html, logs } = await renderBlok(story!.content);
    expect(logs).toEqual([]);
    const prose = ".prose";
    for (const tag of [
      "strong",
      "em",
      "s",
      "u",
      "code",
      "sup",
      "sub",
      "h2",
      "h3",
      "h4",
      "ul",
      "ol",
      "blockquote",
      "pre",
      "hr",
      "br",
      "table",
      "thead",
      "tbody",
      "th",
      "td",
    ]) {
      expect((await query(html, `${prose} ${tag}`)).length, tag).toBeGreaterThan(0);
    }
    expect((await one(html, `${prose} pre code`)).attrs.class).toBe("language-bash");
    expect((await one(html, `${prose} mark`)).attrs.style).toBe("background-color:#FFE6E6");
    expect((await one(html, `${prose} span[style]`)).attrs.style).toBe("color:#B22F2F");
    expect(await one(html, `${prose} span#streaming`)).toMatchObject({ text: "Wat streaming oplevert" });
    expect((await one(html, `${prose} span.text-koraal-700`)).text).toBe("Tip:");
    expect(await one(html, `${prose} [data-type="emoji"]`)).toMatchObject({ text: "🚀", attrs: { role: "img", "aria-label": "rocket" } });
    const links = (await query(html, `${prose} a`)).map((a) => [a.attrs.href, a.attrs.target ?? "", a.attrs.rel ?? ""]);
    expect(links).toEqual([
      ["https://www.cloudflare.com/learning/serverless/glossary/what-is-edge-computing/", "_blank", "noopener noreferrer"],
      ["https://web.dev/articles/vitals", "_blank", "noopener noreferrer"],
      ["/cases/domstad-deelfietsen", "", ""],
      ["/diensten#web", "", ""],
      ["#streaming", "", ""],
      ["mailto:mehmet@koraal.nl", "", ""],
      ["tel:+31302345678", "", ""],
    ]);
    expect((await one(html, "figure pre")).attrs).toMatchObject({ tabindex: "0", "aria-label": "Codevoorbeeld in TSX (src/worker.tsx)" });
    expect((await one(html, "figure img")).attrs.src).toMatch(
      /^\/_storyblok\/f\/287341\/1600x1200\/[0-9a-f]{10}\/streaming-schema\.jpg\/m\/320x0\/filters:format\(webp\)$/,
    );
    expect(await query(html, "h1")).toHaveLength(1);
  });
});
