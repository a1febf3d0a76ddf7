-- Keyed pseudonyms and durable erasures (issue 53, docs/decisions/026).
--
-- Which key made a row's email_hash: the key id (src/shared/subscriber-pseudonym.ts). NULL: an
-- unkeyed SHA-256 from before this migration (or from the previous version of the Worker, still
-- running while a deploy rolls out): the cron replaces those by keyed pseudonyms, from the address
-- where the row still has it, else from the stored digest itself.
ALTER TABLE subscribers ADD COLUMN hash_key TEXT;
ALTER TABLE consents ADD COLUMN hash_key TEXT;
CREATE INDEX subscribers_unkeyed ON subscribers (hash_key);
CREATE INDEX consents_unkeyed ON consents (hash_key);

-- One row per erasure request (GDPR art. 17): who asked for it and when, what the outbox held, and
-- whether HubSpot has confirmed its GDPR delete. The address is kept only while HubSpot's delete is
-- outstanding (the delete is by address), then cleared; the pseudonym stays, so the request can be
-- shown to have been carried out. While an erasure is outstanding no outbox row of its subscriber
-- is delivered.
CREATE TABLE erasures (
  id INTEGER PRIMARY KEY,
  email_hash TEXT NOT NULL,
  hash_key TEXT NOT NULL,
  email TEXT,
  requested_at TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  -- outbox rows deleted by the request (0: none held)
  outbox_rows INTEGER NOT NULL,
  hubspot_state TEXT NOT NULL CHECK (hubspot_state IN ('pending', 'confirmed')),
  hubspot_attempts INTEGER NOT NULL DEFAULT 0,
  hubspot_next_attempt_at TEXT,
  hubspot_last_error TEXT,
  hubspot_confirmed_at TEXT
);
CREATE INDEX erasures_due ON erasures (hubspot_state, hubspot_next_attempt_at);
CREATE INDEX erasures_by_subscriber ON erasures (email_hash, hubspot_state);
