-- The newsletter outbox: one row per normalised email address. A signup is stored here first and
-- delivered to HubSpot afterwards (status pending -> sending -> delivered, or back to pending with
-- a later next_attempt_at, or failed after the last attempt). Without HubSpot settings rows stay
-- 'stored'. Nothing but the address, the consent context (page URI) and timestamps is kept.
-- Timestamps are ISO 8601 UTC text, so they sort and compare as text.
CREATE TABLE subscribers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  email_hash TEXT NOT NULL,
  page_uri TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'delivered', 'failed', 'stored')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  delivered_at TEXT
);

-- The cron trigger looks for due rows by status and time.
CREATE INDEX subscribers_due ON subscribers (status, next_attempt_at);
