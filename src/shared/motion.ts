/**
 * The spec's animation durations, in ms. The stylesheet (uno.config.ts) is generated from these:
 * this is their one home.
 */

/** Desktop submenu: its content fades and slides in over this long. */
export const SUBMENU_TRANSITION_MS = 1000;
/** Desktop submenu: its panel expands over this long. */
export const SUBMENU_EXPAND_MS = 300;
/** Footer link groups open and close over this long on small screens. */
export const FOOTER_COLLAPSE_MS = 150;
