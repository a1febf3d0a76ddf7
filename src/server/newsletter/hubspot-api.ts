/**
 * Where HubSpot's APIs are: the one home of their origins and paths, for the Worker's delivery
 * (./hubspot.ts) and the operator's erasure (tools/operate/, which Node runs: no imports here).
 * `HUBSPOT_API_ORIGIN` replaces both origins (a stand-in); the paths stay.
 */

/** HubSpot's own origins. */
export const FORMS_API_ORIGIN = "https://api.hsforms.com";
export const CRM_API_ORIGIN = "https://api.hubapi.com";
/** HubSpot Forms API v3 (unauthenticated submission to a form of the portal). */
export const FORMS_SUBMIT_PATH = "/submissions/v3/integration/submit";
/** HubSpot CRM contacts API v3 (private-app token). */
export const CRM_CONTACTS_PATH = "/crm/v3/objects/contacts";
/** GDPR delete of a contact, by address with `idProperty: "email"` (scope crm.objects.contacts.write). */
export const GDPR_DELETE_PATH = `${CRM_CONTACTS_PATH}/gdpr-delete`;
/** The path of a subscriber's subscription statuses (communication preferences v4). */
export const STATUSES_PATH = "/communication-preferences/v4/statuses";
