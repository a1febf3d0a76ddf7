/**
 * The browser bundle: hydrates the islands the server rendered (header, newsletter form) and
 * nothing else, then starts the runtime guards. The header is needed at once and ships in this
 * entry; the footer island is a separate chunk, fetched when the footer comes near or when the
 * visitor first interacts with it, whichever comes first. Field measurements (./vitals.ts) are a
 * script of their own that the document loads.
 */
import type { ComponentType } from "react";
import { createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { SiteHeader } from "../src/site/islands/site-header";
import { forceFullNavigation, startBuildCheck } from "./runtime/build-check";
import { prefetchVisibleLinks } from "./runtime/prefetch";
import { isChunkLoadError, reloadOnce } from "./runtime/reload-guard";

document.documentElement.classList.add("js");

type Loader = () => Promise<ComponentType<never>>;
const footer = () => import("../src/site/islands/footer");
const ISLANDS: Record<string, { load: Loader; eager?: boolean }> = {
  SiteHeader: { load: async () => SiteHeader as ComponentType<never>, eager: true },
  NewsletterForm: { load: () => footer().then((m) => m.NewsletterForm as ComponentType<never>) },
  CarouselControls: { load: () => import("../src/site/islands/carousel-controls").then((m) => m.CarouselControls as ComponentType<never>) },
};

const reloadAfterChunkFailure = (error: unknown) => {
  if (!isChunkLoadError(error)) throw error;
  if (!reloadOnce({ path: location.pathname, now: Date.now, storage: sessionStorage, reload: () => location.reload() }))
    console.warn("A script failed again within 10 s of a reload: not reloading again.", error);
};

function hydrate(root: HTMLElement, load: Loader): Promise<void> {
  const props = JSON.parse(root.dataset.props ?? "{}") as object;
  return load()
    .then((Component) => {
      // In a transition, React hydrates in slices of a few milliseconds, yielding to the browser in
      // between (a discrete event on the island meanwhile hydrates it at once and is replayed):
      // outside one, hydrating the header was one task of ~40 ms (160 ms on Lighthouse's 4x slower
      // CPU), the largest part of the first view's Total Blocking Time (docs/performance.md).
      startTransition(() => {
        hydrateRoot(root, createElement(Component, props as never));
      });
    })
    .catch(reloadAfterChunkFailure);
}

// Islands further down hydrate when they come within a screen of the viewport (or at once
// where IntersectionObserver is missing), or on the first interaction inside them if that comes
// sooner (a jump to the footer). Until then their server HTML works on its own: native
// disclosures, and forms the browser validates. A button clicked before its island has hydrated
// is clicked again once it has, so that tap is not lost.
// Island roots are `display: contents` (no box to observe), so their first child is watched.
const hydrations = new WeakMap<HTMLElement, Promise<void>>();
const hydratedRoots = new WeakSet<HTMLElement>();
function hydrateOnce(root: HTMLElement, load: Loader): Promise<void> {
  let hydration = hydrations.get(root);
  if (!hydration) {
    hydration = hydrate(root, load).then(() => void hydratedRoots.add(root));
    hydrations.set(root, hydration);
  }
  return hydration;
}
const nearby =
  "IntersectionObserver" in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            nearby?.unobserve(entry.target);
            const root = entry.target.closest<HTMLElement>("[data-island]");
            if (root) void hydrateOnce(root, ISLANDS[root.dataset.island ?? ""]!.load);
          }
        },
        { rootMargin: "100% 0px" },
      )
    : undefined;

function hydrateOnFirstInteraction(root: HTMLElement, load: Loader) {
  const start = () => void hydrateOnce(root, load);
  for (const type of ["pointerdown", "focusin", "keydown"]) root.addEventListener(type, start, { capture: true, once: true });
  const onClick = (event: Event) => {
    const hydration = hydrateOnce(root, load);
    if (hydratedRoots.has(root)) return root.removeEventListener("click", onClick, true);
    const button = (event.target as Element).closest<HTMLButtonElement>("button[type=button]");
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    void hydration.then(() => button.click());
  };
  root.addEventListener("click", onClick, true);
}

/** Whether the HTML parser has gone past `element` (a node follows it in document order): its markup is all there. */
function parsedPast(element: Element): boolean {
  for (let node: Node | null = element; node; node = node.parentNode) if (node.nextSibling) return true;
  return false;
}

const startedRoots = new WeakSet<HTMLElement>();
/** Hydrates (or schedules) every island whose markup is complete and that has not been started yet. */
function startIslands(): void {
  const parsed = document.readyState !== "loading";
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const island = ISLANDS[root.dataset.island ?? ""];
    if (!island || startedRoots.has(root) || !(parsed || parsedPast(root))) continue;
    startedRoots.add(root);
    if (island.eager || !nearby) {
      void hydrateOnce(root, island.load);
      continue;
    }
    hydrateOnFirstInteraction(root, island.load);
    nearby.observe(root.firstElementChild ?? root);
  }
}

/** Runs `start` once the document is parsed (at once if it is). */
const whenParsed = (start: () => void) =>
  document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", start, { once: true }) : start();

// The script is async: from the browser's cache it can run before the parser reaches the body (the
// page's HTML still streaming in), so islands are started as the parser completes each one, not
// only those there when it runs (which left the header and footer inert on such a view).
startIslands();
if (document.readyState === "loading") {
  const parsing = new MutationObserver(startIslands);
  parsing.observe(document, { childList: true, subtree: true });
  whenParsed(() => {
    parsing.disconnect();
    startIslands();
  });
}
window.addEventListener("unhandledrejection", (event) => {
  if (isChunkLoadError(event.reason)) reloadAfterChunkFailure(event.reason);
});

const buildId = document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content;
if (buildId) {
  startBuildCheck({
    currentId: buildId,
    fetch: (input, init) => fetch(input, init),
    setInterval: (handler, ms) => setInterval(handler, ms),
    onOutdated: () => forceFullNavigation(document, window),
  });
}
// Every link of the page, so not before the parser has seen them all; and not before the page has
// loaded and the browser is idle: a prefetch then competes with the page's own images, and its
// observer's first round of callbacks with the hydration. (Safari, without idle callbacks, prefetches
// neither through Speculation Rules nor `<link rel="prefetch">`.)
const prefetchWhenIdle = () =>
  window.requestIdleCallback?.(() =>
    prefetchVisibleLinks(document, window, document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce),
  );
if (document.readyState === "complete") prefetchWhenIdle();
else addEventListener("load", prefetchWhenIdle);
