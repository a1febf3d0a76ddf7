-- Addresses are kept only until HubSpot has them (docs/decisions/022): a delivered row keeps
-- 'sha256:' || email_hash in place of the address, and so does a failed row 30 days after its
-- last attempt. One row per address is then kept by the hash, which stays unique.
CREATE UNIQUE INDEX subscribers_email_hash ON subscribers (email_hash);
UPDATE subscribers SET email = 'sha256:' || email_hash WHERE status = 'delivered';
