-- Consent records (GDPR art. 7(1): the controller must be able to demonstrate consent). One row
-- per signup, kept after the address is delivered or erased: it names the subscriber only by
-- email_hash (SHA-256 of the normalised address, see docs/decisions/022-newsletter-consent-records-and-retention.md), so consent can be
-- shown for an address someone names, and a repeated signup recognised, without keeping the
-- address itself. The text shown is kept once per version in consent_texts.
CREATE TABLE consent_texts (
  -- SHA-256 (hex) of the text
  version TEXT PRIMARY KEY,
  language TEXT NOT NULL CHECK (language IN ('nl', 'en')),
  text TEXT NOT NULL,
  first_shown_at TEXT NOT NULL
);

CREATE TABLE consents (
  id INTEGER PRIMARY KEY,
  email_hash TEXT NOT NULL,
  consent_version TEXT NOT NULL REFERENCES consent_texts (version),
  language TEXT NOT NULL CHECK (language IN ('nl', 'en')),
  page_uri TEXT,
  given_at TEXT NOT NULL,
  -- the form's outcome: 'new' (stored for delivery) or 'repeat' (the address was already there)
  outcome TEXT NOT NULL CHECK (outcome IN ('new', 'repeat'))
);

CREATE INDEX consents_by_subscriber ON consents (email_hash, given_at);
