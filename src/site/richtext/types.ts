/**
 * Storyblok rich text as the Content Delivery API returns it: ProseMirror/TipTap JSON with
 * Storyblok's node and mark names (snake_case lists, camelCase table parts). Attributes are
 * optional and nullable where Storyblok omits or nulls them in practice; the renderer never
 * trusts their presence.
 */
import type { Blok } from "../../shared/content";

export interface RichTextDoc {
  type: "doc";
  content: RichTextNode[];
}

export type TextAlign = "left" | "center" | "right" | "justify";
export type TextDirection = "ltr" | "rtl";

interface BlockAttrs {
  textAlign?: TextAlign | null;
  dir?: TextDirection | null;
}

interface Parent<T extends string, A = undefined> {
  type: T;
  attrs?: A;
  content?: RichTextNode[];
  marks?: RichTextMark[];
}

export interface TextNode {
  type: "text";
  text: string;
  marks?: RichTextMark[];
}

export type ParagraphNode = Parent<"paragraph", BlockAttrs>;
export type HeadingNode = Parent<"heading", BlockAttrs & { level?: HeadingLevel | null }>;
export type BlockquoteNode = Parent<"blockquote", { dir?: TextDirection | null }>;
export type BulletListNode = Parent<"bullet_list">;
export type OrderedListNode = Parent<"ordered_list", { order?: number | null }>;
export type ListItemNode = Parent<"list_item", { dir?: TextDirection | null }>;
/** `class` is how Storyblok stores the language (`language-ts`); some tools write `language: "ts"`. */
export type CodeBlockNode = Parent<"code_block", { class?: string | null; language?: string | null; dir?: TextDirection | null }>;

export interface HardBreakNode {
  type: "hard_break";
  marks?: RichTextMark[];
}

export interface HorizontalRuleNode {
  type: "horizontal_rule";
}

export interface ImageNode {
  type: "image";
  attrs?: {
    id?: number | null;
    src?: string | null;
    alt?: string | null;
    title?: string | null;
    source?: string | null;
    copyright?: string | null;
    meta_data?: { alt?: string | null; title?: string | null; [key: string]: unknown } | null;
  };
  marks?: RichTextMark[];
}

export interface EmojiNode {
  type: "emoji";
  attrs?: {
    name?: string | null;
    emoji?: string | null;
    fallbackImage?: string | null;
  };
}

export interface TableCellAttrs {
  colspan?: number | null;
  rowspan?: number | null;
  /** Column widths in px, one entry per spanned column. */
  colwidth?: number[] | null;
  backgroundColor?: string | null;
}

export type TableNode = Parent<"table">;
export type TableRowNode = Parent<"tableRow">;
export type TableCellNode = Parent<"tableCell", TableCellAttrs>;
export type TableHeaderNode = Parent<"tableHeader", Omit<TableCellAttrs, "backgroundColor">>;

/** Content blocks embedded in the text; the page's block registry renders them. */
export interface BlokNode {
  type: "blok";
  attrs?: {
    id?: string | null;
    body?: Blok[] | null;
  };
}

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type RichTextNode =
  | TextNode
  | ParagraphNode
  | HeadingNode
  | BlockquoteNode
  | BulletListNode
  | OrderedListNode
  | ListItemNode
  | CodeBlockNode
  | HardBreakNode
  | HorizontalRuleNode
  | ImageNode
  | EmojiNode
  | TableNode
  | TableRowNode
  | TableCellNode
  | TableHeaderNode
  | BlokNode;

export type LinkType = "url" | "story" | "email" | "asset";

export interface LinkMark {
  type: "link";
  attrs?: {
    href?: string | null;
    uuid?: string | null;
    anchor?: string | null;
    target?: "_self" | "_blank" | "_parent" | "_top" | null;
    linktype?: LinkType | null;
    /** Editor-defined extra attributes (title, rel, ...). */
    custom?: Record<string, unknown> | null;
  };
}

interface PlainMark<T extends string> {
  type: T;
  attrs?: undefined;
}

export type BoldMark = PlainMark<"bold">;
export type ItalicMark = PlainMark<"italic">;
export type StrikeMark = PlainMark<"strike">;
export type UnderlineMark = PlainMark<"underline">;
export type CodeMark = PlainMark<"code">;
export type SuperscriptMark = PlainMark<"superscript">;
export type SubscriptMark = PlainMark<"subscript">;

export interface AnchorMark {
  type: "anchor";
  attrs?: { id?: string | null };
}

export interface StyledMark {
  type: "styled";
  attrs?: { class?: string | null };
}

export interface HighlightMark {
  type: "highlight";
  attrs?: { color?: string | null };
}

export interface TextStyleMark {
  type: "textStyle";
  attrs?: {
    color?: string | null;
    id?: string | null;
    class?: string | null;
  };
}

export type RichTextMark =
  | LinkMark
  | BoldMark
  | ItalicMark
  | StrikeMark
  | UnderlineMark
  | CodeMark
  | SuperscriptMark
  | SubscriptMark
  | AnchorMark
  | StyledMark
  | HighlightMark
  | TextStyleMark;
