/**
 * The demo space (the content snapshot) and the Storyblok CDN emulator that serves it: only used
 * when no STORYBLOK_TOKEN is set (`npm start`, offline). `npm run build` bundles this file on its
 * own into `src/server/.generated/embedded-space.js`, which wrangler uploads as an additional
 * module (`find_additional_modules` in wrangler.toml): the Worker's main module never contains it,
 * and an isolate that talks to a real space never loads it (`loadEmbeddedSpace` in ../index.ts).
 */
import snapshot from "../../../.generated/snapshot.js";
import { createEmulator } from "./emulator";

export { createEmulator, snapshot };
