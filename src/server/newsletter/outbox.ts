/**
 * The D1 outbox. Every state change is one SQL statement, and a delivery attempt owns its row
 * through a claim (status 'sending', attempts + 1) taken atomically by UPDATE ... RETURNING, so the
 * first attempt right after a signup and the cron trigger can never send the same row twice. The
 * claim's attempt number is its token: a late answer from an attempt whose claim went stale and was
 * taken over cannot overwrite what the newer attempt wrote.
 *
 * `updated_at` of a 'sending' row is when it was claimed; a claim older than the stale limit
 * belongs to an attempt that died (isolate evicted mid-send) and may be claimed again.
 */
import type { Lang } from "../../shared/i18n/lang";
import { consentStatements, type ConsentText } from "./consent";

export type SubscriberStatus = "pending" | "sending" | "delivered" | "failed" | "stored";

export interface SubscriberRow {
  id: number;
  email: string;
  email_hash: string;
  page_uri: string | null;
  status: SubscriberStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  /** The language of the page signed up on (migration 0002; rows from before it: 'nl'). */
  language: Lang;
  /** HubSpot's tracking cookie, only with marketing consent (migration 0005); cleared with the address. */
  hutk: string | null;
  /** The id of the key that made `email_hash` (migration 0008); null: an unkeyed digest the cron re-keys. */
  hash_key: string | null;
}

/** A row claimed for one delivery attempt. */
export type Claim = Pick<SubscriberRow, "id" | "email" | "email_hash" | "page_uri" | "language" | "attempts" | "hutk">;

const CLAIM_COLUMNS = "id, email, email_hash, page_uri, language, attempts, hutk";

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a row keeps in place of an address it no longer needs (docs/decisions/022): its keyed
 * pseudonym. Rows from before the key say `sha256:`; either way, a row holds an address only while
 * its `email` has an `@`.
 */
export const HASHED_EMAIL = "'pseudonym:' || email_hash";
export const HOLDS_ADDRESS = "instr(email, '@') > 0";

/**
 * No row of a subscriber whose erasure HubSpot has not yet confirmed is sent: a row in flight when
 * the erasure came, or a signup after it, would otherwise reach HubSpot after (or before) the
 * GDPR delete (docs/decisions/026).
 */
const NOT_BEING_ERASED = "email_hash NOT IN (SELECT email_hash FROM erasures WHERE hubspot_state = 'pending')";

/** Failed rows whose last attempt is older than `before` keep the hash instead of the address. */
export async function forgetUndeliverable(db: D1Database, before: number): Promise<Array<Pick<SubscriberRow, "email_hash">>> {
  const { results } = await db
    .prepare(
      `UPDATE subscribers SET email = ${HASHED_EMAIL}, hutk = NULL
       WHERE status = 'failed' AND updated_at <= ?1 AND ${HOLDS_ADDRESS}
       RETURNING email_hash`,
    )
    .bind(iso(before))
    .all<Pick<SubscriberRow, "email_hash">>();
  return results;
}

export interface NewSubscriber {
  email: string;
  emailHash: string;
  /** The id of the key that made `emailHash`. */
  hashKey: string;
  pageUri: string | null;
  language: Lang;
  /** HubSpot's tracking cookie, when the visitor accepted marketing cookies. */
  hutk?: string;
  /** 'pending' when a delivery target is configured, else 'stored'. */
  status: "pending" | "stored";
  now: number;
  /** The consent text shown beside the form: recorded with the signup, in the same transaction. */
  consent: ConsentText;
}

/**
 * Stores a signup. One row per address (by its hash, also once the row keeps only the hash): a
 * repeat signup changes nothing, except that a row whose delivery failed for good gets a fresh
 * start (with the address again, and the language of this signup). Returns the row id when it is (again) waiting for
 * delivery, `undefined` when the address was already there.
 */
export async function storeSubscriber(db: D1Database, s: NewSubscriber): Promise<{ id: number; status: SubscriberStatus } | undefined> {
  const at = iso(s.now);
  const consent = consentStatements(db, { emailHash: s.emailHash, hashKey: s.hashKey, consent: s.consent, pageUri: s.pageUri, at });
  const store = db
    .prepare(
      `INSERT INTO subscribers (email, email_hash, page_uri, status, attempts, next_attempt_at, created_at, updated_at, language, hutk, hash_key)
       VALUES (?1, ?2, ?3, ?4, 0, ?5, ?6, ?6, ?7, ?8, ?9)
       ON CONFLICT (email_hash) DO UPDATE SET
         email = excluded.email, status = excluded.status, attempts = 0, last_error = NULL, language = excluded.language,
         hutk = excluded.hutk, next_attempt_at = excluded.next_attempt_at, updated_at = excluded.updated_at
       WHERE subscribers.status = 'failed'
       RETURNING id, status`,
    )
    .bind(s.email, s.emailHash, s.pageUri, s.status, s.status === "pending" ? at : null, at, s.language, s.hutk ?? null, s.hashKey);
  const [, stored] = await db.batch<{ id: number; status: SubscriberStatus }>([consent.beforeStore, store, consent.afterStore]);
  return stored?.results[0] ?? undefined;
}

/** Claims one specific row that is waiting (the first attempt right after its signup). */
export async function claimById(db: D1Database, id: number, now: number): Promise<Claim | undefined> {
  const at = iso(now);
  const row = await db
    .prepare(
      `UPDATE subscribers SET status = 'sending', attempts = attempts + 1, updated_at = ?2
       WHERE id = ?1 AND status = 'pending' AND next_attempt_at <= ?2 AND ${NOT_BEING_ERASED}
       RETURNING ${CLAIM_COLUMNS}`,
    )
    .bind(id, at)
    .first<Claim>();
  return row ?? undefined;
}

/**
 * Claims the row that has waited longest among those due: pending (or stored, from before
 * delivery was configured) and past next_attempt_at, or 'sending' with a stale claim. Rows that
 * used their last attempt are never claimed again (see `failExhaustedClaims`).
 */
export async function claimNextDue(db: D1Database, now: number, staleBefore: number, maxAttempts: number): Promise<Claim | undefined> {
  const row = await db
    .prepare(
      `UPDATE subscribers SET status = 'sending', attempts = attempts + 1, updated_at = ?1
       WHERE id = (
         SELECT id FROM subscribers
         WHERE attempts < ?3 AND ${NOT_BEING_ERASED} AND (
           (status IN ('pending', 'stored') AND COALESCE(next_attempt_at, '') <= ?1)
           OR (status = 'sending' AND updated_at <= ?2))
         ORDER BY COALESCE(next_attempt_at, created_at), id
         LIMIT 1)
       RETURNING ${CLAIM_COLUMNS}`,
    )
    .bind(iso(now), iso(staleBefore), maxAttempts)
    .first<Claim>();
  return row ?? undefined;
}

/** Stale claims of rows that had no attempts left: the attempt died, so the row has failed. */
export async function failExhaustedClaims(
  db: D1Database,
  now: number,
  staleBefore: number,
  maxAttempts: number,
): Promise<Array<Pick<SubscriberRow, "email_hash" | "attempts">>> {
  const { results } = await db
    .prepare(
      `UPDATE subscribers SET status = 'failed', next_attempt_at = NULL, updated_at = ?1,
         last_error = COALESCE(last_error, 'attempt did not finish')
       WHERE status = 'sending' AND updated_at <= ?2 AND attempts >= ?3
       RETURNING email_hash, attempts`,
    )
    .bind(iso(now), iso(staleBefore), maxAttempts)
    .all<Pick<SubscriberRow, "email_hash" | "attempts">>();
  return results;
}

/** Ends a claim. False when the claim was no longer ours (it went stale and was taken over). */
export async function finishClaim(
  db: D1Database,
  claim: Claim,
  now: number,
  outcome: { status: "delivered" } | { status: "pending"; error: string; nextAttemptAt: number } | { status: "failed"; error: string },
): Promise<boolean> {
  const at = iso(now);
  const statement =
    outcome.status === "delivered"
      ? db
          .prepare(
            `UPDATE subscribers SET status = 'delivered', delivered_at = ?3, updated_at = ?3, next_attempt_at = NULL, last_error = NULL,
               email = ${HASHED_EMAIL}, hutk = NULL
             WHERE id = ?1 AND status = 'sending' AND attempts = ?2`,
          )
          .bind(claim.id, claim.attempts, at)
      : db
          .prepare(
            `UPDATE subscribers SET status = ?4, last_error = ?5, next_attempt_at = ?6, updated_at = ?3
             WHERE id = ?1 AND status = 'sending' AND attempts = ?2`,
          )
          .bind(
            claim.id,
            claim.attempts,
            at,
            outcome.status,
            outcome.error,
            outcome.status === "pending" ? iso(outcome.nextAttemptAt) : null,
          );
  const result = await statement.run();
  return result.meta.changes === 1;
}
