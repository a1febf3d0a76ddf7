/**
 * Previous/next buttons for a carousel's scroll track (mouse users have no swipe). They scroll by
 * one item; CSS scroll snapping does the rest. Its texts are props, in the page's language. Shown
 * only where JavaScript runs, since without it they could do nothing, and from the first layout
 * (`@media (scripting: enabled)` in uno.config.ts), not once the bundle has run: the page would grow
 * under a visitor who scrolled on meanwhile. A click before hydration is replayed by client/main.tsx.
 */
export function CarouselControls({ trackId, label, previous, next }: { trackId: string; label: string; previous: string; next: string }) {
  const scroll = (direction: -1 | 1) => {
    const track = document.getElementById(trackId);
    const item = track?.querySelector("li");
    if (!track || !item) return;
    track.scrollBy({ left: direction * (item.getBoundingClientRect().width + 20), behavior: "smooth" });
  };
  const button =
    "kbd-focus flex h-11 w-11 items-center justify-center rounded-full border-2 border-ink text-ink hover:bg-ink hover:text-white";
  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons that steer a carousel are a group, not a form's fieldset
    <div className="carousel-controls mt-2 gap-3" role="group" aria-label={label}>
      <button type="button" aria-controls={trackId} className={button} onClick={() => scroll(-1)}>
        <span aria-hidden="true">←</span>
        <span className="sr-only">{previous}</span>
      </button>
      <button type="button" aria-controls={trackId} className={button} onClick={() => scroll(1)}>
        <span aria-hidden="true">→</span>
        <span className="sr-only">{next}</span>
      </button>
    </div>
  );
}
