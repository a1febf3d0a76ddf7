/**
 * Email addresses never reach logs: a log line names a subscriber by a short hash, and any text
 * that came from elsewhere (a HubSpot error message may quote the address) is redacted first.
 */
import { digestHex } from "../../shared/digest";

const LOG_HASH_LENGTH = 12;

export function sha256Hex(text: string): Promise<string> {
  return digestHex("SHA-256", text);
}

/** The hash stored next to a normalised address (`email_hash`). */
export const emailHash = sha256Hex;

/** How logs refer to a subscriber: a prefix of `email_hash`, enough to correlate, useless to reverse. */
export function logHash(hash: string): string {
  return hash.slice(0, LOG_HASH_LENGTH);
}

const EMAIL_LIKE = /[^\s@"'<>(),;:[\]\\]+@[^\s@"'<>(),;:[\]\\]+/g;

/** Replaces anything that looks like an email address, so foreign text can be logged and stored. */
export function redactEmails(text: string): string {
  return text.replace(EMAIL_LIKE, "[e-mailadres]");
}
