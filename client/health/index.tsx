/**
 * The preview's content health: checks the open story's draft with the content rules and shows the
 * findings in a panel of their own (panel.tsx), again after every live edit (`update`). A finding
 * opened brings its block into view clear of the panel, and outlines it.
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import modelFacts from "../../.generated/model-facts.js";
import modelLabels from "../../.generated/model-labels.js";
import type { Blok } from "../../src/shared/content";
import { type CheckSetup, checkVersion, type Finding } from "../../src/shared/content-health";
import type { Dictionary } from "../../src/shared/i18n/nl";
import { isBlockName } from "../../src/site/blocks/registry";
import type { PreviewProps } from "../../src/site/preview-props";
import { clearView, type Edge } from "./clear-view";
import { openBlok } from "./open-blok";
import { HEALTH_PANEL_ATTRIBUTE, HEALTH_PANEL_ID, HealthPanel } from "./panel";

/** The attribute of the frame drawn around the block of the finding opened last. */
export const HIGHLIGHT_ATTRIBUTE = "data-health-highlight";

/**
 * The first thing a keyboard reaches on the preview: a link to the panel, shown while it has focus
 * (the panel comes after the whole page in the document, and the page is not the editor's to change).
 */
function skipLink(text: string, onFollow: () => void): HTMLAnchorElement {
  const link = document.createElement("a");
  link.href = `#${HEALTH_PANEL_ID}`;
  link.textContent = text;
  const hidden = "position:fixed;left:-10000px;top:8px;";
  const shown =
    "position:fixed;left:8px;top:8px;z-index:2147483001;padding:8px 12px;background:#fff;color:#1f2430;border:2px solid #1f2430;border-radius:8px;font:14px/1.4 system-ui,sans-serif;";
  link.style.cssText = hidden;
  link.addEventListener("focus", () => (link.style.cssText = shown));
  link.addEventListener("blur", () => (link.style.cssText = hidden));
  link.addEventListener("click", onFollow);
  return link;
}

/** The bottom of what the page keeps stuck over the top of the viewport (its sticky header): a block there is hidden. */
function topInset(): number {
  let inset = 0;
  for (const element of document.querySelectorAll<HTMLElement>("body > *, header")) {
    const { position } = getComputedStyle(element);
    if (position !== "fixed" && position !== "sticky") continue;
    const { top, bottom, height } = element.getBoundingClientRect();
    if (top <= 0 && bottom > inset && height < innerHeight / 2) inset = bottom;
  }
  return inset;
}

/**
 * A frame around `element`, the block of the finding opened last: drawn over the page (an element of
 * its own at the end of the body, clicks pass through), not on the block, so no background or
 * overflow of the page's own hides it and the page's styles stay the editor's.
 */
function highlight(element: HTMLElement): void {
  let frame = document.querySelector<HTMLElement>(`[${HIGHLIGHT_ATTRIBUTE}]`);
  if (!frame) {
    frame = document.createElement("div");
    frame.setAttribute(HIGHLIGHT_ATTRIBUTE, "");
    document.body.append(frame);
  }
  const { left, top, width, height } = element.getBoundingClientRect();
  frame.style.cssText = `position:absolute;left:${left + scrollX}px;top:${top + scrollY}px;width:${width}px;height:${height}px;box-sizing:border-box;border:3px solid #a4161a;border-radius:4px;pointer-events:none;z-index:2147482999;`;
}

/** Finds the blok of a finding in the content the panel last checked. */
function blokByUid(content: unknown, uid: string): Blok | undefined {
  if (Array.isArray(content)) {
    for (const item of content) {
      const found = blokByUid(item, uid);
      if (found) return found;
    }
  } else if (content && typeof content === "object") {
    if ((content as Blok)._uid === uid && typeof (content as Blok).component === "string") return content as Blok;
    for (const value of Object.values(content)) {
      const found = blokByUid(value, uid);
      if (found) return found;
    }
  }
  return undefined;
}

/** Starts the panel for the preview `props`; returns what a live edit calls with the edited content. */
export function startHealthPanel(props: PreviewProps, t: Dictionary["preview"]["health"]): (content: Blok) => void {
  const element = document.createElement("div");
  element.setAttribute(HEALTH_PANEL_ATTRIBUTE, "");
  document.body.append(element);
  const root = createRoot(element);
  const { health } = props;
  const story = { id: props.storyId, name: health.story.name, full_slug: health.story.full_slug };
  const dutch = health.dutch && { ...story, content: health.dutch };
  const isBlock = (component: string) => isBlockName(component) || Object.hasOwn(modelFacts, component);
  const view: { findings: Finding[]; edge: Edge; open: boolean } = { findings: [], edge: "bottom", open: true };
  let checked: Blok = props.content;
  const render = () =>
    flushSync(() => root.render(<HealthPanel {...view} lang={props.lang} t={t} labels={modelLabels} setOpen={setOpen} onOpen={onOpen} />));
  const setOpen = (open: boolean) => {
    view.open = open;
    render();
  };
  /** The block in view and clear of the panel: the page scrolls, the panel changes edge, or its list folds away. */
  const bringClear = (shown: HTMLElement) => {
    const panel = element.firstElementChild as HTMLElement;
    const { top, bottom } = shown.getBoundingClientRect();
    const page = document.scrollingElement ?? document.documentElement;
    const room = { height: innerHeight, inset: topInset(), up: scrollY, down: page.scrollHeight - scrollY - innerHeight };
    const placed = clearView({ top, bottom }, panel.offsetHeight, room);
    scrollBy({ top: placed.scrollBy, behavior: "instant" });
    Object.assign(view, { edge: placed.edge, open: view.open && placed.clear });
    render();
  };
  const onOpen = (finding: Finding) => {
    const blok = blokByUid(checked, finding.uid);
    const shown = blok && openBlok(blok);
    if (!shown) return;
    bringClear(shown);
    highlight(shown);
  };
  const check = (content: Blok) => {
    checked = content;
    // an edit may move the blocks: a frame drawn before could now surround something else
    document.querySelector(`[${HIGHLIGHT_ATTRIBUTE}]`)?.remove();
    const setup: CheckSetup = { facts: modelFacts, labels: modelLabels, links: health.links, isBlock, now: Date.now() };
    view.findings = checkVersion(props.lang, { ...story, content }, setup, dutch);
    render();
  };
  document.body.prepend(skipLink(t.skip, () => setOpen(true)));
  check(props.content);
  // after the edit's own render, once for a burst of keystrokes: the page never waits for the rules
  let pending: Blok | undefined;
  return (content) => {
    const first = pending === undefined;
    pending = content;
    if (!first) return;
    setTimeout(() => {
      const edited = pending;
      pending = undefined;
      if (edited) check(edited);
    });
  };
}
