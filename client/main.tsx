/**
 * The browser bundle: hydrates the islands the server rendered (header, footer groups, newsletter
 * form) and nothing else, then starts the runtime guards. The header is needed at once and ships
 * in this entry; the footer islands are a separate chunk, fetched when the footer comes near.
 */
import type { ComponentType } from "react";
import { createElement } from "react";
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
  FooterGroups: { load: () => footer().then((m) => m.FooterGroups as ComponentType<never>) },
  NewsletterForm: { load: () => footer().then((m) => m.NewsletterForm as ComponentType<never>) },
};

const reloadAfterChunkFailure = (error: unknown) => {
  if (!isChunkLoadError(error)) throw error;
  reloadOnce({ path: location.pathname, now: Date.now, storage: sessionStorage, reload: () => location.reload() });
};

function hydrate(root: HTMLElement, load: Loader) {
  const props = JSON.parse(root.dataset.props ?? "{}") as object;
  load()
    .then((Component) => hydrateRoot(root, createElement(Component, props as never)))
    .catch(reloadAfterChunkFailure);
}

// Islands further down hydrate when they come within a screen of the viewport (or at once
// where IntersectionObserver is missing); until then their server HTML works as it is.
// Island roots are `display: contents` (no box to observe), so their first child is watched.
const waiting = new Map<Element, HTMLElement>();
const nearby =
  "IntersectionObserver" in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            nearby?.unobserve(entry.target);
            const root = waiting.get(entry.target);
            if (root) hydrate(root, ISLANDS[root.dataset.island ?? ""]!.load);
          }
        },
        { rootMargin: "100% 0px" },
      )
    : undefined;

for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const island = ISLANDS[root.dataset.island ?? ""];
  if (!island) continue;
  if (island.eager || !nearby) hydrate(root, island.load);
  else {
    const target = root.firstElementChild ?? root;
    waiting.set(target, root);
    nearby.observe(target);
  }
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
prefetchVisibleLinks(document, window, document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce);
