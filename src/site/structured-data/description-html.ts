import type { RichTextDoc, RichTextNode } from "../richtext/types";

/** The elements Google reads in a job's description; any other node gives its text only. */
const ELEMENTS: Partial<Record<RichTextNode["type"], string>> = {
  paragraph: "p",
  bullet_list: "ul",
  ordered_list: "ol",
  list_item: "li",
  blockquote: "blockquote",
};

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A rich text document as the plain HTML a JobPosting's description holds: paragraphs, headings,
 * lists and line breaks, the text escaped; marks, links, images and embedded blocks left out.
 */
export function descriptionHtml(doc: RichTextDoc | null | undefined): string {
  return doc?.content ? doc.content.map(nodeHtml).join("") : "";
}

function nodeHtml(node: RichTextNode): string {
  if (node.type === "text") return escapeHtml(node.text);
  if (node.type === "hard_break") return "<br>";
  const inner = "content" in node && Array.isArray(node.content) ? node.content.map(nodeHtml).join("") : "";
  if (node.type === "heading") {
    const level = Math.min(6, Math.max(2, Number(node.attrs?.level) || 2));
    return `<h${level}>${inner}</h${level}>`;
  }
  const element = ELEMENTS[node.type];
  return element ? `<${element}>${inner}</${element}>` : inner;
}
