/**
 * The visitor bundle's loader: an inline classic script (a module script would wait for the whole
 * document to be parsed) that imports the entry and the chunks it imports statically, all at once,
 * once the browser reports the page's first contentful paint (a `paint` performance entry, which
 * Chromium gives out when the frame has been presented), instead of a `<script src>` and modulepreloads in
 * the head. Where paint timing is not supported it imports them at `load`.
 *
 * Why: the first paint needs the HTML and the stylesheet only. Fetched from the head, the 70 KB
 * (gzip) bundle shared the connection with the stylesheet and the LCP image, and its hydration ran
 * before the first frame was shown; Lighthouse's first view counts both (it treats high-priority
 * scripts fetched before the first paint as render-blocking). After the first paint, the islands
 * hydrate a little later and nothing the first paint does not need is fetched before it
 * (docs/performance.md, "First view"). A page opened in a background tab is painted, and so
 * hydrated, when it is first shown. The imports start in a task of their own (`setTimeout`), not in
 * the one that tells the page's paint observers (the field measurements' among them) of the paint.
 */
export function entryLoader(urls: readonly string[]): string {
  // JSON of our own hashed file names: no `<` can end the element early
  return (
    `(()=>{let started=false;const start=()=>{if(started)return;started=true;for(const u of ${JSON.stringify(urls)})import(u)};` +
    `if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length)setTimeout(start)}).observe({type:"paint",buffered:true});` +
    `else addEventListener("load",start)})()`
  );
}

/** The files a loader imports (for the tests and the tools that read a page's HTML). */
export function loadedByEntryLoader(html: string): string[] {
  const list = /for\(const u of (\[[^\]]*\])\)import\(u\)/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
