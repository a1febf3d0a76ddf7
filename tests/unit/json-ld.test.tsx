import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { jsonLdText } from "../../src/site/structured-data/serialise";
import { pageGraph } from "../../src/site/structured-data/graph";
import type { Story } from "../../src/shared/content";
import { storyOf } from "../helpers/story-fixture";

// No content can end the JSON-LD script element: whatever an editor types (or a hostile string
// carries), the serialised graph holds no `<`, `>`, `&`, U+2028 or U+2029, parses back to the same
// graph, and inside a rendered script element the first `</script>` is the element's own end.

/** Strings built from what ends or confuses a script element, mixed with any text. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "</script>",
        "</SCRIPT >",
        "<!--",
        "-->",
        "<script>",
        "]]>",
        "&lt;",
        "&",
        "<",
        ">",
        "\u2028",
        "\u2029",
        '"',
        "\\",
        "\u0000",
        "💥",
      ),
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: "binary" }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));

const SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/i;

function story(title: string, intro: string): Story {
  const content = { _uid: "c", component: "InsightDetail", title, intro, authorName: title, category: intro };
  return storyOf("insights/x", content, {
    id: 1,
    uuid: "u-1",
    name: title,
    created_at: "2026-01-01T00:00:00.000Z",
    published_at: "2026-01-02T00:00:00.000Z",
    first_published_at: "2026-01-01T00:00:00.000Z",
    default_full_slug: "insights/x",
  }) as Story;
}

describe("jsonLdText", () => {
  it("writes no character that can end the element and parses back to the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), hostile, (value, text) => {
        const graph = { value, text, nested: [{ text }] };
        const written = jsonLdText(graph);
        expect(written).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(graph)));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a page's graph of hostile content inside its rendered script element", () => {
    fc.assert(
      fc.property(hostile, hostile, (title, intro) => {
        const graph = pageGraph({
          origin: "https://www.koraal.nl",
          lang: "nl",
          canonical: "https://www.koraal.nl/insights/x",
          title,
          description: intro,
          story: story(title, intro),
          ancestors: [{ name: intro, path: "/insights" }],
          siteName: "Koraal",
        });
        // biome-ignore lint/security/noDangerouslySetInnerHtml: what document.tsx renders
        const html = renderToString(<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(graph) }} />);
        const inside = SCRIPT.exec(`${html}<p>after</p>`)?.[1];
        expect(inside).toBeDefined();
        expect(JSON.parse(inside as string)).toEqual(JSON.parse(JSON.stringify(graph)));
        expect(html.endsWith("</script>")).toBe(true);
        expect(html.match(/<\/script/gi)).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });

  it("escapes the exact characters, as JSON escapes", () => {
    expect(jsonLdText({ t: "</script><!--&\u2028\u2029" })).toBe('{"t":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
  });
});
