/**
 * Erasure requests carried out in HubSpot (GDPR art. 17). `npm run subscribers -- --erase` records
 * the request and deletes the outbox row in one D1 batch (tools/operate/personal-data.ts), then
 * asks HubSpot once; whatever HubSpot did not confirm, the cron asks again, with backoff, until it
 * does. Until then no row of the subscriber is delivered (./outbox.ts), and the request keeps the
 * address, since HubSpot's GDPR delete is by address; once confirmed, only the pseudonym stays.
 */
import type { HubSpotGdprAccess } from "../env";
import type { Logger } from "../../shared/log";
import { ERASURE_CONFIRMED_SQL, ERASURE_FAILED_SQL, erasureBackoffMs, gdprDelete } from "./hubspot-gdpr";
import { iso } from "./outbox";
import { logHash, redactEmails } from "./privacy";

/** After this many attempts an outstanding erasure is logged as an error: a person should look. */
export const ERASURE_ALARM_ATTEMPTS = 8;
/** Requests one cron run sends at most. */
export const MAX_ERASURES_PER_RUN = 10;

export interface ErasureDeps {
  db: D1Database;
  access: HubSpotGdprAccess;
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
  logger: Logger;
}

interface Outstanding {
  id: number;
  email: string;
  email_hash: string;
  hubspot_attempts: number;
}

/** The statement that writes one attempt's outcome (the same SQL the operator's command runs). */
function erasureOutcome(
  db: D1Database,
  id: number,
  now: number,
  outcome: { confirmed: true } | { confirmed: false; error: string; attempts: number },
): D1PreparedStatement {
  if (outcome.confirmed) return db.prepare(ERASURE_CONFIRMED_SQL).bind(id, iso(now));
  return db.prepare(ERASURE_FAILED_SQL).bind(id, iso(now), redactEmails(outcome.error), iso(now + erasureBackoffMs(outcome.attempts)));
}

/** One cron run: the due requests, oldest first; a failure stops the run (HubSpot is down or refusing). */
export async function runErasures(deps: ErasureDeps, max = MAX_ERASURES_PER_RUN): Promise<{ confirmed: number; failed: number }> {
  const { results } = await deps.db
    .prepare(
      `SELECT id, email, email_hash, hubspot_attempts FROM erasures
       WHERE hubspot_state = 'pending' AND email IS NOT NULL AND COALESCE(hubspot_next_attempt_at, '') <= ?1
       ORDER BY requested_at, id LIMIT ?2`,
    )
    .bind(iso(deps.now()), max)
    .all<Outstanding>();
  const run = { confirmed: 0, failed: 0 };
  for (const request of results) {
    const result = await gdprDelete(request.email, {
      token: deps.access.token,
      origin: deps.access.apiOrigin,
      fetch: deps.fetch,
      timeoutMs: deps.timeoutMs,
    });
    const attempts = request.hubspot_attempts + 1;
    const log = deps.logger.with({ emailHash: logHash(request.email_hash), attempt: attempts });
    if (result.kind === "deleted") {
      await erasureOutcome(deps.db, request.id, deps.now(), { confirmed: true }).run();
      log.info("newsletter.erasure_confirmed", { status: result.status });
      run.confirmed++;
      continue;
    }
    const error = result.kind === "failed" ? result.error : result.reason;
    await erasureOutcome(deps.db, request.id, deps.now(), { confirmed: false, error, attempts }).run();
    (attempts >= ERASURE_ALARM_ATTEMPTS ? log.error : log.warn)("newsletter.erasure_outstanding", { error: redactEmails(error) });
    run.failed++;
    break;
  }
  return run;
}
