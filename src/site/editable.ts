import type { Blok } from "../shared/content";
import { useSite } from "./site-context";

/** What the visual editor finds a blok by (the attributes `storyblokEditable()` produces). */
export interface EditableAttributes {
  "data-blok-c": string;
  "data-blok-uid": string;
}

const OPENING = "<!--#storyblok#";
const CLOSING = "-->";

/**
 * The editor attributes of a draft blok, from the comment the API puts in its `_editable` field;
 * null for a blok without one (published content never has it) or with one that does not parse.
 */
export function editableAttributes(blok: Blok): EditableAttributes | null {
  const comment = blok._editable;
  if (typeof comment !== "string" || !comment.startsWith(OPENING) || !comment.endsWith(CLOSING)) return null;
  try {
    const options = JSON.parse(comment.slice(OPENING.length, -CLOSING.length)) as { id?: unknown; uid?: unknown } | null;
    if (!options || typeof options !== "object" || options.uid === undefined || options.id === undefined) return null;
    return { "data-blok-c": JSON.stringify(options), "data-blok-uid": `${String(options.id)}-${String(options.uid)}` };
  } catch {
    return null;
  }
}

/** What a block spreads on its root element: the editor attributes, or nothing. */
export type EditableProps = Partial<EditableAttributes>;

const NONE: EditableProps = Object.freeze({});

/**
 * The editor attributes a block puts on its own root element (Storyblok's `storyblokEditable`
 * pattern): in a visual-editor preview, for a draft blok of the story being edited; `{}`
 * otherwise, so visitors never get them (nor does the theme's header in a page's preview).
 */
export function useEditable(blok: Blok): EditableProps {
  const { preview, editing } = useSite();
  const attributes = preview ? editableAttributes(blok) : null;
  if (!attributes || (editing !== undefined && !attributes["data-blok-uid"].startsWith(`${editing}-`))) return NONE;
  return attributes;
}
