/**
 * Asks the visual editor to open a blok, the way Storyblok's bridge does when an editor clicks a
 * blok on the page: the bridge reads the blok's `data-blok-c` (the options of its `_editable`
 * comment) and posts `{ action: "edit", dataC }` to the editor, the window framing the preview, at
 * the editor's origin. The panel sends that message for a blok the page may not show at all (a
 * nested part, a block the site does not know); where the page shows it, the panel brings it into
 * view clear of itself (index.tsx).
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

/** Asks the editor to open the blok; the element that shows it on the page, if one does. */
export function openBlok(blok: Blok, target: Window = window.parent): HTMLElement | undefined {
  const message = openBlokMessage(blok);
  if (!message) return undefined;
  target.postMessage(message, EDITOR_ORIGIN);
  const uid = editableAttributes(blok)?.["data-blok-uid"];
  return (uid && document.querySelector<HTMLElement>(`[data-blok-uid="${CSS.escape(uid)}"]`)) || undefined;
}
