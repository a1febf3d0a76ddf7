/**
 * Prefetches internal links as they scroll into view: through Speculation Rules where the browser
 * has them, else `<link rel="prefetch">`.
 */
export function prefetchVisibleLinks(doc: Document, win: Window & typeof globalThis, nonce?: string): void {
  if (!("IntersectionObserver" in win)) return;
  const seen = new Set<string>([win.location.pathname]);
  const speculation = typeof win.HTMLScriptElement.supports === "function" && win.HTMLScriptElement.supports("speculationrules");
  let rules: HTMLScriptElement | null = null;

  // the links that came into view together: one set of rules for all of them
  const observer = new win.IntersectionObserver((entries) => {
    const fresh: string[] = [];
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const url = new URL((entry.target as HTMLAnchorElement).href);
      const key = url.pathname + url.search;
      if (seen.has(key)) continue;
      seen.add(key);
      fresh.push(key);
    }
    if (!fresh.length || doc.documentElement.dataset.buildOutdated) return;
    if (speculation) {
      rules?.remove();
      rules = doc.createElement("script");
      rules.type = "speculationrules";
      if (nonce) rules.nonce = nonce;
      rules.textContent = JSON.stringify({ prefetch: [{ source: "list", urls: [...seen].filter((u) => u !== win.location.pathname) }] });
      doc.head.append(rules);
    } else for (const href of fresh) doc.head.append(Object.assign(doc.createElement("link"), { rel: "prefetch", href }));
  });
  for (const anchor of doc.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    // links to the page in another language (the switcher, hreflang) are rarely followed: not worth a prefetch
    if (anchor.origin === win.location.origin && anchor.target !== "_blank" && !anchor.hasAttribute("download") && !anchor.hreflang)
      observer.observe(anchor);
  }
}
