/**
 * How a newsletter subscriber is named wherever the address itself is not kept (the outbox after
 * delivery, consent records, erasure requests, log lines): a keyed pseudonym, HMAC-SHA-256 with
 * the secret `SUBSCRIBER_HASH_KEY` over the SHA-256 of the normalised address. Without the key a
 * list of candidate addresses cannot be hashed into a match (an unkeyed digest could: 2 million
 * guesses in 13 s). The inner SHA-256 is what records from before the key were stored under
 * (migration 0008), so the cron can key those without ever seeing their address.
 *
 * The Worker (signup, delivery) and the operator's commands (export, erasure) both call this one
 * module, so a pseudonym computed by either finds the other's rows.
 */
import { digestHex, hmacHex } from "./digest.ts";
import { normaliseEmail } from "./email.ts";

/** A key shorter than this is refused: it could be guessed as easily as the addresses it protects. */
export const MIN_KEY_LENGTH = 32;

/** The pseudonym of an unkeyed SHA-256 of the normalised address (a record from before the key). */
export function pseudonymOfDigest(key: string, sha256: string): Promise<string> {
  return hmacHex("SHA-256", key, sha256);
}

/** The pseudonym of an address, under one key. */
export async function subscriberPseudonym(key: string, email: string): Promise<string> {
  return pseudonymOfDigest(key, await digestHex("SHA-256", normaliseEmail(email)));
}

/**
 * Which key a pseudonym was made with, stored beside it (`hash_key`): 8 hex characters of an HMAC
 * of a fixed text, which names the key without revealing it. After a rotation the cron re-keys
 * the rows that still hold their address, and lookups try the previous key too.
 */
export async function keyId(key: string): Promise<string> {
  return (await hmacHex("SHA-256", key, "koraal subscriber key id")).slice(0, 8);
}
