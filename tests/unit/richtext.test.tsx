/**
 * Rich text renderer, checked two ways inside workerd:
 * 1. against Storyblok's own HTML resolver (`renderRichText` of @storyblok/richtext 5.x, whose
 *    main entry is dependency-free and runs in workerd) on every document of the corpus:
 *    same elements in the same order, same text, and the same values for the attributes both
 *    sides are meant to agree on;
 * 2. exact assertions on the outputs the spec fixes (colours, link rules, headings, code class,
 *    table spans, emoji, images, empty documents, robustness).
 *
 * Intentional differences from the oracle (ignored by the comparison, each asserted exactly below):
 * - Links follow src/shared/links/links.ts: `www…` gets `https://`, relative paths get a leading `/`,
 *   `/home` is `/`, trailing slashes go; the oracle's href is passed through `resolveHref`
 *   before comparing. External (and editor "new tab") links get `target="_blank"` and
 *   `rel="noopener noreferrer"`; the oracle passes `target` through and adds no rel. Only
 *   `title`/`rel` of a link's custom attributes are kept (the oracle spreads any key).
 *   A link that resolves to nothing (story link without href) renders its text without `<a>`.
 * - Lists carry UnoCSS classes (`list-disc pl-6`, `list-decimal pl-6`).
 * - Images: `loading="lazy" decoding="async"`, intrinsic width/height from the Storyblok asset
 *   URL, a `max-w-full h-auto` class, `alt` always present; no `id` attribute (the oracle writes
 *   the asset id as the element id, which can collide in a page).
 * - Emoji: `data-type="emoji"`, `role="img"` and `aria-label` (the name) for screen readers, no
 *   `data-emoji` duplicate; a fallback image only when there is no emoji character.
 * - Code blocks: `dir` goes on `<pre>` (the oracle puts it on `<code>`).
 * - Table cells: a spanning cell's width is the sum of its `colwidth` entries (the oracle uses the
 *   first column only).
 * - `blok` nodes render through `renderBlok` (the oracle needs a custom renderer; the test gives
 *   it one producing the same markup).
 * - A `textStyle` mark with no colour, id or class adds no `<span>`.
 * - Colours that are not colour-like (`red;background:url(…)`) are dropped.
 * - A document with no visible content (e.g. the editor's empty `doc > paragraph`) renders
 *   nothing instead of `<p></p>`, and `RichText` then renders no wrapper.
 */
import { renderRichText as oracleRender } from "@storyblok/richtext";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoredBlok } from "../helpers/stored";
import { RichText, renderRichText } from "../../src/site/richtext/render";
import type { RichTextDoc, RichTextMark, RichTextNode } from "../../src/site/richtext/types";
import { resolveHref } from "../../src/shared/links/links";
import { corpus } from "../fixtures/richtext-corpus";

// ---------------------------------------------------------------------------------------------
// Test helpers: render both sides and reduce HTML to comparable tokens.

const renderBlok = (blok: StoredBlok) => <div data-blok={blok.component}>{String(blok.title ?? "")}</div>;

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function ours(doc: RichTextDoc | null | undefined): string {
  return renderToStaticMarkup(renderRichText(doc, { renderBlok }));
}

function oracle(doc: RichTextDoc): string {
  return oracleRender(doc as never, {
    renderers: {
      blok: (props) =>
        (props.attrs.body ?? [])
          .map((blok) => `<div data-blok="${escapeHtml(String(blok.component))}">${escapeHtml(String(blok.title ?? ""))}</div>`)
          .join(""),
    },
  });
}

type Token =
  | { kind: "open"; name: string; attrs: Record<string, string> }
  | { kind: "close"; name: string }
  | { kind: "text"; text: string };

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|[^<]+/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A tiny tokenizer for the well-formed HTML both renderers emit. */
function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const [whole, closeName, openName, rawAttrs] = match;
    if (whole.startsWith("<!--")) continue;
    if (closeName) {
      if (!VOID.has(closeName.toLowerCase())) tokens.push({ kind: "close", name: closeName.toLowerCase() });
    } else if (openName) {
      const attrs: Record<string, string> = {};
      for (const [, name, dq, sq, bare] of (rawAttrs ?? "").matchAll(ATTR)) {
        if (name) attrs[name.toLowerCase()] = decode(dq ?? sq ?? bare ?? "");
      }
      tokens.push({ kind: "open", name: openName.toLowerCase(), attrs });
    } else {
      const text = decode(whole).replace(/\s+/g, " ");
      const last = tokens[tokens.length - 1];
      if (last?.kind === "text") last.text += text;
      else tokens.push({ kind: "text", text });
    }
  }
  return tokens
    .map((token) => (token.kind === "text" ? { ...token, text: token.text.trim() } : token))
    .filter((token) => token.kind !== "text" || token.text !== "");
}

/** Element names and text, in document order. */
function structure(html: string): string[] {
  return tokenize(html).map((token) =>
    token.kind === "open" ? `<${token.name}>` : token.kind === "close" ? `</${token.name}>` : `"${token.text}"`,
  );
}

/** Style declarations both sides agree on, as a sorted `prop:value` list. */
const COMPARED_STYLE = new Set(["color", "background-color", "text-align"]);
function styleOf(style: string | undefined): string | undefined {
  if (!style) return undefined;
  const declarations = style
    .split(";")
    .map((declaration) => declaration.split(":").map((part) => part.trim()))
    .filter(([prop, value]) => prop && value && COMPARED_STYLE.has(prop.toLowerCase()))
    .map(([prop, value]) => `${prop!.toLowerCase()}:${value!.replace(/\s+/g, "")}`)
    .sort();
  return declarations.length ? declarations.join(";") : undefined;
}

/** Attributes compared per element; everything else is an intentional difference (see top). */
const COMPARED_ATTRS: Record<string, string[]> = {
  a: ["href"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  ol: ["start"],
  code: ["class"],
  span: ["id", "class", "data-name"],
  img: ["src", "alt", "title"],
  div: ["data-blok"],
};

function attributes(html: string, side: "ours" | "oracle"): string[] {
  return tokenize(html).flatMap((token) => {
    if (token.kind !== "open") return [];
    const picked: string[] = [];
    for (const name of COMPARED_ATTRS[token.name] ?? []) {
      let value = token.attrs[name];
      if (value === undefined) continue;
      if (token.name === "a" && name === "href" && side === "oracle") value = resolveHref(value)?.href ?? value;
      // ours resizes a Storyblok photo through the image service (srcset): the same asset
      if (token.name === "img" && name === "src" && side === "ours") value = value.replace(/\/m\/.*$/, "");
      picked.push(`${name}=${value}`);
    }
    const style = styleOf(token.attrs.style);
    if (style) picked.push(`style=${style}`);
    return [`${token.name}[${picked.join(" ")}]`];
  });
}

// ---------------------------------------------------------------------------------------------

describe("rich text: same text and structure as Storyblok's resolver", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it("tokenizer sanity: ignores attribute order, quotes, whitespace and self-closing syntax", () => {
    expect(structure(`<p class="a" id='b'>x  <br/> y<img src=x></p>`)).toEqual(
      structure(`<p id="b" class="a">x<br> y <img src="x" /></p>`),
    );
    expect(attributes(`<td rowspan="2" colspan="3">`, "ours")).toEqual(attributes(`<td colspan=3 rowspan='2'>`, "ours"));
    // ...but does see a missing element, moved text or a different value.
    expect(structure("<p><b>x</b></p>")).not.toEqual(structure("<p>x</p>"));
    expect(structure("<p>x<em></em></p>")).not.toEqual(structure("<p><em>x</em></p>"));
    expect(attributes(`<a href="/a">`, "ours")).not.toEqual(attributes(`<a href="/b">`, "oracle"));
    expect(attributes(`<span style="color:red">`, "ours")).toEqual(attributes(`<span style="color: red;">`, "oracle"));
  });

  for (const entry of corpus) {
    it(entry.name, () => {
      const mine = ours(entry.doc);
      const theirs = oracle(entry.doc);
      expect(mine).not.toBe("");
      expect(structure(mine)).toEqual(structure(theirs));
      expect(attributes(mine, "ours")).toEqual(attributes(theirs, "oracle"));
    });
  }

  it("the corpus covers every node and mark type of the Storyblok schema", () => {
    const nodes = new Set<string>();
    const marks = new Set<string>();
    const walk = (list: RichTextNode[] | undefined) => {
      for (const node of list ?? []) {
        nodes.add(node.type);
        for (const mark of ("marks" in node ? node.marks : undefined) ?? []) marks.add(mark.type);
        walk("content" in node ? node.content : undefined);
      }
    };
    for (const entry of corpus) walk(entry.doc.content);
    const allNodes: RichTextNode["type"][] = [
      "text",
      "paragraph",
      "heading",
      "blockquote",
      "bullet_list",
      "ordered_list",
      "list_item",
      "code_block",
      "hard_break",
      "horizontal_rule",
      "image",
      "emoji",
      "table",
      "tableRow",
      "tableCell",
      "tableHeader",
      "blok",
    ];
    const allMarks: RichTextMark["type"][] = [
      "link",
      "bold",
      "italic",
      "strike",
      "underline",
      "code",
      "superscript",
      "subscript",
      "highlight",
      "textStyle",
      "anchor",
      "styled",
    ];
    expect(allNodes.filter((type) => !nodes.has(type))).toEqual([]);
    expect(allMarks.filter((type) => !marks.has(type))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const doc = (...content: RichTextNode[]): RichTextDoc => ({ type: "doc", content });
const p = (...content: RichTextNode[]): RichTextNode => ({ type: "paragraph", content });
const text = (value: string, ...marks: RichTextMark[]): RichTextNode => ({ type: "text", text: value, marks });
type LinkAttrs = NonNullable<Extract<RichTextMark, { type: "link" }>["attrs"]>;
const linked = (attrs: LinkAttrs, label = "x") =>
  ours(doc(p(text(label, { type: "link", attrs: { uuid: null, anchor: null, target: null, ...attrs } }))));

describe("rich text: exact output", () => {
  it("renders colour marks as inline colour styles", () => {
    expect(ours(doc(p(text("a", { type: "textStyle", attrs: { color: "#FF7979" } }))))).toBe('<p><span style="color:#FF7979">a</span></p>');
    expect(ours(doc(p(text("a", { type: "highlight", attrs: { color: "rgb(255, 255, 0)" } }))))).toBe(
      '<p><mark style="background-color:rgb(255, 255, 0)">a</mark></p>',
    );
    expect(ours(doc(p(text("a", { type: "highlight", attrs: { color: null } }))))).toBe("<p><mark>a</mark></p>");
    expect(ours(doc(p(text("a", { type: "textStyle", attrs: { color: null } }))))).toBe("<p>a</p>");
    expect(ours(doc(p(text("a", { type: "textStyle", attrs: { color: "red", id: "i", class: "c" } }))))).toBe(
      '<p><span style="color:red" id="i" class="c">a</span></p>',
    );
  });

  it("drops colour values that could break out of the declaration", () => {
    expect(ours(doc(p(text("a", { type: "textStyle", attrs: { color: "red;background:url(https://x.test/t.gif)" } }))))).toBe("<p>a</p>");
    expect(ours(doc(p(text("a", { type: "highlight", attrs: { color: "url(x)" } }))))).toBe("<p><mark>a</mark></p>");
  });

  it("wraps marks in document order (last mark outermost) with the link outside", () => {
    expect(ours(doc(p(text("a", { type: "bold" }, { type: "italic" }))))).toBe("<p><em><strong>a</strong></em></p>");
    expect(ours(doc(p(text("a", { type: "bold" }, { type: "link", attrs: { href: "/x", linktype: "url" } }, { type: "code" }))))).toBe(
      '<p><a href="/x"><code><strong>a</strong></code></a></p>',
    );
    expect(ours(doc(p(text("a", { type: "strike" }, { type: "underline" }, { type: "superscript" }, { type: "subscript" }))))).toBe(
      "<p><sub><sup><u><s>a</s></u></sup></sub></p>",
    );
    expect(ours(doc(p(text("a", { type: "anchor", attrs: { id: "top" } }, { type: "styled", attrs: { class: "lead" } }))))).toBe(
      '<p><span class="lead"><span id="top">a</span></span></p>',
    );
  });

  describe("links follow the shared link rules", () => {
    it("http(s) and www are external: new tab with a safe rel", () => {
      expect(linked({ href: "https://example.com/a", linktype: "url" })).toBe(
        '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">x</a></p>',
      );
      expect(linked({ href: "http://example.com", linktype: "url" })).toBe(
        '<p><a href="http://example.com" target="_blank" rel="noopener noreferrer">x</a></p>',
      );
      expect(linked({ href: "www.example.com", linktype: "url" })).toBe(
        '<p><a href="https://www.example.com" target="_blank" rel="noopener noreferrer">x</a></p>',
      );
      expect(linked({ href: "https://a.storyblok.com/f/1/x.pdf", linktype: "asset" })).toBe(
        '<p><a href="https://a.storyblok.com/f/1/x.pdf" target="_blank" rel="noopener noreferrer">x</a></p>',
      );
    });

    it("tel: and mailto: are kept as they are", () => {
      expect(linked({ href: "tel:+31201234567", linktype: "url" })).toBe('<p><a href="tel:+31201234567">x</a></p>');
      expect(linked({ href: "mailto:info@example.com", linktype: "url" })).toBe('<p><a href="mailto:info@example.com">x</a></p>');
    });

    it("email links become mailto:", () => {
      expect(linked({ href: "hallo@example.com", linktype: "email" })).toBe('<p><a href="mailto:hallo@example.com">x</a></p>');
      expect(linked({ href: "mailto:hallo@example.com", linktype: "email" })).toBe('<p><a href="mailto:hallo@example.com">x</a></p>');
    });

    it("relative paths get a leading slash; / and # are kept", () => {
      expect(linked({ href: "over-ons", linktype: "url" })).toBe('<p><a href="/over-ons">x</a></p>');
      expect(linked({ href: "/contact", linktype: "url" })).toBe('<p><a href="/contact">x</a></p>');
      expect(linked({ href: "#team", linktype: "url" })).toBe('<p><a href="#team">x</a></p>');
    });

    it("story links use their href plus #anchor", () => {
      expect(linked({ href: "/cases/app", linktype: "story", uuid: "u" })).toBe('<p><a href="/cases/app">x</a></p>');
      expect(linked({ href: "cases/app/", linktype: "story", anchor: "resultaat" })).toBe('<p><a href="/cases/app#resultaat">x</a></p>');
      expect(linked({ href: "home", linktype: "story" })).toBe('<p><a href="/">x</a></p>');
      expect(linked({ href: "", linktype: "story", anchor: "boven" })).toBe('<p><a href="#boven">x</a></p>');
    });

    it("an unresolved link (no href) keeps its text without an anchor element", () => {
      expect(linked({ href: null, linktype: "story", uuid: "u-1" })).toBe("<p>x</p>");
    });

    it("an editor's new-tab choice on an internal link gets the safe rel; custom rel and title are kept", () => {
      expect(linked({ href: "/vacatures", linktype: "url", target: "_blank" })).toBe(
        '<p><a href="/vacatures" target="_blank" rel="noopener noreferrer">x</a></p>',
      );
      expect(linked({ href: "/vacatures", linktype: "url", target: "_self" })).toBe('<p><a href="/vacatures">x</a></p>');
      expect(
        linked({ href: "https://example.com", linktype: "url", custom: { rel: "nofollow", title: "Voorbeeld", onclick: "x()" } }),
      ).toBe('<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow" title="Voorbeeld">x</a></p>');
    });

    it("script URLs never become a live href", () => {
      const html = linked({ href: "javascript:alert(1)", linktype: "url" });
      expect(html).not.toMatch(/href="javascript:/i);
    });

    it("adjacent text nodes with the same link share one <a>", () => {
      const mark: RichTextMark = { type: "link", attrs: { href: "/insights", linktype: "story", uuid: "u", anchor: null, target: null } };
      expect(
        ours(doc(p(text("Lees "), text("de ", mark), text("nieuwste", mark, { type: "bold" }), text(" inzichten", mark), text(".")))),
      ).toBe('<p>Lees <a href="/insights">de <strong>nieuwste</strong> inzichten</a>.</p>');
    });
  });

  it("keeps heading levels, clamping odd values", () => {
    const heading = (level: unknown) => ours(doc({ type: "heading", attrs: { level: level as 1 }, content: [text("K")] }));
    expect([1, 2, 3, 4, 5, 6].map(heading)).toEqual(["<h1>K</h1>", "<h2>K</h2>", "<h3>K</h3>", "<h4>K</h4>", "<h5>K</h5>", "<h6>K</h6>"]);
    expect(heading(null)).toBe("<h1>K</h1>");
    expect(heading(9)).toBe("<h6>K</h6>");
    expect(ours(doc({ type: "heading", attrs: { level: 2, textAlign: "right" }, content: [text("K")] }))).toBe(
      '<h2 style="text-align:right">K</h2>',
    );
  });

  it("renders code blocks as <pre><code class=language-x>", () => {
    expect(ours(doc({ type: "code_block", attrs: { class: "language-ts" }, content: [text("let a = 1;\nlet b = 2;")] }))).toBe(
      '<pre><code class="language-ts">let a = 1;\nlet b = 2;</code></pre>',
    );
    expect(ours(doc({ type: "code_block", attrs: { language: "js" }, content: [text("x")] }))).toBe(
      '<pre><code class="language-js">x</code></pre>',
    );
    expect(ours(doc({ type: "code_block", attrs: { class: null }, content: [text("x")] }))).toBe("<pre><code>x</code></pre>");
  });

  it("renders lists with their start number and list classes", () => {
    const item = (label: string): RichTextNode => ({ type: "list_item", content: [p(text(label))] });
    expect(ours(doc({ type: "bullet_list", content: [item("a"), item("b")] }))).toBe(
      '<ul class="list-disc pl-6"><li><p>a</p></li><li><p>b</p></li></ul>',
    );
    expect(ours(doc({ type: "ordered_list", attrs: { order: 1 }, content: [item("a")] }))).toBe(
      '<ol class="list-decimal pl-6"><li><p>a</p></li></ol>',
    );
    expect(ours(doc({ type: "ordered_list", attrs: { order: 4 }, content: [item("a")] }))).toBe(
      '<ol class="list-decimal pl-6" start="4"><li><p>a</p></li></ol>',
    );
  });

  it("renders tables with head, body and cell spans", () => {
    const cell = (type: "tableCell" | "tableHeader", label: string, attrs: Record<string, unknown> = {}): RichTextNode =>
      ({ type, attrs: { colspan: 1, rowspan: 1, colwidth: null, ...attrs }, content: [p(text(label))] }) as RichTextNode;
    const html = ours(
      doc({
        type: "table",
        content: [
          { type: "tableRow", content: [cell("tableHeader", "H1"), cell("tableHeader", "H2", { colspan: 2, colwidth: [100, 50] })] },
          {
            type: "tableRow",
            content: [cell("tableHeader", "R", { rowspan: 2 }), cell("tableCell", "a", { colspan: 2, backgroundColor: "#eee" })],
          },
          { type: "tableRow", content: [cell("tableCell", "b"), cell("tableCell", "c")] },
        ],
      }),
    );
    expect(html).toBe(
      "<table>" +
        '<thead><tr><th><p>H1</p></th><th colSpan="2" style="width:150px"><p>H2</p></th></tr></thead>' +
        "<tbody>" +
        '<tr><th rowSpan="2"><p>R</p></th><td colSpan="2" style="background-color:#eee"><p>a</p></td></tr>' +
        "<tr><td><p>b</p></td><td><p>c</p></td></tr>" +
        "</tbody></table>",
    );
    expect(ours(doc({ type: "table", content: [{ type: "tableRow", content: [cell("tableCell", "a")] }] }))).toBe(
      "<table><tbody><tr><td><p>a</p></td></tr></tbody></table>",
    );
  });

  it("renders emoji as the character with an accessible name, or the fallback image", () => {
    expect(ours(doc(p({ type: "emoji", attrs: { name: "smile", emoji: "😄", fallbackImage: "https://x.test/smile.png" } })))).toBe(
      '<p><span data-type="emoji" data-name="smile" role="img" aria-label="smile">😄</span></p>',
    );
    expect(ours(doc(p({ type: "emoji", attrs: { name: "party_parrot", emoji: "", fallbackImage: "https://x.test/parrot.gif" } })))).toBe(
      '<p><span data-type="emoji" data-name="party_parrot"><img src="https://x.test/parrot.gif" alt=":party_parrot:" loading="lazy" class="inline h-[1em] w-[1em]"/></span></p>',
    );
  });

  it("renders hard breaks and rules", () => {
    expect(ours(doc(p(text("a"), { type: "hard_break" }, text("b")), { type: "horizontal_rule" }))).toBe("<p>a<br/>b</p><hr/>");
  });

  it("renders images lazily with alt text, the asset's intrinsic size and a srcset for the prose column", () => {
    const k = (w: number) => `https://a.storyblok.com/f/123/800x600/abc/k.jpg/m/${w}x0/filters:format(webp)`;
    expect(
      ours(doc(p({ type: "image", attrs: { id: 1, src: "https://a.storyblok.com/f/123/800x600/abc/k.jpg", alt: "Kantoor", title: "T" } }))),
    ).toBe(
      `<p><img src="${k(480)}" srcSet="${k(480)} 480w, ${k(640)} 640w, ${k(800)} 800w" sizes="(min-width: 1024px) 768px, (min-width: 768px) 704px, (min-width: 640px) 576px, 335px" alt="Kantoor" title="T" width="800" height="600" loading="lazy" decoding="async" class="max-w-full h-auto"/></p>`,
    );
    expect(ours(doc(p({ type: "image", attrs: { src: "/img/x.png", alt: null, meta_data: { alt: "Uit metadata" } } })))).toBe(
      '<p><img src="/img/x.png" alt="Uit metadata" loading="lazy" decoding="async" class="max-w-full h-auto"/></p>',
    );
    expect(ours(doc(p({ type: "image", attrs: { src: "/img/x.png" } })))).toContain('alt=""');
    expect(ours(doc(p(text("a"), { type: "image", attrs: { src: null, alt: "x" } })))).toBe("<p>a</p>");
  });

  it("renders embedded blocks through renderBlok, in order, and nothing without it", () => {
    const blok: RichTextNode = {
      type: "blok",
      attrs: {
        id: "x",
        body: [{ _uid: "1", component: "Cta", title: "Bel ons" } as StoredBlok, { _uid: "2", component: "Spacer" }],
      },
    };
    const seen: string[] = [];
    const html = renderToStaticMarkup(
      renderRichText(doc(blok), {
        renderBlok: (b) => {
          seen.push(b._uid);
          return <aside>{b.component}</aside>;
        },
      }),
    );
    expect(html).toBe("<aside>Cta</aside><aside>Spacer</aside>");
    expect(seen).toEqual(["1", "2"]);
    expect(renderToStaticMarkup(renderRichText(doc(p(text("a")), blok)))).toBe("<p>a</p>");
  });

  it("escapes text: content is never injected as HTML", () => {
    expect(ours(doc(p(text(`<img src=x onerror="alert(1)"> & ok`))))).toBe(
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; ok</p>",
    );
  });

  it("renders the children of unknown nodes and nothing for unknown leaves and marks", () => {
    const unknown = doc(
      { type: "details", content: [p(text("binnen"))] } as unknown as RichTextNode,
      p(text("a", { type: "sparkle" } as unknown as RichTextMark), { type: "mention", attrs: { id: "u" } } as unknown as RichTextNode),
    );
    expect(ours(unknown)).toBe("<p>binnen</p><p>a</p>");
  });

  it("never throws on malformed documents", () => {
    const broken = {
      type: "doc",
      content: [
        null,
        { type: "paragraph", content: [{ type: "text" }, { type: "text", text: "ok", marks: [null, { type: "link" }] }, 42] },
        { type: "table", content: [null, { type: "tableRow" }] },
        { type: "ordered_list", attrs: null, content: "nope" },
        { type: "blok", attrs: { body: "nope" } },
        { content: [] },
      ],
    } as unknown as RichTextDoc;
    expect(() => ours(broken)).not.toThrow();
    expect(ours(broken)).toContain("<p>ok</p>");
  });

  describe("empty documents", () => {
    it("render nothing", () => {
      expect(renderRichText(null)).toBeNull();
      expect(renderRichText(undefined)).toBeNull();
      expect(renderRichText({ type: "doc", content: [] })).toBeNull();
      expect(renderRichText({ type: "doc", content: [{ type: "paragraph" }] })).toBeNull();
      expect(renderRichText(doc(p(text("  ")), p({ type: "hard_break" })))).toBeNull();
      expect(renderRichText({ type: "doc" } as unknown as RichTextDoc)).toBeNull();
    });

    it("RichText renders no wrapper for them", () => {
      expect(renderToStaticMarkup(<RichText doc={null} className="prose" />)).toBe("");
      expect(renderToStaticMarkup(<RichText doc={{ type: "doc", content: [{ type: "paragraph" }] }} className="prose" />)).toBe("");
    });

    it("a document with only an image, a rule or a block is not empty", () => {
      expect(renderRichText(doc({ type: "horizontal_rule" }))).not.toBeNull();
      expect(renderRichText(doc(p({ type: "image", attrs: { src: "/x.png" } })))).not.toBeNull();
    });
  });

  it("RichText wraps the content in a div carrying className", () => {
    expect(renderToStaticMarkup(<RichText doc={doc(p(text("Hallo")))} className="prose text-lg" />)).toBe(
      '<div class="prose text-lg"><p>Hallo</p></div>',
    );
    expect(renderToStaticMarkup(<RichText doc={doc(p(text("Hallo")))} />)).toBe("<div><p>Hallo</p></div>");
  });

  it("gives every sibling a stable key and triggers no React warnings", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const entry of corpus) ours(entry.doc);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
    const keys = (node: ReactNode) => (node as ReactNode[]).map((child) => (isValidElement(child) ? (child as ReactElement).key : child));
    const sample = doc(p(text("a")), { type: "horizontal_rule" }, p(text("b", { type: "bold" })));
    expect(keys(renderRichText(sample))).toEqual(["paragraph-0", "horizontal_rule-1", "paragraph-2"]);
    expect(keys(renderRichText(sample))).toEqual(keys(renderRichText(structuredClone(sample))));
  });
});
