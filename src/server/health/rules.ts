/**
 * The content rules and the content model's facts, as one module of its own: built by `npm run
 * build` into `src/server/.generated/content-health.js` (tools/build/build.ts), which wrangler
 * uploads beside the main module (wrangler.toml `find_additional_modules`). Only the publish
 * webhook's check loads it (publish-check.ts), so the module a visitor's isolate starts from does
 * not carry ~25 KB of rules it never runs.
 */
export { checkStory, healthReport, reportLogFields } from "../../shared/content-health";
export { default as modelFacts } from "../../../.generated/model-facts.js";
export { default as modelLabels } from "../../../.generated/model-labels.js";
