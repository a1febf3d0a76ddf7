import type { Emulator, EmulatorOptions } from "./content/emulator";
import type { SpaceSnapshot } from "./content/snapshot";

/** The demo space and its emulator (embedded-space.ts), loaded only when the site runs without a Storyblok token. */
export interface EmbeddedSpace {
  snapshot: SpaceSnapshot;
  createEmulator: (snapshot: SpaceSnapshot, options?: EmulatorOptions) => Emulator;
}

/**
 * Loads the embedded space's module, built apart from the Worker's main module by `npm run build`.
 * The specifier is relative to this folder, wrangler's module root: it must stay a literal here,
 * in a file directly in src/server, for wrangler to keep it out of the bundle.
 */
export const loadEmbeddedSpace = (): Promise<EmbeddedSpace> => import("./.generated/embedded-space.js");
