/**
 * Email addresses never reach logs: a log line names a subscriber by a short prefix of its keyed
 * pseudonym, and any text that came from elsewhere (a HubSpot error message may quote the address)
 * is redacted first.
 */
import { digestHex } from "../../shared/digest";

const LOG_HASH_LENGTH = 12;

/** SHA-256 of a text that is no personal data (consent texts, rate-limit keys). */
export function sha256Hex(text: string): Promise<string> {
  return digestHex("SHA-256", text);
}

/**
 * How logs refer to a subscriber: a prefix of its keyed pseudonym (`email_hash`), enough to
 * correlate lines, and without the key no way back to an address.
 */
export function logHash(hash: string): string {
  return hash.slice(0, LOG_HASH_LENGTH);
}

const EMAIL_LIKE = /[^\s@"'<>(),;:[\]\\]+@[^\s@"'<>(),;:[\]\\]+/g;

/** Replaces anything that looks like an email address, so foreign text can be logged and stored. */
export function redactEmails(text: string): string {
  return text.replace(EMAIL_LIKE, "[e-mailadres]");
}
