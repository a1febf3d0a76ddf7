/**
 * The HubSpot stand-in over HTTP (what `npm run hubspot:local` starts): it answers HubSpot's
 * paths on one origin, refuses a request whose shape HubSpot does not publish and names why, and
 * shows what it received.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_HUBSPOT } from "../stand-ins/hubspot/local-settings.ts";
import { type HubSpotStandIn, startHubSpotStandIn } from "../stand-ins/hubspot/server.ts";
import { gdprDelete } from "../../src/server/newsletter/hubspot-gdpr.ts";

let standIn: HubSpotStandIn;
beforeAll(async () => {
  standIn = await startHubSpotStandIn({ ...LOCAL_HUBSPOT, now: () => Date.parse("2026-03-02T09:00:00.000Z") });
});
afterAll(() => standIn.close());

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const FORM = `/submissions/v3/integration/submit/${LOCAL_HUBSPOT.portalId}/${LOCAL_HUBSPOT.formGuid}`;
const consent = {
  consent: {
    consentToProcess: true,
    text: "Ik ga akkoord.",
    communications: [{ value: true, subscriptionTypeId: LOCAL_HUBSPOT.subscriptionTypeId, text: "Stuur mij de nieuwsbrief." }],
  },
};

describe("HubSpot stand-in", () => {
  it("accepts a form submission with consent and subscribes the contact", async () => {
    const res = await post(FORM, {
      fields: [{ name: "email", value: "a@voorbeeld.nl" }],
      context: { pageUri: "http://x/" },
      legalConsentOptions: consent,
    });
    expect([res.status, await res.json()]).toEqual([200, { inlineMessage: "Bedankt voor je aanmelding!" }]);
    const statuses = await fetch(`${standIn.url}/communication-preferences/v4/statuses/a%40voorbeeld.nl`, {
      headers: { authorization: `Bearer ${LOCAL_HUBSPOT.token}` },
    });
    expect(((await statuses.json()) as { results: unknown }).results).toEqual([
      {
        subscriptionId: LOCAL_HUBSPOT.subscriptionTypeId,
        status: "SUBSCRIBED",
        legalBasis: "CONSENT_WITH_NOTICE",
        channel: "EMAIL",
        subscriberIdString: "a@voorbeeld.nl",
        source: "stand-in",
        timestamp: "2026-03-02T09:00:00.000Z",
      },
    ]);
  });

  it("refuses a body HubSpot does not publish and names every problem", async () => {
    const res = await post(FORM, {
      fields: [{ name: "email", value: "b@voorbeeld.nl" }],
      context: { page: "x" },
      legalConsentOptions: { consent: { consentToProcess: "yes", communications: [{ value: true, subscriptionTypeId: "7" }] } },
    });
    expect(res.status).toBe(400);
    expect(standIn.api.state.received.at(-1)?.problems).toEqual([
      "body.context.page is not a member HubSpot knows",
      "body.legalConsentOptions.consent.consentToProcess must be a boolean",
      "body.legalConsentOptions.consent.text is required",
      "body.legalConsentOptions.consent.communications[0].subscriptionTypeId must be an integer",
      "body.legalConsentOptions.consent.communications[0].text is required",
    ]);
  });

  it("creates a contact, sets its status with a legal basis, and forgets it on a GDPR delete", async () => {
    const token = LOCAL_HUBSPOT.token;
    expect((await post("/crm/v3/objects/contacts", { properties: { email: "c@voorbeeld.nl" } }, token)).status).toBe(201);
    const status = {
      channel: "EMAIL",
      statusState: "SUBSCRIBED",
      subscriptionId: 7,
      legalBasis: "CONSENT_WITH_NOTICE",
      legalBasisExplanation: "x",
    };
    expect((await post("/communication-preferences/v4/statuses/c%40voorbeeld.nl", status, token)).status).toBe(200);
    expect(
      (await post("/communication-preferences/v4/statuses/c%40voorbeeld.nl", { ...status, legalBasis: "CONSENT" }, token)).status,
    ).toBe(400);
    expect((await post("/crm/v3/objects/contacts/gdpr-delete", { objectId: "c@voorbeeld.nl", idProperty: "email" }, token)).status).toBe(
      204,
    );
    const read = await fetch(`${standIn.url}/crm/v3/objects/contacts/c%40voorbeeld.nl?idProperty=email`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.status).toBe(404);
    expect((await post("/crm/v3/objects/contacts", { properties: { email: "d@voorbeeld.nl" } })).status).toBe(401);
  });

  it("shows what it received", async () => {
    const shown = (await (await fetch(`${standIn.url}/_stand-in/received`)).json()) as {
      received: Array<{ method: string; path: string; status: number }>;
    };
    expect(shown.received.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `POST ${FORM} 200`,
      "GET /communication-preferences/v4/statuses/a%40voorbeeld.nl 200",
      `POST ${FORM} 400`,
      "POST /crm/v3/objects/contacts 201",
      "POST /communication-preferences/v4/statuses/c%40voorbeeld.nl 200",
      "POST /communication-preferences/v4/statuses/c%40voorbeeld.nl 400",
      "POST /crm/v3/objects/contacts/gdpr-delete 204",
      "GET /crm/v3/objects/contacts/c%40voorbeeld.nl?idProperty=email 404",
      "POST /crm/v3/objects/contacts 401",
    ]);
  });
});

describe("npm run subscribers -- --erase: HubSpot's GDPR delete, against the stand-in", () => {
  it("deletes the contact by address with the private-app token, in the shape HubSpot publishes", async () => {
    await fetch(`${standIn.url}/crm/v3/objects/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${LOCAL_HUBSPOT.token}` },
      body: JSON.stringify({ properties: { email: "wis@voorbeeld.nl" } }),
    });
    const before = standIn.api.state.received.length;
    expect(await gdprDelete("wis@voorbeeld.nl", { token: LOCAL_HUBSPOT.token, origin: standIn.url })).toEqual({
      kind: "deleted",
      status: 204,
    });
    const [received] = standIn.api.state.received.slice(before);
    expect(received).toMatchObject({
      method: "POST",
      path: "/crm/v3/objects/contacts/gdpr-delete",
      body: { objectId: "wis@voorbeeld.nl", idProperty: "email" },
      status: 204,
      problems: [],
    });
    expect(standIn.api.state.contacts.has("wis@voorbeeld.nl")).toBe(false);
    // an address HubSpot does not know is blocked from being added again
    expect(await gdprDelete("onbekend@voorbeeld.nl", { token: LOCAL_HUBSPOT.token, origin: standIn.url })).toEqual({
      kind: "deleted",
      status: 204,
    });
    expect(standIn.api.state.blocklist.has("onbekend@voorbeeld.nl")).toBe(true);
  });

  it("reports a refused token, an unreachable or silent HubSpot, and a missing token, without throwing", async () => {
    expect(await gdprDelete("x@voorbeeld.nl", { token: "pat-verkeerd", origin: standIn.url })).toEqual({
      kind: "failed",
      error: "401 Authentication credentials not found. This API supports OAuth 2.0 authentication.",
    });
    const silent = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof fetch;
    expect(await gdprDelete("x@voorbeeld.nl", { token: "t", origin: "http://hubspot.test", fetch: silent, timeoutMs: 20 })).toEqual({
      kind: "failed",
      error: "no answer from http://hubspot.test/crm/v3/objects/contacts/gdpr-delete within 20 ms",
    });
    expect(await gdprDelete("x@voorbeeld.nl", { token: undefined, origin: standIn.url })).toEqual({
      kind: "not-asked",
      reason: "HUBSPOT_TOKEN is not set (delete the contact in HubSpot by hand if it has one)",
    });
  });
});
