import { readConfig, type AppEnv } from "../env";
import { createLogger, type LogSink } from "../../shared/log";
import { runOutbox } from "./delivery";
import { HUBSPOT_TIMEOUT_MS } from "./hubspot";

/** What tests replace in the newsletter's delivery: the clock, HubSpot's network, the timeout, log output. */
export interface NewsletterDeps {
  now?: () => number;
  hubspotFetch?: typeof fetch;
  hubspotTimeoutMs?: number;
  logSink?: LogSink;
}

export function deliveryFetch(deps: NewsletterDeps): typeof fetch {
  return deps.hubspotFetch ?? ((input, init) => fetch(input, init));
}

/** The cron trigger: retries due deliveries. Without HubSpot settings there is nothing to send. */
export function createNewsletterCron(deps: NewsletterDeps = {}): ExportedHandlerScheduledHandler<AppEnv> {
  return async (controller, env) => {
    const config = readConfig(env);
    const logger = createLogger({ level: config.logLevel, base: { cron: controller.cron }, sink: deps.logSink });
    if (!config.hubspot) return;
    await runOutbox({
      db: env.DB,
      target: config.hubspot,
      fetch: deliveryFetch(deps),
      timeoutMs: deps.hubspotTimeoutMs ?? HUBSPOT_TIMEOUT_MS,
      now: deps.now ?? (() => Date.now()),
      logger,
    });
  };
}
