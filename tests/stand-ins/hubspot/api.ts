/**
 * HubSpot in memory, as a web-standard handler (`Request` in, `Response` out), so the same code
 * answers in workerd (the tests' fake, tests/stand-ins/hubspot/fake.ts) and behind a Node server
 * (`npm run hubspot:local`). One origin serves every API, as `HUBSPOT_API_ORIGIN` expects: the
 * Forms API v3 submission, CRM contacts v3 (create, read, GDPR delete) and communication
 * preferences v4 (status read and update). Every request is checked against HubSpot's published
 * shapes (./shapes.ts) and recorded with the problems found, so a test can assert that none had any
 * and a person can follow a signup.
 */
import { checkContactCreate, checkFormsSubmission, checkGdprDelete, checkStatusUpdate } from "./shapes.ts";

export interface HubSpotSettings {
  portalId: string;
  formGuid: string;
  /** The private-app token the token-protected APIs accept. */
  token: string;
  /** Fields the form requires besides `email` (a form set up so, as HubSpot refuses then). */
  requiredFields?: string[];
  /**
   * Domains whose addresses HubSpot refuses as invalid though they have the shape of one (its own
   * checks, beyond the site's email rule): how a test reaches HubSpot's 400 INVALID_EMAIL.
   */
  invalidDomains?: string[];
  now?: () => number;
}

/** One request as HubSpot received it, with its answer and the shape problems found in it. */
export interface Received {
  method: string;
  path: string;
  authorization?: string;
  body: unknown;
  status: number;
  problems: string[];
}

/** A signup HubSpot kept: a form submission or a created contact. */
export interface Accepted {
  api: "forms" | "crm";
  email: string;
  pageUri?: string;
  hutk?: string;
  legalConsentOptions?: unknown;
}

export interface SubscriptionStatus {
  subscriptionId: number;
  status: "SUBSCRIBED" | "UNSUBSCRIBED" | "NOT_SPECIFIED";
  legalBasis?: string;
  legalBasisExplanation?: string;
}

export interface Contact {
  id: string;
  email: string;
  properties: Record<string, string>;
  createdAt: string;
}

export interface HubSpotState {
  received: Received[];
  accepted: Accepted[];
  contacts: Map<string, Contact>;
  /** Address -> its subscription statuses on the EMAIL channel. */
  statuses: Map<string, SubscriptionStatus[]>;
  /** Addresses a GDPR delete did not find: HubSpot blocks them from being created again. */
  blocklist: Set<string>;
}

export interface HubSpotApi {
  /** Answers one request and records it: the answer and the record of it. */
  exchange(request: Request): Promise<{ response: Response; received: Received }>;
  state: HubSpotState;
  /** Adds an existing contact (the next create for it answers 409). */
  addContact(email: string): Contact;
}

/** `problems`: what the shape check found (the request then answered 400). */
type Answer = { status: number; body?: unknown; problems?: string[] };

/** HubSpot wants a domain with a top-level domain: stricter than the HTML pattern the form uses. */
const HUBSPOT_EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

const isHubSpotEmail = (email: string, settings: HubSpotSettings): boolean =>
  HUBSPOT_EMAIL.test(email) && !settings.invalidDomains?.includes(email.slice(email.lastIndexOf("@") + 1).toLowerCase());

let correlation = 0;
const error = (status: number, message: string, category: string, errors?: Array<{ message: string; errorType?: string }>): Answer => ({
  status,
  body: {
    status: "error",
    message,
    correlationId: `c0ffee00-0000-4000-8000-${String(++correlation).padStart(12, "0")}`,
    category,
    ...(errors ? { errors } : {}),
  },
});
const invalid = (problems: string[]): Answer => ({
  ...error(
    400,
    "The request is not valid",
    "VALIDATION_ERROR",
    problems.map((message) => ({ message, errorType: "INVALID_REQUEST" })),
  ),
  problems,
});

/** What the handlers share: the settings, the clock and the state. */
interface Store {
  settings: HubSpotSettings;
  now: () => number;
  state: HubSpotState;
  nextContactId: number;
}

type Call = { request: Request; url: URL; body: unknown; match: RegExpExecArray; store: Store };
type Handler = (call: Call) => Answer;

function addContact(store: Store, email: string, properties: Record<string, string> = {}): Contact {
  const key = email.toLowerCase();
  const createdAt = new Date(store.now()).toISOString();
  const contact = { id: String(store.nextContactId++), email: key, properties: { ...properties, email: key }, createdAt };
  store.state.contacts.set(key, contact);
  return contact;
}

function setStatus(store: Store, email: string, update: SubscriptionStatus): void {
  const key = email.toLowerCase();
  const others = (store.state.statuses.get(key) ?? []).filter((s) => s.subscriptionId !== update.subscriptionId);
  store.state.statuses.set(key, [...others, update]);
}

const findContact = (store: Store, objectId: string, idProperty: string | null | undefined) =>
  idProperty === "email"
    ? store.state.contacts.get(objectId.toLowerCase())
    : [...store.state.contacts.values()].find((c) => c.id === objectId);

type Submission = {
  fields: Array<{ name: string; value: string }>;
  context?: { pageUri?: string; hutk?: string };
  legalConsentOptions?: { consent?: { communications?: Array<{ value: boolean; subscriptionTypeId: number }> } };
};

const submitForm: Handler = ({ body, match, store }) => {
  if (match[1] !== store.settings.portalId || match[2] !== store.settings.formGuid) return error(404, "Form not found", "OBJECT_NOT_FOUND");
  const problems = checkFormsSubmission(body);
  if (problems.length) return invalid(problems);
  const submission = body as Submission;
  const email = submission.fields.find((field) => field.name === "email")?.value;
  if (email === undefined)
    return error(400, "The request is not valid", "VALIDATION_ERROR", [
      { message: "Error in 'fields'. Required field 'email' is missing", errorType: "REQUIRED_FIELD" },
    ]);
  const missing = (store.settings.requiredFields ?? []).filter((name) => !submission.fields.some((field) => field.name === name));
  if (missing.length)
    return error(
      400,
      "The request is not valid",
      "VALIDATION_ERROR",
      missing.map((name) => ({ message: `Error in 'fields.${name}'. Required field '${name}' is missing`, errorType: "REQUIRED_FIELD" })),
    );
  if (!isHubSpotEmail(email, store.settings))
    return error(400, "The request is not valid", "VALIDATION_ERROR", [
      { message: "Error in 'fields.email'. Invalid email address", errorType: "INVALID_EMAIL" },
    ]);
  if (!store.state.contacts.has(email.toLowerCase())) addContact(store, email);
  // With data-privacy settings on, a checked communication consent subscribes the contact.
  for (const { value, subscriptionTypeId } of submission.legalConsentOptions?.consent?.communications ?? []) {
    if (value) setStatus(store, email, { subscriptionId: subscriptionTypeId, status: "SUBSCRIBED", legalBasis: "CONSENT_WITH_NOTICE" });
  }
  const { pageUri, hutk } = submission.context ?? {};
  store.state.accepted.push({ api: "forms", email, pageUri, hutk, legalConsentOptions: submission.legalConsentOptions });
  return { status: 200, body: { inlineMessage: "Bedankt voor je aanmelding!" } };
};

const createContact: Handler = ({ body, store }) => {
  const problems = checkContactCreate(body);
  if (problems.length) return invalid(problems);
  const properties = (body as { properties: Record<string, string> }).properties;
  const email = properties.email;
  if (email === undefined || !isHubSpotEmail(email, store.settings)) {
    // HubSpot quotes the offending value in its message: the reason logs must be redacted.
    return error(
      400,
      `Property values were not valid: [{"isValid":false,"message":"Email address ${String(email)} is invalid","error":"INVALID_EMAIL","name":"email"}]`,
      "VALIDATION_ERROR",
    );
  }
  const existing = store.state.contacts.get(email.toLowerCase());
  if (existing) return error(409, `Contact already exists. Existing ID: ${existing.id}`, "CONFLICT");
  const contact = addContact(store, email, properties);
  store.state.accepted.push({ api: "crm", email });
  return { status: 201, body: contactBody(contact) };
};

const readContact: Handler = ({ url, match, store }) => {
  const contact = findContact(store, decodeURIComponent(match[1] ?? ""), url.searchParams.get("idProperty"));
  return contact ? { status: 200, body: contactBody(contact) } : error(404, "Object not found", "OBJECT_NOT_FOUND");
};

const gdprDelete: Handler = ({ body, store }) => {
  const problems = checkGdprDelete(body);
  if (problems.length) return invalid(problems);
  const { objectId, idProperty } = body as { objectId: string; idProperty?: string };
  const contact = findContact(store, objectId, idProperty);
  if (contact) {
    store.state.contacts.delete(contact.email);
    store.state.statuses.delete(contact.email);
  } else if (idProperty === "email") store.state.blocklist.add(objectId.toLowerCase());
  return { status: 204 };
};

const statusBody = (store: Store, email: string, s: SubscriptionStatus) => ({
  ...s,
  channel: "EMAIL",
  subscriberIdString: email,
  source: "stand-in",
  timestamp: new Date(store.now()).toISOString(),
});

const readStatuses: Handler = ({ match, store }) => {
  const email = decodeURIComponent(match[1] ?? "").toLowerCase();
  return {
    status: 200,
    body: { status: "COMPLETE", results: (store.state.statuses.get(email) ?? []).map((s) => statusBody(store, email, s)) },
  };
};

const updateStatus: Handler = ({ body, match, store }) => {
  const problems = checkStatusUpdate(body);
  if (problems.length) return invalid(problems);
  const email = decodeURIComponent(match[1] ?? "").toLowerCase();
  const { subscriptionId, statusState, legalBasis, legalBasisExplanation } = body as Omit<SubscriptionStatus, "status"> & {
    statusState: SubscriptionStatus["status"];
  };
  const status = { subscriptionId, status: statusState, legalBasis, legalBasisExplanation };
  setStatus(store, email, status);
  return { status: 200, body: statusBody(store, email, status) };
};

// [method, path pattern, needs the token, handler]
const ROUTES: Array<[string, RegExp, boolean, Handler]> = [
  ["POST", /^\/submissions\/v3\/integration\/submit\/([^/]+)\/([^/]+)$/, false, submitForm],
  ["POST", /^\/crm\/v3\/objects\/contacts\/gdpr-delete$/, true, gdprDelete],
  ["POST", /^\/crm\/v3\/objects\/contacts$/, true, createContact],
  ["GET", /^\/crm\/v3\/objects\/contacts\/([^/]+)$/, true, readContact],
  ["GET", /^\/communication-preferences\/v4\/statuses\/([^/]+)$/, true, readStatuses],
  ["POST", /^\/communication-preferences\/v4\/statuses\/([^/]+)$/, true, updateStatus],
];

function answer(store: Store, request: Request, url: URL, body: unknown): Answer {
  const paths = ROUTES.filter(([, pattern]) => pattern.test(url.pathname));
  if (!paths.length) return error(404, "Resource not found", "OBJECT_NOT_FOUND");
  const found = paths.find(([method]) => method === request.method);
  if (!found) return error(405, "HTTP 405 Method Not Allowed", "VALIDATION_ERROR");
  const [method, pattern, needsToken, handler] = found;
  if (needsToken && request.headers.get("authorization") !== `Bearer ${store.settings.token}`)
    return error(401, "Authentication credentials not found. This API supports OAuth 2.0 authentication.", "INVALID_AUTHENTICATION");
  if (method === "POST" && !request.headers.get("content-type")?.startsWith("application/json"))
    return error(415, "Unsupported Media Type", "VALIDATION_ERROR");
  return handler({ request, url, body, match: pattern.exec(url.pathname) as RegExpExecArray, store });
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export function createHubSpotApi(settings: HubSpotSettings): HubSpotApi {
  const state: HubSpotState = { received: [], accepted: [], contacts: new Map(), statuses: new Map(), blocklist: new Set() };
  const store: Store = { settings, now: settings.now ?? Date.now, state, nextContactId: 101 };
  return {
    state,
    addContact: (email) => addContact(store, email),
    async exchange(request) {
      const url = new URL(request.url);
      const body = parseBody(await request.text());
      const result = answer(store, request, url, body);
      const received: Received = {
        method: request.method,
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.get("authorization") ?? undefined,
        body,
        status: result.status,
        problems: result.problems ?? [],
      };
      state.received.push(received);
      const response =
        result.body === undefined
          ? new Response(null, { status: result.status })
          : Response.json(result.body, { status: result.status, headers: { "content-type": "application/json;charset=utf-8" } });
      return { response, received };
    },
  };
}

function contactBody(contact: Contact) {
  return {
    id: contact.id,
    properties: { ...contact.properties, hs_object_id: contact.id, createdate: contact.createdAt, lastmodifieddate: contact.createdAt },
    createdAt: contact.createdAt,
    updatedAt: contact.createdAt,
    archived: false,
  };
}
