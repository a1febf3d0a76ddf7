/**
 * HubSpot's GDPR delete of one contact, by address (`POST /crm/v3/objects/contacts/gdpr-delete`,
 * `{objectId: <email>, idProperty: "email"}`, answered 204; the private-app token needs scope
 * crm.objects.contacts.write). HubSpot permanently deletes the contact, or blocks an address it
 * does not know from being added again by an import or the API.
 */
/*
 * One home for both callers: the operator's `--erase` (Node, tools/operate/: hence no imports but
 * `.ts` ones without platform APIs) tries it at once, the Worker's cron retries it until HubSpot
 * confirms (./erasure.ts).
 */
import { CRM_API_ORIGIN, GDPR_DELETE_PATH } from "./hubspot-api.ts";

/** What one GDPR delete came to. */
export type HubSpotErasure =
  | { kind: "deleted"; status: number }
  | { kind: "failed"; error: string }
  | { kind: "not-asked"; reason: string };

/** Wait after a failed GDPR delete; doubles after every further one, up to MAX_ERASURE_BACKOFF_MS. */
export const ERASURE_BASE_BACKOFF_MS = 60_000;
export const MAX_ERASURE_BACKOFF_MS = 6 * 3600_000;

export function erasureBackoffMs(attempts: number): number {
  return Math.min(MAX_ERASURE_BACKOFF_MS, ERASURE_BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * How one attempt's outcome is written to an erasure request (`erasures`), by the cron and by the
 * operator's command alike. Confirmed: the address goes, the pseudonym stays. Parameters: ?1 the
 * request's id, ?2 the time (ISO), and for a failure ?3 the error (no address in it), ?4 the next attempt (ISO).
 */
export const ERASURE_CONFIRMED_SQL = `UPDATE erasures SET hubspot_state = 'confirmed', hubspot_confirmed_at = ?2,
  hubspot_attempts = hubspot_attempts + 1, hubspot_last_error = NULL, hubspot_next_attempt_at = NULL, email = NULL
  WHERE id = ?1 AND hubspot_state = 'pending'`;
export const ERASURE_FAILED_SQL = `UPDATE erasures SET hubspot_attempts = hubspot_attempts + 1, hubspot_last_error = ?3,
  hubspot_next_attempt_at = ?4
  WHERE id = ?1 AND hubspot_state = 'pending' AND ?2 IS NOT NULL`;

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
