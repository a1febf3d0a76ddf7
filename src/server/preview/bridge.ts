/**
 * Storyblok's bridge script connects a page in the visual editor with the editor. With a real
 * space it is Storyblok's own; the embedded space brings a local stand-in (src/server/demo/).
 */
export const STORYBLOK_BRIDGE_URL = "https://app.storyblok.com/f/storyblok-v2-latest.js";
