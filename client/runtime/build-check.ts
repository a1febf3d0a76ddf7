/** How often the page asks whether a newer build is live (one hour). */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

export interface BuildCheckDeps {
  currentId: string;
  fetch: typeof fetch;
  setInterval: (handler: () => void, ms: number) => unknown;
  onOutdated: (latestId: string) => void;
}

/** Compares the running build with builds/latest.json every hour; reports once when it is outdated. */
export function startBuildCheck({ currentId, fetch, setInterval, onOutdated }: BuildCheckDeps): void {
  let reported = false;
  const check = async () => {
    if (reported) return;
    try {
      const res = await fetch("/builds/latest.json", { cache: "no-store" });
      if (!res.ok) return;
      const latest = (await res.json()) as { id?: string };
      if (latest.id && latest.id !== currentId) {
        reported = true;
        onOutdated(latest.id);
      }
    } catch {
      // offline or a deploy in progress: try again next hour
    }
  };
  setInterval(check, BUILD_CHECK_INTERVAL_MS);
}

/**
 * Once outdated, the next internal navigation loads the page from the server (no prefetched or
 * bfcache copy of the old build), and a page restored from the bfcache reloads.
 */
export function forceFullNavigation(doc: Document, win: Window): void {
  doc.documentElement.dataset.buildOutdated = "true";
  for (const el of doc.querySelectorAll('script[type="speculationrules"], link[rel="prefetch"]')) el.remove();
  doc.addEventListener(
    "click",
    (event) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target === "_blank" || anchor.origin !== win.location.origin || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const url = new URL(anchor.href);
      url.searchParams.set("_build", "new");
      win.location.assign(url.pathname + url.search + url.hash);
    },
    { capture: true },
  );
  win.addEventListener("pageshow", (event) => {
    if ((event as PageTransitionEvent).persisted) win.location.reload();
  });
}
