import type { Blok } from "../shared/content";
import { useSite, type EditableAttributes, type EditableProps } from "./site-context";

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

const NONE: EditableProps = Object.freeze({});

/** No editor attributes: what every blok of a visitor's page carries. */
export const noEditorAttributes = (_blok: Blok): EditableProps => NONE;

/**
 * The editor attributes of a draft blok of the story open in the visual editor (`editing`: the
 * editor can edit that story only, so the theme's header in a page's preview gets none; unset:
 * every draft blok is marked), `{}` for any other.
 */
export function editorAttributes(editing?: number): (blok: Blok) => EditableProps {
  const ofStory = editing === undefined ? undefined : `${editing}-`;
  return (blok) => {
    const attributes = editableAttributes(blok);
    return attributes && (ofStory === undefined || attributes["data-blok-uid"].startsWith(ofStory)) ? attributes : NONE;
  };
}

/**
 * The editor attributes a block puts on its own root element (Storyblok's `storyblokEditable`
 * pattern), as the page's audience gives them: visitors never get any.
 */
export function useEditable(blok: Blok): EditableProps {
  return useSite().audience.editable(blok);
}
