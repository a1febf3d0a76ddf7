import type { Emulator, EmulatorOptions } from "./emulator";
import type { SpaceSnapshot } from "../content/snapshot";

/** The demo space and its emulator (embedded-space.ts), loaded only when the site runs without a Storyblok token. */
export interface EmbeddedSpace {
  snapshot: SpaceSnapshot;
  createEmulator: (snapshot: SpaceSnapshot, options?: EmulatorOptions) => Emulator;
}
