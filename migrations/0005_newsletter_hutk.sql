-- HubSpot's tracking cookie (hubspotutk) of a visitor who accepted marketing cookies, passed on
-- as the Forms API's context.hutk (docs/decisions/022). An identifier of the visitor's browser:
-- kept only until delivery, like the address, and erased with it.
ALTER TABLE subscribers ADD COLUMN hutk TEXT;
