/**
 * What the Management API cannot set up and a person does in Storyblok after the push, with the
 * values to enter (docs/storyblok-space.md, steps 4 to 7, says why each is needed).
 */
import { LANGUAGE_NAMES } from "./steps-model.ts";

/** The site as `npm run start:https` serves it: the visual editor frames only https pages. */
const LOCAL_SITE = "https://127.0.0.1:8787/";
const WEBHOOK_PATH = "/api/storyblok/webhook";
const WEBHOOK_TRIGGERS = "story published, unpublished, deleted and moved; datasource entry saved";

export function byHandSteps(languages: readonly string[]): string[] {
  const named = languages.map((code) => `${LANGUAGE_NAMES[code] ?? code} (${code})`).join(", ");
  return [
    `Settings -> Visual Editor: location (default environment) ${LOCAL_SITE} while working locally (npm run start:https); add the deployed site's origin as a second preview URL`,
    `Settings -> Webhooks: endpoint <the site's origin>${WEBHOOK_PATH}, secret: the value of STORYBLOK_WEBHOOK_SECRET, triggers: ${WEBHOOK_TRIGGERS}`,
    `Settings -> Internationalization: should list ${named} (the push adds it); switch on translatable slugs there (older spaces: the Translatable Slugs app)`,
    "Settings -> Access Tokens: one Public token (STORYBLOK_TOKEN) and one Preview token (STORYBLOK_PREVIEW_TOKEN), for .dev.vars locally and `npx wrangler secret put` deployed",
  ];
}
