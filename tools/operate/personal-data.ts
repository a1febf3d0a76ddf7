/**
 * What the site holds about one address, and how it is erased (GDPR arts. 15 and 17): the SQL
 * and the reports of `npm run subscribers -- --export|--erase <email>|--erasures`. Pure (no Node
 * API, no database), so the workerd tests run the same statements against the Worker's own D1.
 *
 * The address is found by its keyed pseudonym as the Worker makes it (src/shared/subscriber-pseudonym.ts:
 * the one normalisation, the one HMAC), under the current key and the previous one, and by the
 * unkeyed digest of rows the cron has not re-keyed yet; only those checked hex values enter the
 * SQL, and any text (the address an erasure keeps for HubSpot, who asked) enters as a hex literal.
 * Erasure records the request and deletes the outbox row in one batch; the consent records stay:
 * they name the address only by its pseudonym and exist to demonstrate consent (docs/decisions/022, 026).
 */
import { digestHex } from "../../src/shared/digest.ts";
import { normaliseEmail } from "../../src/shared/email.ts";
import { keyId, subscriberPseudonym } from "../../src/shared/subscriber-pseudonym.ts";

const HASH = /^[0-9a-f]{64}$/;
const KEY_ID = /^[0-9a-f]{8}$/;

/** The pseudonym keys the Worker has: `SUBSCRIBER_HASH_KEY` and, after a rotation, the previous one. */
export interface Keys {
  current: string;
  previous?: string;
}

/** How one address is named in D1: its pseudonym now, and every value a row of it may still carry. */
export interface SubscriberIds {
  pseudonym: string;
  keyId: string;
  /** The current pseudonym, the previous key's, the unkeyed digest of a row not yet re-keyed. */
  lookup: string[];
}

export async function subscriberIds(email: string, keys: Keys): Promise<SubscriberIds> {
  const pseudonym = await subscriberPseudonym(keys.current, email);
  const lookup = [pseudonym];
  if (keys.previous) lookup.push(await subscriberPseudonym(keys.previous, email));
  // rows written before the key (or by the previous Worker while a deploy rolls out) until the cron re-keys them
  lookup.push(await digestHex("SHA-256", normaliseEmail(email)));
  return { pseudonym, keyId: await keyId(keys.current), lookup };
}

function inList(hashes: string[]): string {
  for (const hash of hashes) if (!HASH.test(hash)) throw new Error("not a 64-character hex pseudonym");
  return `(${hashes.map((hash) => `'${hash}'`).join(", ")})`;
}

/** A text as an SQL literal that no quote in it can end: its UTF-8 bytes in hex. */
export function textLiteral(text: string | null): string {
  if (text === null) return "NULL";
  return `CAST(X'${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, "0")).join("")}' AS TEXT)`;
}

/** `?1`, `?2` ... of a statement replaced by literals: numbers as they are, texts in hex. */
export function withLiterals(sql: string, params: Array<string | number | null>): string {
  return sql.replace(/\?(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === undefined) throw new Error(`no parameter ?${n}`);
    return typeof value === "number" ? String(value) : textLiteral(value);
  });
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

/** The outbox row, the consent records (with the text shown) and the erasure requests of one address: three statements. */
export function exportStatements(lookup: string[]): [string, string, string] {
  const ids = inList(lookup);
  return [
    `SELECT ${OUTBOX_COLUMNS.join(", ")} FROM subscribers WHERE email_hash IN ${ids}`,
    `SELECT c.given_at, c.language, c.page_uri, c.outcome, c.consent_version, t.text
     FROM consents c JOIN consent_texts t ON t.version = c.consent_version
     WHERE c.email_hash IN ${ids} ORDER BY c.given_at, c.id`,
    `SELECT ${ERASURE_COLUMNS.join(", ")} FROM erasures WHERE email_hash IN ${ids} ORDER BY requested_at, id`,
  ];
}

/**
 * A delivery attempt in flight may still reach HubSpot for this long after its row is deleted (a
 * claim goes stale after twice HubSpot's 5 s timeout): HubSpot's delete waits until it is over.
 */
export const IN_FLIGHT_MS = 20_000;

export interface ErasureRequest {
  ids: SubscriberIds;
  /** The normalised address, kept until HubSpot confirms its GDPR delete (it deletes by address). */
  email: string;
  requestedBy: string;
  now: number;
}

/**
 * Records the request (who, when, how many outbox rows, when HubSpot is to be asked), deletes the
 * outbox rows, then counts the consent records that stay: three statements, one batch.
 */
export function eraseStatements(request: ErasureRequest): [string, string, string] {
  const { ids, now } = request;
  if (!KEY_ID.test(ids.keyId)) throw new Error("not a key id");
  const held = `FROM subscribers WHERE email_hash IN ${inList(ids.lookup)}`;
  const at = textLiteral(new Date(now).toISOString());
  const later = textLiteral(new Date(now + IN_FLIGHT_MS).toISOString());
  return [
    `INSERT INTO erasures (email_hash, hash_key, email, requested_at, requested_by, outbox_rows, hubspot_state, hubspot_next_attempt_at)
     VALUES ('${inList([ids.pseudonym]).slice(2, -2)}', '${ids.keyId}', ${textLiteral(request.email)}, ${at}, ${textLiteral(request.requestedBy)},
       (SELECT COUNT(*) ${held}), 'pending',
       CASE WHEN EXISTS (SELECT 1 ${held} AND status = 'sending') THEN ${later} ELSE ${at} END)
     RETURNING id, hubspot_next_attempt_at`,
    `DELETE ${held} RETURNING status, delivered_at`,
    `SELECT COUNT(*) AS n FROM consents WHERE email_hash IN ${inList(ids.lookup)}`,
  ];
}

/** The columns of an erasure request an operator reads (`npm run subscribers -- --erasures`), the longest last. */
export const ERASURE_COLUMNS = [
  "requested_at",
  "requested_by",
  "outbox_rows",
  "hubspot_state",
  "hubspot_attempts",
  "hubspot_next_attempt_at",
  "hubspot_confirmed_at",
  "hubspot_last_error",
] as const;

/** Every erasure request, newest first, its subscriber by a pseudonym prefix (never the address it may still keep). */
export const ERASURES_QUERY = `SELECT id, substr(email_hash, 1, 12) AS subscriber, ${ERASURE_COLUMNS.join(", ")}
  FROM erasures ORDER BY requested_at DESC, id DESC`;

export type Row = Record<string, unknown>;

export interface Held {
  email: string;
  /** The current pseudonym of the address. */
  emailHash: string;
  outbox: Row[];
  consents: Row[];
  erasures: Row[];
}

/** What the records that outlive an address are, said once for every report. */
const PSEUDONYMOUS =
  "they name the address only by a keyed pseudonym (an HMAC with the site's secret SUBSCRIBER_HASH_KEY), which no list of addresses can be matched against without that key";

function outboxLines(row: Row): string[] {
  const address = String(row.email).includes("@")
    ? String(row.email)
    : "not kept (only its pseudonym: HubSpot has it, or it was undeliverable for 30 days)";
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

function erasureLines(erasures: Row[]): string[] {
  return erasures.map(
    (e) =>
      `  requested ${String(e.requested_at)} by ${String(e.requested_by)}: HubSpot ${
        e.hubspot_state === "confirmed"
          ? `confirmed ${String(e.hubspot_confirmed_at)}`
          : `outstanding (${Number(e.hubspot_attempts)} attempt(s))`
      }`,
  );
}

/** What `--export` prints. */
export function exportReport(held: Held): string {
  const { email, emailHash, outbox, consents, erasures } = held;
  const records = `${consents.length} consent record(s), pseudonymous (${emailHash.slice(0, 12)}…): ${PSEUDONYMOUS}; kept to demonstrate consent (GDPR art. 7(1))`;
  const consentPart = consents.length ? [`${records}:`, ...consentLines(consents)] : [];
  const erasurePart = erasures.length
    ? [
        `${erasures.length} erasure request(s), pseudonymous, kept to show they were carried out and to hold back deliveries until HubSpot confirms:`,
        ...erasureLines(erasures),
      ]
    : [];
  if (!outbox.length) {
    const remains = [...consentPart, ...erasurePart];
    return (
      remains.length
        ? [`Nothing is held for ${email} in clear; what remains:`, ...remains]
        : [`Nothing is held for ${email}.`, "No consent record either."]
    ).join("\n");
  }
  const delivered = outbox.some((row) => row.delivered_at);
  return [
    `What the site holds for ${email}:`,
    "Newsletter outbox (D1):",
    ...outbox.flatMap(outboxLines),
    ...(consents.length ? consentPart : ["No consent record."]),
    ...erasurePart,
    ...(delivered ? ["HubSpot has the contact: what it holds is exported in HubSpot (the contact's record)."] : []),
  ].join("\n");
}

export type { HubSpotErasure } from "../../src/server/newsletter/hubspot-gdpr.ts";
import type { HubSpotErasure } from "../../src/server/newsletter/hubspot-gdpr.ts";

/** What `--erase` prints: what is done, and what is still outstanding. */
/**
 * No HUBSPOT_TOKEN where the erasure was taken: HubSpot's GDPR delete needs a private app's token,
 * and a site that sends signups through a HubSpot form (HUBSPOT_PORTAL_ID and HUBSPOT_FORM_GUID)
 * has none: neither this command nor the cron can delete the contact there.
 */
export interface NoToken {
  kind: "no-token";
  /** Signups go to HubSpot through its form: the contact most likely exists there. */
  formOnly: boolean;
}

export function eraseReport(
  email: string,
  deleted: Row[],
  consentsKept: number,
  hubspot: HubSpotErasure | NoToken | { kind: "deferred" },
): string {
  const lines = [`Erasure of ${email} recorded:`];
  lines.push(
    deleted.length
      ? `  outbox: the row is deleted (it was ${deleted.map((row) => String(row.status)).join(", ")})`
      : "  outbox: no row held (nothing to delete)",
  );
  lines.push(consentsKept ? `  consent records: ${consentsKept} kept, pseudonymous (to demonstrate consent)` : "  consent records: none");
  const later = "the site's cron asks HubSpot again every few minutes until it confirms (npm run subscribers -- --erasures)";
  if (hubspot.kind === "deleted") lines.push(`  HubSpot: contact deleted through its GDPR delete (${hubspot.status}); nothing outstanding`);
  else if (hubspot.kind === "failed") lines.push(`  HubSpot: OUTSTANDING, not deleted yet (${hubspot.error}): ${later}`);
  else if (hubspot.kind === "deferred")
    lines.push(`  HubSpot: OUTSTANDING: a delivery was under way, so HubSpot is asked once it is over: ${later}`);
  else if (hubspot.kind === "no-token") lines.push(...noTokenLines(hubspot));
  else lines.push(`  HubSpot: OUTSTANDING, not asked from here (${hubspot.reason}): ${later}`);
  return lines.join("\n");
}

function noTokenLines({ formOnly }: NoToken): string[] {
  return [
    "  HubSpot: NOT DELETED. There is no HUBSPOT_TOKEN, so HubSpot's GDPR delete was not called, and the site's cron",
    "    cannot call it either: the request stays outstanding (npm run subscribers -- --erasures).",
    formOnly
      ? "    Signups reach HubSpot through its form (HUBSPOT_PORTAL_ID, HUBSPOT_FORM_GUID), so the contact is most likely there."
      : "    No HubSpot form is set here either; if the address ever reached HubSpot, its contact is still there.",
    '  To do: delete the contact in HubSpot by hand (Contacts > the contact > Actions > Delete, with "permanently delete"',
    "    for GDPR), or set HUBSPOT_TOKEN (a private app token with scope crm.objects.contacts.write) and the cron carries",
    "    out this request by itself.",
  ];
}
