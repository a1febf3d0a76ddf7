import build from "../../../.generated/build.js";

/** Hashed file names of this build (written by scripts/build.ts). */
export interface BuildManifest {
  buildId: string;
  builtAt: string;
  stylesheet: string;
  /**
   * The client entry and the chunks it imports statically (preloaded); `vitals` the field
   * measurements (visitor pages with a page type); `preview` is the separate bundle only
   * visual-editor previews load.
   */
  scripts: { app: string; preload: string[]; vitals: string; preview: string };
}

export const buildManifest: BuildManifest = build;
