/**
 * The preview bundle: loaded only on visual-editor preview pages, never by visitors (it is a
 * separate build, see scripts/build.ts). It hydrates header, routed story and footer with the
 * same blocks the server rendered them with (the shared block registry and site shell) and
 * re-renders them on every `input` event of the Storyblok bridge: an edit of the open story, or
 * of the theme (header, footer, customers), shows within a frame, without a reload or a server
 * round trip. Saving (`change`) and publishing (`published`) reload the page from the server.
 */
import { flushSync } from "react-dom";
import { hydrateRoot, type Root } from "react-dom/client";
import type { Blok } from "../src/shared/content";
import { dictionary } from "../src/shared/i18n";
import { createLogger } from "../src/shared/log";
import { themeOf, type Theme } from "../src/shared/theme";
import { Block } from "../src/site/blocks/dispatch";
import { PREVIEW_ROOT_ATTRIBUTE, previewSite, type PreviewProps } from "../src/site/preview-props";
import { StoryBody } from "../src/site/story-body";
import { SiteProvider } from "../src/site/site-context";
import { SiteShell } from "../src/site/site-shell";
import { startHealthPanel } from "./health";

/** The parts of Storyblok's bridge (storyblok-v2-latest.js) the preview uses. */
interface BridgeEvent {
  action: "input" | "change" | "published" | string;
  story?: { id: number; content: Blok };
  storyId?: number | string;
}

interface StoryblokBridge {
  on(events: string | string[], callback: (event?: BridgeEvent) => void): void;
}

declare global {
  interface Window {
    StoryblokBridge?: new (options?: { resolveRelations?: string[] }) => StoryblokBridge;
  }
}

const logger = createLogger({ level: "warn" });

// the preview runs without the visitor bundle: it marks the document as scripted itself (the
// stylesheet shows script-only controls, such as the carousel buttons, under `.js`)
document.documentElement.classList.add("js");

/** What an edit changes: the open story's content and the theme around it. */
interface Draft {
  content: Blok;
  theme: Theme;
}

function PreviewPage({ props, draft }: { props: PreviewProps; draft: Draft }) {
  return (
    <SiteProvider value={previewSite(props, draft.theme, logger, dictionary(props.lang), Block)}>
      <SiteShell header={draft.theme.header} footer={draft.theme.footer}>
        <StoryBody kind={props.kind} content={draft.content} />
      </SiteShell>
    </SiteProvider>
  );
}

/** The draft after an `input` event: the open story edited, or the theme (when it is the open story, both). */
function applyInput(props: PreviewProps, draft: Draft, story: { id: number; content: Blok }): Draft | null {
  const content = story.id === props.storyId ? story.content : draft.content;
  const themeEdited = story.id === props.theme.storyId || (props.kind === "theme" && story.id === props.storyId);
  // the theme open in another language: its Dutch draft tells an untranslated consent text apart
  const dutch = story.id === props.storyId ? props.health.dutch : undefined;
  const theme = themeEdited ? themeOf(story.content, story.id, { lang: props.lang, dutch }) : draft.theme;
  return content === draft.content && theme === draft.theme ? null : { content, theme };
}

function start(): void {
  const element = document.querySelector<HTMLElement>(`[${PREVIEW_ROOT_ATTRIBUTE}]`);
  if (!element) return;
  const props = JSON.parse(element.dataset.props ?? "null") as PreviewProps | null;
  if (!props) return;
  let draft: Draft = { content: props.content, theme: props.theme };
  const root: Root = hydrateRoot(element, <PreviewPage props={props} draft={draft} />, {
    onRecoverableError: (error) => logger.error("preview.hydration", { error }),
  });

  const checkHealth = startHealthPanel(props, dictionary(props.lang).preview.health);

  const Bridge = window.StoryblokBridge;
  if (!Bridge) {
    logger.error("preview.bridge_missing", { message: "Storyblok's bridge script did not load: live editing is off" });
    return;
  }
  const bridge = new Bridge({ resolveRelations: props.resolveRelations });
  bridge.on(["input", "change", "published"], (event) => {
    if (!event) return;
    if (event.action === "input" && event.story) {
      const next = applyInput(props, draft, event.story);
      if (!next) return;
      draft = next;
      // synchronously: the edit is in the DOM before the editor's next keystroke arrives
      flushSync(() => root.render(<PreviewPage props={props} draft={draft} />));
      if (event.story.id === props.storyId) checkHealth(draft.content);
    } else if ((event.action === "change" || event.action === "published") && String(event.storyId) === String(props.storyId)) {
      location.reload();
    }
  });
  document.documentElement.dataset.preview = "live";
}

start();
