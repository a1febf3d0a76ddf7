/**
 * Asks the visual editor to open a blok, the way Storyblok's bridge does when an editor clicks a
 * blok on the page: the bridge reads the blok's `data-blok-c` (the options of its `_editable`
 * comment) and posts `{ action: "edit", dataC }` to the editor, the window framing the preview, at
 * the editor's origin. The panel sends that message for a blok the page may not show at all (a
 * nested part, a block the site does not know), and scrolls the blok into view where it is shown.
 */
import type { Blok } from "../../src/shared/content";
import { editableAttributes } from "../../src/site/editable";

/** Where Storyblok's visual editor runs (the bridge's `targetOrigin`; the CSP's frame-ancestors). */
export const EDITOR_ORIGIN = "https://app.storyblok.com";

/** The bridge's message that opens a blok in the editor's form; null for a blok without editor options. */
export function openBlokMessage(blok: Blok): { action: "edit"; dataC: Record<string, unknown> } | null {
  const attributes = editableAttributes(blok);
  return attributes ? { action: "edit", dataC: JSON.parse(attributes["data-blok-c"]) as Record<string, unknown> } : null;
}

export function openBlok(blok: Blok, target: Window = window.parent): boolean {
  const message = openBlokMessage(blok);
  if (!message) return false;
  const attributes = editableAttributes(blok);
  const shown = attributes && document.querySelector(`[data-blok-uid="${CSS.escape(attributes["data-blok-uid"])}"]`);
  shown?.scrollIntoView({ block: "center" });
  target.postMessage(message, EDITOR_ORIGIN);
  return true;
}
