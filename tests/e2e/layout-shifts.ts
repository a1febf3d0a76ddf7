declare global {
  interface Window {
    /** Every layout shift of the page since its first paint, as recordShifts() records them. */
    shifts: Array<{ value: number; sources: string[] }>;
  }
}

/**
 * An init script (page.addInitScript): records into `window.shifts` every layout shift of the page
 * from its first paint (PerformanceObserver, buffered) that follows no input, each source named by
 * the start of its markup and where it moved from and to.
 */
export function recordShifts(): void {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
      }
    >) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((s) => {
        const node = s.node instanceof Element ? s.node.outerHTML.slice(0, 160) : String(s.node?.nodeName);
        const [from, to] = [s.previousRect, s.currentRect].map((rect) => `(${Math.round(rect.x)}, ${Math.round(rect.y)})`);
        return `${node} from ${from} to ${to}`;
      });
      window.shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: "layout-shift", buffered: true });
}
