import type { HubSpotTarget } from "../env";
import type { Logger } from "../../shared/log";
import { describeTarget, sendToHubSpot, type SendResult } from "./hubspot";
import { claimById, claimNextDue, failExhaustedClaims, finishClaim, forgetUndeliverable, iso, type Claim } from "./outbox";
import { latestConsentText } from "./consent";
import { logHash } from "./privacy";
import { isValidEmail } from "../../shared/email";

/** Attempts per address, the first one included; then the row is marked failed. */
export const MAX_ATTEMPTS = 8;
/** Wait after the first failed attempt; doubles after every further one (1, 2, 4 ... 64 min). */
export const BASE_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 6 * 3600_000;
/** How long a row HubSpot never took keeps its address after the last attempt: time for a person to fix the settings. */
export const UNDELIVERABLE_RETENTION_MS = 30 * 24 * 3600_000;
/** Rows one cron run sends at most: stays well inside the subrequest limit of one invocation. */
export const MAX_ROWS_PER_RUN = 40;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryDeps {
  db: D1Database;
  target: HubSpotTarget;
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => number;
  logger: Logger;
}

/**
 * The reason a row whose address breaks the email rule (src/shared/email.ts) is failed with, unsent:
 * one queued before the rule was as strict as HubSpot. HubSpot would refuse it, and no retry changes that.
 */
export const REFUSED_BY_RULE =
  "not sent: HubSpot refuses this address (the email rule: a domain with a dot and a valid top-level domain, at most 254 characters)";

/** A claim older than this belongs to an attempt that can no longer be running. */
export function staleClaimMs(timeoutMs: number): number {
  return timeoutMs * 2;
}

/** Sends one claimed row and writes the outcome back. */
export async function deliverClaim(deps: DeliveryDeps, claim: Claim): Promise<SendResult> {
  if (!isValidEmail(claim.email)) return refuseClaim(deps, claim);
  const consentText = await latestConsentText(deps.db, claim.email_hash);
  const result = await sendToHubSpot(
    deps.target,
    { email: claim.email, pageUri: claim.page_uri, language: claim.language, consentText, hutk: claim.hutk ?? undefined },
    deps,
  );
  const now = deps.now();
  const log = deps.logger.with({ emailHash: logHash(claim.email_hash), attempt: claim.attempts, via: describeTarget(deps.target) });
  let kept: boolean;
  if (result.kind === "delivered") {
    kept = await finishClaim(deps.db, claim, now, { status: "delivered" });
    log.info("newsletter.delivered", { status: result.status });
  } else if (result.kind === "rejected") {
    kept = await finishClaim(deps.db, claim, now, { status: "failed", error: result.error });
    log.error("newsletter.failed", { reason: "rejected by HubSpot", error: result.error });
  } else if (claim.attempts >= MAX_ATTEMPTS) {
    kept = await finishClaim(deps.db, claim, now, { status: "failed", error: result.error });
    log.error("newsletter.failed", { reason: `no delivery after ${claim.attempts} attempts`, error: result.error });
  } else {
    const nextAttemptAt = now + Math.max(backoffMs(claim.attempts), result.retryAfterMs ?? 0);
    kept = await finishClaim(deps.db, claim, now, { status: "pending", error: result.error, nextAttemptAt });
    // Refused credentials or an unknown form need a person; everything else heals by itself.
    (result.misconfigured ? log.error : log.warn)("newsletter.retry", { error: result.error, nextAttemptAt: iso(nextAttemptAt) });
  }
  if (!kept) log.warn("newsletter.claim_lost", { outcome: result.kind });
  return result;
}

/** A claimed row the email rule refuses: failed at once with the reason, never sent, never retried. */
async function refuseClaim(deps: DeliveryDeps, claim: Claim): Promise<SendResult> {
  const kept = await finishClaim(deps.db, claim, deps.now(), { status: "failed", error: REFUSED_BY_RULE });
  const log = deps.logger.with({ emailHash: logHash(claim.email_hash), attempt: claim.attempts });
  log.error("newsletter.failed", { reason: "refused by the email rule", error: REFUSED_BY_RULE });
  if (!kept) log.warn("newsletter.claim_lost", { outcome: "rejected" });
  return { kind: "rejected", error: REFUSED_BY_RULE };
}

/** The first attempt, right after the signup was stored (runs in waitUntil). */
export async function deliverNow(deps: DeliveryDeps, id: number): Promise<void> {
  try {
    const claim = await claimById(deps.db, id, deps.now());
    if (claim) await deliverClaim(deps, claim);
  } catch (error) {
    // The row stays pending (or its claim goes stale): the cron trigger picks it up.
    deps.logger.error("newsletter.attempt_failed", { error: errorSummary(error) });
  }
}

export interface OutboxRun {
  delivered: number;
  retried: number;
  failed: number;
  /** The run stopped early: HubSpot is failing, rate limiting or refusing the settings. */
  paused: boolean;
}

/**
 * One cron run: sends due rows oldest first until none is due, the per-run cap is reached, or
 * HubSpot fails. A failure that is not about one address (5xx, timeout, 429, refused settings)
 * stops the run, so an outage costs one attempt per run instead of one per waiting address, and
 * a 429's Retry-After is not answered with more requests.
 */
export async function runOutbox(deps: DeliveryDeps, maxRows = MAX_ROWS_PER_RUN): Promise<OutboxRun> {
  const run: OutboxRun = { delivered: 0, retried: 0, failed: 0, paused: false };
  const staleMs = staleClaimMs(deps.timeoutMs);
  for (const row of await forgetUndeliverable(deps.db, deps.now() - UNDELIVERABLE_RETENTION_MS)) {
    deps.logger.info("newsletter.address_forgotten", { emailHash: logHash(row.email_hash), reason: "undeliverable for 30 days" });
  }
  for (const row of await failExhaustedClaims(deps.db, deps.now(), deps.now() - staleMs, MAX_ATTEMPTS)) {
    run.failed++;
    deps.logger.error("newsletter.failed", {
      emailHash: logHash(row.email_hash),
      attempt: row.attempts,
      reason: "last attempt did not finish",
    });
  }
  for (let sent = 0; sent < maxRows; sent++) {
    const now = deps.now();
    const claim = await claimNextDue(deps.db, now, now - staleMs, MAX_ATTEMPTS);
    if (!claim) break;
    const result = await deliverClaim(deps, claim);
    if (result.kind === "delivered") run.delivered++;
    else if (result.kind === "rejected" || claim.attempts >= MAX_ATTEMPTS) run.failed++;
    else run.retried++;
    if (result.kind === "retry") {
      run.paused = true;
      break;
    }
  }
  deps.logger.info("newsletter.outbox_run", { ...run });
  return run;
}

function errorSummary(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
