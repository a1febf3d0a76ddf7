/**
 * HubSpot's GDPR delete of one contact, by address (`POST /crm/v3/objects/contacts/gdpr-delete`,
 * `{objectId: <email>, idProperty: "email"}`, answered 204; the private-app token needs scope
 * crm.objects.contacts.write). HubSpot permanently deletes the contact, or blocks an address it
 * does not know from being added again by an import or the API.
 */
import { CRM_API_ORIGIN, GDPR_DELETE_PATH } from "../../src/server/newsletter/hubspot-api.ts";
import type { HubSpotErasure } from "./personal-data.ts";

/** An answer that has not come after this long will not come. */
export const GDPR_DELETE_TIMEOUT_MS = 10_000;

export interface HubSpotAccess {
  token: string | undefined;
  /** HUBSPOT_API_ORIGIN (a stand-in); unset: HubSpot's own. */
  origin: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export async function gdprDelete(email: string, access: HubSpotAccess): Promise<HubSpotErasure> {
  if (!access.token) return { kind: "not-asked", reason: "HUBSPOT_TOKEN is not set (delete the contact in HubSpot by hand if it has one)" };
  const url = `${access.origin || CRM_API_ORIGIN}${GDPR_DELETE_PATH}`;
  try {
    const response = await (access.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${access.token}` },
      body: JSON.stringify({ objectId: email, idProperty: "email" }),
      signal: AbortSignal.timeout(access.timeoutMs ?? GDPR_DELETE_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.ok) return { kind: "deleted", status: response.status };
    return { kind: "failed", error: `${response.status} ${messageOf(text)}`.trim() };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError")
      return { kind: "failed", error: `no answer from ${url} within ${access.timeoutMs ?? GDPR_DELETE_TIMEOUT_MS} ms` };
    return { kind: "failed", error: `${url} unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function messageOf(body: string): string {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    return typeof message === "string" ? message : "";
  } catch {
    return body.trim().slice(0, 200);
  }
}
