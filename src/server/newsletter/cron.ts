import { readConfig, type AppEnv } from "../env";
import { createLogger, type LogSink } from "../../shared/log";
import { runOutbox } from "./delivery";
import { HUBSPOT_TIMEOUT_MS } from "./hubspot";
import { runErasures } from "./erasure";
import { rekeyPseudonyms } from "./rekey";

/** What tests replace in the newsletter's delivery: the clock, HubSpot's network, the timeout, log output. */
export interface NewsletterDeps {
  now?: () => number;
  hubspotFetch?: typeof fetch;
  hubspotTimeoutMs?: number;
  /** Turnstile's Siteverify (the stand-in's fake in tests); default: the network. */
  turnstileFetch?: typeof fetch;
  logSink?: LogSink;
}

export function deliveryFetch(deps: NewsletterDeps): typeof fetch {
  return deps.hubspotFetch ?? ((input, init) => fetch(input, init));
}

/**
 * The cron trigger, in order: re-keys pseudonyms not made with the current key (./rekey.ts), asks
 * HubSpot again for the erasures it has not confirmed (./erasure.ts), then retries due deliveries
 * (without HubSpot settings there is nothing to send).
 */
export function createNewsletterCron(deps: NewsletterDeps = {}): ExportedHandlerScheduledHandler<AppEnv> {
  return async (controller, env) => {
    const config = readConfig(env);
    const logger = createLogger({ level: config.logLevel, base: { cron: controller.cron }, sink: deps.logSink });
    const now = deps.now ?? (() => Date.now());
    const timeoutMs = deps.hubspotTimeoutMs ?? HUBSPOT_TIMEOUT_MS;
    if (config.subscriberKeys) await rekeyPseudonyms(env.DB, config.subscriberKeys.current, logger);
    else logger.error("newsletter.key_missing", { message: "SUBSCRIBER_HASH_KEY is not set: pseudonyms are not re-keyed" });
    if (config.hubspotGdpr) {
      await runErasures({ db: env.DB, access: config.hubspotGdpr, fetch: deliveryFetch(deps), timeoutMs, now, logger });
    }
    if (!config.hubspot) return;
    await runOutbox({ db: env.DB, target: config.hubspot, fetch: deliveryFetch(deps), timeoutMs, now, logger });
  };
}
