/**
 * Consent records: which text a subscriber was shown when they signed up, in which language, on
 * which page, when, and what the form did with it. The text is the editors' `newsletterConsent`
 * field of the footer (rich text), or the site's own text where that is missing
 * (src/shared/newsletter-consent.ts), as plain text; each version is kept once, under its SHA-256.
 */
import type { Lang } from "../../shared/i18n/lang";
import { plainText } from "../../shared/newsletter-consent";
import { sha256Hex } from "./privacy";

export interface ConsentText {
  version: string;
  language: Lang;
  text: string;
}

export async function consentText(doc: unknown, language: Lang): Promise<ConsentText | undefined> {
  const text = plainText(doc);
  return text ? { version: await sha256Hex(text), language, text } : undefined;
}

/**
 * The statements that keep a signup's consent, to run in one batch right after the statement that
 * stores the address: the text (once per version), then the record, whose outcome is read from
 * `changes()` of the statement before it: 'new' when the address was stored for delivery,
 * 'repeat' when it was already there. D1 runs a batch as one transaction: both or neither.
 */
export function consentStatements(
  db: D1Database,
  record: { emailHash: string; hashKey: string; consent: ConsentText; pageUri: string | null; at: string },
): { beforeStore: D1PreparedStatement; afterStore: D1PreparedStatement } {
  const { consent, at } = record;
  return {
    beforeStore: db
      .prepare(
        "INSERT INTO consent_texts (version, language, text, first_shown_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (version) DO NOTHING",
      )
      .bind(consent.version, consent.language, consent.text, at),
    afterStore: db
      .prepare(
        `INSERT INTO consents (email_hash, consent_version, language, page_uri, given_at, outcome, hash_key)
         VALUES (?1, ?2, ?3, ?4, ?5, CASE WHEN changes() > 0 THEN 'new' ELSE 'repeat' END, ?6)`,
      )
      .bind(record.emailHash, consent.version, consent.language, record.pageUri, at, record.hashKey),
  };
}

/** The text of the subscriber's latest consent: what delivery passes on to HubSpot. */
export async function latestConsentText(db: D1Database, emailHash: string): Promise<string | undefined> {
  const row = await db
    .prepare(
      `SELECT t.text FROM consents c JOIN consent_texts t ON t.version = c.consent_version
       WHERE c.email_hash = ?1 ORDER BY c.id DESC LIMIT 1`,
    )
    .bind(emailHash)
    .first<{ text: string }>();
  return row?.text;
}
