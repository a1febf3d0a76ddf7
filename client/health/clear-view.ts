/**
 * Where the content-health panel goes and how far the page scrolls, so that the block a finding
 * points to is in view and not under the panel: pure, in the viewport's pixels.
 */

export type Edge = "top" | "bottom";

/** A block's vertical extent in the viewport. */
export interface Span {
  top: number;
  bottom: number;
}

export interface ClearView {
  /** Scroll the page by this much (positive: down). */
  scrollBy: number;
  edge: Edge;
  /** False: the block is taller than what the panel leaves free (the panel's list then folds away). */
  clear: boolean;
}

export interface ViewportRoom {
  height: number;
  /** What the page keeps stuck over the top of the viewport (its sticky header), in pixels from the top. */
  inset: number;
  /** How far the page can still scroll up and down. */
  up: number;
  down: number;
}

/** Where the block would be out from under the panel at `edge` and the page's own sticky header. */
const clearSpan = (edge: Edge, panel: number, { height, inset }: ViewportRoom, margin: number): Span =>
  edge === "bottom" ? { top: inset, bottom: height - panel - margin } : { top: Math.max(panel + margin, inset), bottom: height };

/**
 * The panel stays at the bottom where the page can scroll the block above it, and goes to the top
 * where it cannot (a block at the end of the page); the block's top is put a margin below what
 * covers the top of the viewport. Of a block taller than the space the panel leaves, its beginning
 * is shown there (no place shows all of it). `clear` is false only where the page cannot scroll
 * the block out from under the panel at either edge.
 */
export function clearView(block: Span, panel: number, room: ViewportRoom, margin = 12): ClearView {
  let fallback: ClearView | undefined;
  const height = block.bottom - block.top;
  for (const edge of ["bottom", "top"] as const) {
    const span = clearSpan(edge, panel, room, margin);
    const scrollBy = Math.max(-room.up, Math.min(room.down, block.top - (span.top + margin)));
    const top = block.top - scrollBy;
    const fits = height <= span.bottom - span.top ? top + height <= span.bottom + 0.5 : top < span.bottom;
    if (top >= span.top - 0.5 && fits) return { scrollBy, edge, clear: true };
    fallback ??= { scrollBy, edge, clear: false };
  }
  return fallback!;
}
