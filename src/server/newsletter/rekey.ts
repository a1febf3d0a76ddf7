/**
 * Replaces pseudonyms not made with the current key: the unkeyed SHA-256 digests of rows from
 * before SUBSCRIBER_HASH_KEY (or written by the previous version of the Worker while a deploy rolls
 * out), and, after a key rotation, those of rows that still hold their address. Runs in the cron,
 * a bounded batch a minute, so a deploy needs no step of its own (docs/decisions/026).
 *
 * A row without its address under an earlier key cannot be re-keyed (nothing to compute from): it
 * stays under that key, findable while that key is SUBSCRIBER_HASH_KEY_PREVIOUS.
 */
import type { Logger } from "../../shared/log";
import { normaliseEmail } from "../../shared/email";
import { keyId, pseudonymOfDigest, subscriberPseudonym } from "../../shared/subscriber-pseudonym";
import { HOLDS_ADDRESS } from "./outbox";

/** Rows of each table one cron run re-keys at most: a few hundred statements, far inside one invocation's limits. */
export const MAX_REKEY_PER_RUN = 100;

export interface RekeyRun {
  subscribers: number;
  consents: number;
  /** Unkeyed rows that turned out to be a subscriber already kept under the current key: deleted. */
  merged: number;
}

export async function rekeyPseudonyms(db: D1Database, key: string, logger: Logger, limit = MAX_REKEY_PER_RUN): Promise<RekeyRun> {
  const id = await keyId(key);
  const run: RekeyRun = { subscribers: 0, consents: 0, merged: 0 };
  const { results: rows } = await db
    .prepare(
      `SELECT id, email, email_hash, hash_key FROM subscribers
       WHERE status <> 'sending' AND (hash_key IS NULL OR (hash_key <> ?1 AND ${HOLDS_ADDRESS})) LIMIT ?2`,
    )
    .bind(id, limit)
    .all<{ id: number; email: string; email_hash: string; hash_key: string | null }>();
  const statements: D1PreparedStatement[] = [];
  for (const row of rows) {
    const holdsAddress = row.email.includes("@");
    const pseudonym = holdsAddress ? await subscriberPseudonym(key, row.email) : await pseudonymOfDigest(key, row.email_hash);
    // an address is normalised again too: rows from before issue 53 kept the local part's case
    const email = holdsAddress ? normaliseEmail(row.email) : null;
    statements.push(
      db
        .prepare(
          `UPDATE OR IGNORE subscribers SET email_hash = ?2, hash_key = ?3, email = COALESCE(?4, 'pseudonym:' || ?2)
           WHERE id = ?1 AND email_hash = ?5`,
        )
        .bind(row.id, pseudonym, id, email, row.email_hash),
      // ignored: the subscriber is already kept under the current key (a repeat signup after the
      // deploy); the newer row stands for both
      db.prepare("DELETE FROM subscribers WHERE id = ?1 AND hash_key IS NOT ?2 RETURNING id").bind(row.id, id),
    );
  }
  // a record whose subscriber row still holds the address is keyed from it, as that row is: the
  // digest of a row from before issue 53 is of the address with its local part's case
  const { results: consents } = await db
    .prepare(
      `SELECT c.id, c.email_hash, (SELECT s.email FROM subscribers s WHERE s.email_hash = c.email_hash AND instr(s.email, '@') > 0) AS email
       FROM consents c WHERE c.hash_key IS NULL LIMIT ?1`,
    )
    .bind(limit)
    .all<{ id: number; email_hash: string; email: string | null }>();
  for (const consent of consents) {
    const pseudonym = consent.email ? await subscriberPseudonym(key, consent.email) : await pseudonymOfDigest(key, consent.email_hash);
    statements.push(
      db.prepare("UPDATE consents SET email_hash = ?2, hash_key = ?3 WHERE id = ?1 AND hash_key IS NULL").bind(consent.id, pseudonym, id),
    );
  }
  if (!statements.length) return run;
  const results = await db.batch(statements);
  run.subscribers = rows.length;
  run.consents = consents.length;
  run.merged = results.filter((result, i) => i < rows.length * 2 && i % 2 === 1 && result.results.length > 0).length;
  run.subscribers -= run.merged;
  logger.info("newsletter.rekeyed", { ...run });
  return run;
}
