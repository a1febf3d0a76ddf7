import type { EventEmitter } from "node:events";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  test as base,
  type Page,
  type ViewportSize,
} from "@playwright/test";

/**
 * Playwright's `test` with one browser tab per worker (and per set of context options) that every
 * test using `page` or `context` gets in turn, reset between tests to what a fresh context gives.
 *
 * Why: a new tab is a new renderer process. Measured on this machine (a page of the site loaded and
 * scrolled through, Chromium's CPU summed over all its processes): ~1.8 s of CPU a view in a new
 * context, ~1.6 s in a new tab of one context, ~0.6 s in a reused tab, with or without the HTTP cache.
 * Most of the browser tests' CPU went into making tabs.
 *
 * Between tests the tab is left as a new one would be: its routes and the init scripts and event
 * listeners the test added removed, other tabs of its context closed, cookies, storage and the HTTP
 * cache cleared, media emulation undone, the mouse at the corner, and the tab on about:blank (so
 * nothing of the last page runs on). A tab whose reset fails, or that the test closed, is replaced.
 *
 * What a reset cannot undo, a test must not use here: `page.clock` (a spec that installs it imports
 * `test` from "@playwright/test", as do specs that count what a page sends as it is left).
 */
interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The origins the tab's documents came from since its last reset: their storage is cleared. */
  origins: Set<string>;
}

export type Tabs = Map<string, Tab>;

/** The context options a tab is made with (the viewport apart), and a slot name to tell apart tabs made alike. */
type TabOptions = Pick<BrowserContextOptions, "javaScriptEnabled" | "deviceScaleFactor" | "baseURL" | "isMobile" | "hasTouch"> & {
  slot?: string;
};

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

async function openTab(browser: Browser, options: BrowserContextOptions): Promise<Tab> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const origins = new Set<string>();
  const track = (tracked: Page) =>
    tracked.on("framenavigated", (frame) => {
      const { origin } = new URL(frame.url());
      if (origin.startsWith("http")) origins.add(origin);
    });
  track(page);
  context.on("page", track);
  return { context, page, cdp: await context.newCDPSession(page), origins };
}

/** A page is an EventEmitter at run time; its types leave out the methods that list listeners. */
const emitter = (page: Page) => page as unknown as EventEmitter;

/** The listeners on `page` now, per event (Playwright's own among them): what a test adds later is told apart from them. */
function listenersOf(page: Page): Map<string | symbol, Set<unknown>> {
  return new Map(
    emitter(page)
      .eventNames()
      .map((name) => [name, new Set(emitter(page).listeners(name))]),
  );
}

/** Back to a fresh tab's state; throws when the tab cannot be reset (it is then replaced). */
async function reset(
  tab: Tab,
  listeners: Map<string | symbol, Set<unknown>>,
  initScripts: Array<{ dispose(): Promise<void> }>,
): Promise<void> {
  const { context, page, cdp } = tab;
  for (const name of emitter(page).eventNames()) {
    const before = listeners.get(name) ?? new Set();
    for (const listener of emitter(page).listeners(name)) {
      if (!before.has(listener)) emitter(page).off(name, listener as () => void);
    }
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  for (const script of initScripts) await script.dispose();
  for (const other of context.pages()) if (other !== page) await other.close();
  // a tab's session storage outlives its navigations: the page's own origin's is emptied here
  await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
  await page.goto("about:blank");
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null });
  await page.mouse.move(0, 0);
  await context.clearCookies();
  await context.clearPermissions();
  await cdp.send("Network.clearBrowserCache");
  // (not context.storageState(): to read local storage it opens each origin in a page of its own,
  // ~0.4 s of CPU a test)
  for (const origin of tab.origins) {
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  }
  tab.origins.clear();
}

/**
 * Lends `use` the worker's tab for these context options (and `slot`: two tabs of the same options
 * at once need two slots), at `viewport`, and resets it afterwards.
 */
export async function withTab<T>(
  tabs: Tabs,
  browser: Browser,
  options: TabOptions,
  viewport: ViewportSize | null,
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const key = JSON.stringify(options);
  let tab = tabs.get(key);
  if (!tab || tab.page.isClosed()) {
    const { slot: _, ...contextOptions } = options;
    tab = await openTab(browser, { ...contextOptions, viewport: DEFAULT_VIEWPORT });
    tabs.set(key, tab);
  }
  const { page } = tab;
  await page.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
  const listeners = listenersOf(page);
  // init scripts the test adds (also through helpers) are taken away after it
  const added: Array<{ dispose(): Promise<void> }> = [];
  const addInitScript = page.addInitScript;
  page.addInitScript = async (...args: Parameters<Page["addInitScript"]>) => {
    const script = await addInitScript.apply(page, args);
    added.push(script);
    return script;
  };
  try {
    return await use(page);
  } finally {
    page.addInitScript = addInitScript;
    try {
      await reset(tab, listeners, added);
    } catch {
      tabs.delete(key);
      await tab.context.close().catch(() => undefined);
    }
  }
}

export const test = base.extend<object, { tabs: Tabs }>({
  tabs: [
    async ({ browser: _ }, use) => {
      const tabs: Tabs = new Map();
      await use(tabs);
      for (const tab of tabs.values()) await tab.context.close();
    },
    { scope: "worker" },
  ],
  page: async ({ browser, tabs, viewport, javaScriptEnabled, deviceScaleFactor, baseURL, isMobile, hasTouch }, use) => {
    // the viewport is set per test: one tab serves every size
    await withTab(tabs, browser, { javaScriptEnabled, deviceScaleFactor, baseURL, isMobile, hasTouch }, viewport, use);
  },
  context: async ({ page }, use) => {
    await use(page.context());
  },
});

export { expect } from "@playwright/test";
