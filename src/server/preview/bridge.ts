/**
 * Storyblok's bridge script connects a page in the visual editor with the editor. With a real
 * space it is Storyblok's own; with the embedded content it is a local stand-in
 * (public/preview/bridge.js) with the same API and a hook to fire editor events.
 */
export const STORYBLOK_BRIDGE_URL = "https://app.storyblok.com/f/storyblok-v2-latest.js";
export const LOCAL_BRIDGE_URL = "/preview/bridge.js";

export function bridgeUrl(source: "storyblok" | "embedded"): string {
  return source === "storyblok" ? STORYBLOK_BRIDGE_URL : LOCAL_BRIDGE_URL;
}
