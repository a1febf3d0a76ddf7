-- The language of the page a visitor signed up on ('nl' at the root, 'en' under /en): kept with
-- the address so the newsletter can be sent in it, and passed to HubSpot's CRM as the contact's
-- preferred language (hs_language). Rows from before this migration were Dutch signups.
ALTER TABLE subscribers ADD COLUMN language TEXT NOT NULL DEFAULT 'nl' CHECK (language IN ('nl', 'en'));
