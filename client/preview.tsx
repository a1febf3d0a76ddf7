/**
 * The preview bundle: loaded only on visual-editor preview pages, never by visitors (it is a
 * separate build, see scripts/build.ts). It hydrates the routed page with the same blocks the
 * server rendered it with (the shared block registry) and re-renders it on every `input` event
 * of the Storyblok bridge: an edit shows within a frame, without a reload or a server round trip.
 * Saving (`change`) and publishing (`published`) reload the page from the server.
 */
import { flushSync } from "react-dom";
import { hydrateRoot, type Root } from "react-dom/client";
import { Block } from "../src/site/blocks/blocks";
import type { Blok } from "../src/shared/content";
import { createLogger } from "../src/shared/log";
import { PREVIEW_ROOT_ATTRIBUTE, previewSite, type PreviewProps } from "../src/site/preview-props";
import { SiteProvider, type SiteContextValue } from "../src/site/site-context";

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

function PreviewPage({ site, content }: { site: SiteContextValue; content: Blok }) {
  return (
    <SiteProvider value={site}>
      <Block blok={content} />
    </SiteProvider>
  );
}

function start(): void {
  const element = document.querySelector<HTMLElement>(`[${PREVIEW_ROOT_ATTRIBUTE}]`);
  if (!element) return;
  const props = JSON.parse(element.dataset.props ?? "null") as PreviewProps | null;
  if (!props) return;
  const site = previewSite(props, logger);
  const root: Root = hydrateRoot(element, <PreviewPage site={site} content={props.content} />, {
    onRecoverableError: (error) => logger.error("preview.hydration", { error }),
  });

  const Bridge = window.StoryblokBridge;
  if (!Bridge) {
    logger.error("preview.bridge_missing", { message: "Storyblok's bridge script did not load: live editing is off" });
    return;
  }
  const bridge = new Bridge({ resolveRelations: props.resolveRelations });
  bridge.on(["input", "change", "published"], (event) => {
    if (!event) return;
    if (event.action === "input" && event.story && event.story.id === props.storyId) {
      const content = event.story.content;
      // synchronously: the edit is in the DOM before the editor's next keystroke arrives
      flushSync(() => root.render(<PreviewPage site={site} content={content} />));
    } else if ((event.action === "change" || event.action === "published") && String(event.storyId) === String(props.storyId)) {
      location.reload();
    }
  });
  document.documentElement.dataset.preview = "live";
}

start();
