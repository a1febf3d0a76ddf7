/**
 * What the site holds about one address, and how it is erased (GDPR arts. 15 and 17): the SQL
 * and the reports of `npm run subscribers -- --export|--erase <email>`. Pure (no Node API, no
 * database), so the workerd tests run the same statements against the Worker's own D1.
 *
 * The address is found by its hash as the Worker stores it (`email_hash`: SHA-256 of the address
 * normalised by the shared email rule), and only that hash, checked to be hex, goes into the SQL.
 * Erasure deletes the outbox row (address or its hash, hutk, page, errors); the consent records
 * stay: they name the address only by its hash and exist to demonstrate consent
 * (docs/decisions/022).
 */
import { digestHex } from "../../src/shared/digest.ts";
import { normaliseEmail } from "../../src/shared/email.ts";

const HASH = /^[0-9a-f]{64}$/;

/** `email_hash` of an address, exactly as the Worker computes it on signup. */
export async function subscriberHash(email: string): Promise<string> {
  return digestHex("SHA-256", normaliseEmail(email.trim()));
}

function checked(hash: string): string {
  if (!HASH.test(hash)) throw new Error("not a SHA-256 hash");
  return hash;
}

export const OUTBOX_COLUMNS = [
  "email",
  "status",
  "language",
  "page_uri",
  "hutk",
  "attempts",
  "last_error",
  "created_at",
  "updated_at",
  "delivered_at",
  "next_attempt_at",
] as const;

/** The outbox row and the consent records (with the text shown) of one address: two statements. */
export function exportStatements(hash: string): [string, string] {
  const h = checked(hash);
  return [
    `SELECT ${OUTBOX_COLUMNS.join(", ")} FROM subscribers WHERE email_hash = '${h}'`,
    `SELECT c.given_at, c.language, c.page_uri, c.outcome, c.consent_version, t.text
     FROM consents c JOIN consent_texts t ON t.version = c.consent_version
     WHERE c.email_hash = '${h}' ORDER BY c.given_at, c.id`,
  ];
}

/** Deletes the outbox row (saying what it was), then counts the hashed consent records that stay. */
export function eraseStatements(hash: string): [string, string] {
  const h = checked(hash);
  return [
    `DELETE FROM subscribers WHERE email_hash = '${h}' RETURNING status, delivered_at`,
    `SELECT COUNT(*) AS n FROM consents WHERE email_hash = '${h}'`,
  ];
}

export type Row = Record<string, unknown>;

export interface Held {
  email: string;
  emailHash: string;
  outbox: Row[];
  consents: Row[];
}

const HASHED = "sha256:";

function outboxLines(row: Row): string[] {
  const address = String(row.email).startsWith(HASHED)
    ? "not kept (only its hash: HubSpot has it, or it was undeliverable for 30 days)"
    : String(row.email);
  const lines = [`  address: ${address}`];
  for (const column of OUTBOX_COLUMNS.slice(1)) {
    if (row[column] !== null && row[column] !== undefined) lines.push(`  ${column}: ${String(row[column])}`);
  }
  return lines;
}

function consentLines(consents: Row[]): string[] {
  return consents.flatMap((c) => [
    `  ${String(c.given_at)}  ${String(c.language)}  ${String(c.outcome)}  ${c.page_uri === null ? "(no page)" : String(c.page_uri)}`,
    `    text shown (version ${String(c.consent_version).slice(0, 12)}): ${String(c.text)}`,
  ]);
}

/** What `--export` prints. */
export function exportReport(held: Held): string {
  const { email, emailHash, outbox, consents } = held;
  const hashed = `${consents.length} consent record(s), hashed: they name the address only by its SHA-256 (${emailHash.slice(0, 12)}…), not the address itself; kept to demonstrate consent (GDPR art. 7(1))`;
  if (!outbox.length) {
    return [
      `Nothing is held for ${email}.`,
      ...(consents.length ? [`What remains: ${hashed}:`, ...consentLines(consents)] : ["No consent record either."]),
    ].join("\n");
  }
  const delivered = outbox.some((row) => row.delivered_at);
  return [
    `What the site holds for ${email}:`,
    "Newsletter outbox (D1):",
    ...outbox.flatMap(outboxLines),
    ...(consents.length ? [`${hashed}:`, ...consentLines(consents)] : ["No consent record."]),
    ...(delivered ? ["HubSpot has the contact: what it holds is exported in HubSpot (the contact's record)."] : []),
  ].join("\n");
}

/** What the HubSpot side of an erasure came to. */
export type HubSpotErasure =
  | { kind: "deleted"; status: number }
  | { kind: "failed"; error: string }
  | { kind: "not-asked"; reason: string };

/** What `--erase` prints. */
export function eraseReport(email: string, deleted: Row[], consentsKept: number, hubspot: HubSpotErasure): string {
  const lines = [`Erased ${email}:`];
  lines.push(
    deleted.length
      ? `  outbox: the row is deleted (it was ${deleted.map((row) => String(row.status)).join(", ")})`
      : "  outbox: no row held (nothing to delete)",
  );
  lines.push(
    consentsKept
      ? `  consent records: ${consentsKept} kept, hashed (they name the address only by its SHA-256; to demonstrate consent)`
      : "  consent records: none",
  );
  if (hubspot.kind === "deleted") lines.push(`  HubSpot: contact deleted through its GDPR delete (${hubspot.status})`);
  else if (hubspot.kind === "failed")
    lines.push(`  HubSpot: NOT deleted: ${hubspot.error}. Run the command again, or delete the contact in HubSpot.`);
  else lines.push(`  HubSpot: not asked: ${hubspot.reason}`);
  if (deleted.some((row) => row.status === "sending"))
    lines.push("  A delivery to HubSpot was under way: run --erase again in a minute, so HubSpot's copy is deleted too.");
  return lines.join("\n");
}
