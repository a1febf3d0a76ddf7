/**
 * Storyblok rich text -> React elements. Content is never injected as HTML: every node becomes
 * an element React escapes itself. The output follows Storyblok's own HTML resolver
 * (@storyblok/richtext) element for element, except where the spec or the page needs otherwise
 * (links follow src/shared/links/links.ts; see tests/unit/richtext.test.tsx for the full list).
 */
import { Fragment, type CSSProperties, type ReactNode } from "react";
import type { Blok } from "../../shared/content";
import { EXTERNAL_REL, resolveLink, type LinkLike } from "../../shared/links/links";
import { RICH_TEXT_IMAGE_SIZES, assetDimensions, imageSources } from "../ui/image-url";
import type { EmojiNode, ImageNode, LinkMark, RichTextDoc, RichTextMark, RichTextNode, TableCellAttrs, TextNode } from "./types";

export interface RenderRichTextOptions {
  /** Renders a block embedded in the text (`blok` node); without it embedded blocks are left out. */
  renderBlok?: (blok: Blok) => ReactNode;
}

export interface RichTextProps extends RenderRichTextOptions {
  doc: RichTextDoc | null | undefined;
  /** Classes of the wrapping `<div>`: the prose styling lives there. */
  className?: string;
}

/** The rendered document in a `<div>`, or nothing when the document has no visible content. */
export function RichText({ doc, renderBlok, className }: RichTextProps) {
  const content = renderRichText(doc, { renderBlok });
  return content === null ? null : <div className={className}>{content}</div>;
}

/** Pure: the document's nodes as keyed React elements, or null for an empty document. */
export function renderRichText(doc: RichTextDoc | null | undefined, options: RenderRichTextOptions = {}): ReactNode {
  const nodes = doc?.content;
  if (!Array.isArray(nodes) || !nodes.some(hasVisibleContent)) return null;
  return renderChildren(nodes, options);
}

/** An editor's empty field is `doc > paragraph` with no text: render nothing rather than `<p></p>`. */
function hasVisibleContent(node: RichTextNode): boolean {
  if (!isNode(node)) return false;
  switch (node.type) {
    case "text":
      return typeof node.text === "string" && node.text.trim() !== "";
    case "hard_break":
      return false;
    case "image":
    case "emoji":
    case "blok":
    case "horizontal_rule":
      return true;
    default:
      return Array.isArray(node.content) && node.content.some(hasVisibleContent);
  }
}

/**
 * Adjacent text nodes carrying the same link become one `<a>` (as Storyblok's resolver does), so
 * "read <b>the</b> docs" with one link is one link, not three.
 */
function renderChildren(nodes: readonly RichTextNode[] | undefined, options: RenderRichTextOptions): ReactNode[] {
  if (!Array.isArray(nodes)) return [];
  const out: ReactNode[] = [];
  for (let i = 0; i < nodes.length; ) {
    const node = nodes[i];
    const link = linkMarkOf(node);
    if (!link) {
      if (isNode(node)) out.push(renderNode(node, `${node.type}-${i}`, options));
      i += 1;
      continue;
    }
    const group: ReactNode[] = [];
    let end = i;
    for (; end < nodes.length; end += 1) {
      const next = nodes[end];
      const nextLink = linkMarkOf(next);
      if (end > i && (!nextLink || !sameAttrs(nextLink.attrs, link.attrs))) break;
      group.push(renderText(next as TextNode, `t-${end}`));
    }
    out.push(renderLink(link, group, `link-${i}`));
    i = end;
  }
  return out;
}

/**
 * One case per node type, every member of RichTextNode, plus `default` for types a newer editor
 * may send. Longer than the site's 60-line limit on purpose: an exhaustive switch, listed as such in
 * tests/node/function-length.test.ts, so the element each node becomes can be read side by side.
 */
function renderNode(node: RichTextNode, key: string, options: RenderRichTextOptions): ReactNode {
  switch (node.type) {
    case "text":
      return renderText(node, key);
    case "paragraph":
      return (
        <p key={key} style={alignStyle(node.attrs?.textAlign)} dir={direction(node.attrs?.dir)}>
          {renderChildren(node.content, options)}
        </p>
      );
    case "heading": {
      const Tag = HEADINGS[headingLevel(node.attrs?.level) - 1] ?? "h1";
      return (
        <Tag key={key} style={alignStyle(node.attrs?.textAlign)} dir={direction(node.attrs?.dir)}>
          {renderChildren(node.content, options)}
        </Tag>
      );
    }
    case "blockquote":
      return (
        <blockquote key={key} dir={direction(node.attrs?.dir)}>
          {renderChildren(node.content, options)}
        </blockquote>
      );
    case "bullet_list":
      return (
        <ul key={key} className="list-disc pl-6">
          {renderChildren(node.content, options)}
        </ul>
      );
    case "ordered_list": {
      const order = node.attrs?.order;
      return (
        <ol key={key} className="list-decimal pl-6" start={Number.isInteger(order) && order !== 1 ? (order as number) : undefined}>
          {renderChildren(node.content, options)}
        </ol>
      );
    }
    case "list_item":
      return (
        <li key={key} dir={direction(node.attrs?.dir)}>
          {renderChildren(node.content, options)}
        </li>
      );
    case "code_block":
      return (
        <pre key={key} dir={direction(node.attrs?.dir)}>
          <code className={codeClass(node.attrs)}>{renderChildren(node.content, options)}</code>
        </pre>
      );
    case "hard_break":
      return <br key={key} />;
    case "horizontal_rule":
      return <hr key={key} />;
    case "image":
      return renderImage(node, key);
    case "emoji":
      return renderEmoji(node, key);
    case "table":
      return renderTable(node.content, key, options);
    case "tableRow":
      return <tr key={key}>{renderChildren(node.content, options)}</tr>;
    case "tableCell":
    case "tableHeader": {
      const Tag = node.type === "tableHeader" ? "th" : "td";
      const attrs: TableCellAttrs = node.attrs ?? {};
      return (
        <Tag key={key} colSpan={span(attrs.colspan)} rowSpan={span(attrs.rowspan)} style={cellStyle(attrs)}>
          {renderChildren(node.content, options)}
        </Tag>
      );
    }
    case "blok": {
      const body = node.attrs?.body;
      if (!options.renderBlok || !Array.isArray(body)) return null;
      const render = options.renderBlok;
      return (
        <Fragment key={key}>
          {body.map((blok, i) => (
            <Fragment key={blok?._uid || i}>{render(blok)}</Fragment>
          ))}
        </Fragment>
      );
    }
    default: {
      // A node type this renderer does not know (a newer editor feature): keep its text.
      const content = (node as { content?: RichTextNode[] }).content;
      return Array.isArray(content) ? <Fragment key={key}>{renderChildren(content, options)}</Fragment> : null;
    }
  }
}

/** Marks wrap in document order, so the last mark is the outermost element (as in Storyblok's HTML). */
function renderText(node: TextNode, key: string): ReactNode {
  if (typeof node.text !== "string" || node.text === "") return null;
  const marks = Array.isArray(node.marks) ? node.marks.filter((mark) => isNode(mark) && mark.type !== "link") : [];
  let out: ReactNode = node.text;
  marks.forEach((mark, i) => {
    out = renderMark(mark, out, i === marks.length - 1 ? key : undefined);
  });
  return out;
}

function renderMark(mark: RichTextMark, children: ReactNode, key: string | undefined): ReactNode {
  switch (mark.type) {
    case "bold":
      return <strong key={key}>{children}</strong>;
    case "italic":
      return <em key={key}>{children}</em>;
    case "strike":
      return <s key={key}>{children}</s>;
    case "underline":
      return <u key={key}>{children}</u>;
    case "code":
      return <code key={key}>{children}</code>;
    case "superscript":
      return <sup key={key}>{children}</sup>;
    case "subscript":
      return <sub key={key}>{children}</sub>;
    case "highlight":
      return (
        <mark key={key} style={colourStyle("backgroundColor", mark.attrs?.color)}>
          {children}
        </mark>
      );
    case "textStyle": {
      const style = colourStyle("color", mark.attrs?.color);
      const id = text(mark.attrs?.id);
      const className = text(mark.attrs?.class);
      if (!style && !id && !className) return <Fragment key={key}>{children}</Fragment>;
      return (
        <span key={key} style={style} id={id} className={className}>
          {children}
        </span>
      );
    }
    case "anchor":
      return (
        <span key={key} id={text(mark.attrs?.id)}>
          {children}
        </span>
      );
    case "styled":
      return (
        <span key={key} className={text(mark.attrs?.class)}>
          {children}
        </span>
      );
    case "link":
      return renderLink(mark, children, key);
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}

/**
 * Link marks go through the shared link rules. An editor's explicit "open in new tab" is kept
 * for internal links too (e.g. a PDF); every new-tab link gets the safe rel. A link that resolves
 * to nothing (an unresolved story) renders its text only.
 */
function renderLink(mark: LinkMark, children: ReactNode, key: string | undefined): ReactNode {
  const attrs = mark.attrs ?? {};
  const resolved = resolveLink(toLinkLike(attrs));
  if (!resolved) return <Fragment key={key}>{children}</Fragment>;
  const custom = attrs.custom ?? {};
  const newTab = resolved.external || attrs.target === "_blank";
  const rel = mergeRel(newTab ? EXTERNAL_REL : undefined, text(custom.rel));
  return (
    <a key={key} href={resolved.href} target={newTab ? "_blank" : undefined} rel={rel} title={text(custom.title)}>
      {children}
    </a>
  );
}

function toLinkLike(attrs: NonNullable<LinkMark["attrs"]>): LinkLike {
  const href = text(attrs.href);
  const anchor = text(attrs.anchor);
  switch (attrs.linktype) {
    case "email":
      return { linktype: "email", email: href };
    case "story":
      return { linktype: "story", cached_url: href, anchor };
    default:
      return { linktype: attrs.linktype ?? "url", url: href, anchor };
  }
}

function mergeRel(...values: Array<string | undefined>): string | undefined {
  const tokens = [...new Set(values.flatMap((value) => value?.split(/\s+/).filter(Boolean) ?? []))];
  return tokens.length ? tokens.join(" ") : undefined;
}

function renderImage(node: ImageNode, key: string): ReactNode {
  const attrs = node.attrs ?? {};
  const src = text(attrs.src);
  if (!src) return null;
  const size = assetDimensions(src);
  // an image in running text is at most as wide as the prose column
  const sources = imageSources(src, RICH_TEXT_IMAGE_SIZES);
  return (
    <img
      key={key}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      alt={text(attrs.alt) ?? text(attrs.meta_data?.alt) ?? ""}
      title={text(attrs.title) ?? text(attrs.meta_data?.title)}
      width={size?.width}
      height={size?.height}
      loading="lazy"
      decoding="async"
      className="max-w-full h-auto"
    />
  );
}

/** The character itself when there is one; Storyblok's fallback image only for custom emoji. */
function renderEmoji(node: EmojiNode, key: string): ReactNode {
  const name = text(node.attrs?.name);
  const emoji = text(node.attrs?.emoji);
  const fallback = text(node.attrs?.fallbackImage);
  if (emoji) {
    return (
      <span key={key} data-type="emoji" data-name={name} role="img" aria-label={name ?? emoji}>
        {emoji}
      </span>
    );
  }
  if (!fallback) return null;
  return (
    <span key={key} data-type="emoji" data-name={name}>
      <img src={fallback} alt={name ? `:${name}:` : ""} loading="lazy" className="inline h-[1em] w-[1em]" />
    </span>
  );
}

/** Leading rows made only of header cells form the `<thead>`, the rest the `<tbody>`. */
function renderTable(rows: RichTextNode[] | undefined, key: string, options: RenderRichTextOptions): ReactNode {
  const list = Array.isArray(rows) ? rows : [];
  let headEnd = 0;
  while (headEnd < list.length && isHeaderRow(list[headEnd])) headEnd += 1;
  const head = list.slice(0, headEnd);
  const body = list.slice(headEnd);
  return (
    <table key={key}>
      {head.length > 0 && <thead>{renderChildren(head, options)}</thead>}
      {body.length > 0 && <tbody>{renderChildren(body, options)}</tbody>}
    </table>
  );
}

function isHeaderRow(row: RichTextNode | undefined): boolean {
  if (!isNode(row) || row.type !== "tableRow" || !Array.isArray(row.content) || row.content.length === 0) return false;
  return row.content.every((cell) => isNode(cell) && cell.type === "tableHeader");
}

function span(value: number | null | undefined): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 1 ? value : undefined;
}

/** A spanning cell's width is the sum of the columns it covers. */
function cellStyle(attrs: TableCellAttrs): CSSProperties | undefined {
  const widths = Array.isArray(attrs.colwidth) ? attrs.colwidth : [];
  const width = widths.length && widths.every((w) => typeof w === "number" && w > 0) ? `${widths.reduce((a, b) => a + b, 0)}px` : undefined;
  const background = safeCss(attrs.backgroundColor);
  if (!width && !background) return undefined;
  return { ...(width && { width }), ...(background && { backgroundColor: background }) };
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

function headingLevel(level: unknown): number {
  return typeof level === "number" && Number.isFinite(level) ? Math.min(6, Math.max(1, Math.trunc(level))) : 1;
}

const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);

function alignStyle(align: string | null | undefined): CSSProperties | undefined {
  return align && ALIGNMENTS.has(align) ? { textAlign: align as CSSProperties["textAlign"] } : undefined;
}

function direction(dir: string | null | undefined): "ltr" | "rtl" | undefined {
  return dir === "ltr" || dir === "rtl" ? dir : undefined;
}

/** Storyblok stores `language-ts` in `class`; a bare `language` attribute gets the prefix. */
function codeClass(attrs: { class?: string | null; language?: string | null } | undefined): string | undefined {
  const cls = text(attrs?.class);
  if (cls) return cls;
  const language = text(attrs?.language);
  return language ? `language-${language}` : undefined;
}

function colourStyle(property: "color" | "backgroundColor", value: string | null | undefined): CSSProperties | undefined {
  const colour = safeCss(value);
  return colour ? { [property]: colour } : undefined;
}

/**
 * Colour values come from editors: accept colour-like values (`#f79`, `rgb(…)`, `var(--x)`,
 * names) and drop anything that could break out of the declaration or load a resource.
 */
function safeCss(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  if (!trimmed || !/^[#\w\s.,%()/+-]+$/.test(trimmed) || /url\s*\(|expression\s*\(/i.test(trimmed)) return undefined;
  return trimmed;
}

function linkMarkOf(node: RichTextNode | undefined): LinkMark | null {
  if (!isNode(node) || node.type !== "text" || !Array.isArray(node.marks)) return null;
  return (node.marks.find((mark) => isNode(mark) && mark.type === "link") as LinkMark | undefined) ?? null;
}

function sameAttrs(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((k) => Object.hasOwn(b, k) && sameAttrs((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

function isNode<T extends { type: string }>(value: T | null | undefined): value is T {
  return typeof value === "object" && value !== null && typeof value.type === "string";
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
