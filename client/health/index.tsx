/**
 * The preview's content health: checks the open story's draft with the content rules and shows the
 * findings in a panel of their own (panel.tsx), again after every live edit (`update`).
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import modelFacts from "../../.generated/model-facts.js";
import type { Blok } from "../../src/shared/content";
import { type CheckSetup, checkVersion, type Finding } from "../../src/shared/content-health";
import type { Dictionary } from "../../src/shared/i18n/nl";
import { isBlockName } from "../../src/site/blocks/registry";
import type { PreviewProps } from "../../src/site/preview-props";
import { openBlok } from "./open-blok";
import { HEALTH_PANEL_ATTRIBUTE, HealthPanel } from "./panel";

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
  let checked: Blok = props.content;
  const onOpen = (finding: Finding) => {
    const blok = blokByUid(checked, finding.uid);
    if (blok) openBlok(blok);
  };
  const check = (content: Blok) => {
    checked = content;
    const setup: CheckSetup = { facts: modelFacts, links: health.links, isBlock, now: Date.now() };
    const findings = checkVersion(props.lang, { ...story, content }, setup, dutch);
    flushSync(() => root.render(<HealthPanel findings={findings} lang={props.lang} t={t} onOpen={onOpen} />));
  };
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
