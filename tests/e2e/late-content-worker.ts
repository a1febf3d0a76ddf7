/**
 * The site as production wires it (createApp, the built static assets, the embedded space), for the
 * layout-shift test (tests/e2e/layout-shift.spec.ts), with the worst first view: every request is
 * answered by a new app (an empty isolate: no parsed copies, no HTML memo) over an empty content
 * cache, and the embedded space answers listings (stories by folder) only after LATE_LISTING_MS,
 * far past the page's grace time (LISTING_GRACE_MS in src/server/render/respond.tsx), so every
 * listing streams in behind its placeholder. Served with `wrangler dev tests/e2e/late-content-worker.ts`
 * (see playwright.config.ts).
 */
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import { createApp } from "../../src/server/index";
import type { AppEnv } from "../../src/server/env";

export { CacheVersionAuthority, SignupLimiter, VitalsLedger } from "../../src/server/index";

const LATE_LISTING_MS = 1500;
const emulator = createEmulator(snapshot);

/** The embedded space, slow to list a folder's stories (a listing); every other answer as fast as ever. */
const lateListings: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === "/v2/cdn/stories" && url.searchParams.has("starts_with")) {
    await new Promise((resolve) => setTimeout(resolve, LATE_LISTING_MS));
  }
  return emulator.fetch(input, init);
};

/** A content cache that never holds anything: every page is a first view. */
const emptyCache = {
  get: async () => null,
  getWithMetadata: async () => ({ value: null, metadata: null }),
  put: async () => undefined,
  delete: async () => undefined,
  list: async () => ({ keys: [], list_complete: true, cacheStatus: null }),
} as unknown as KVNamespace;

export default {
  fetch(request, env, ctx) {
    return createApp({ contentFetch: lateListings }).fetch(request, { ...env, CONTENT_CACHE: emptyCache }, ctx);
  },
} satisfies ExportedHandler<AppEnv>;
