/**
 * HubSpot's published request shapes, as checks: the one home for what a request to HubSpot must
 * look like. Sources: the project's reference notes on HubSpot (forms-submit-v3.md for the Forms
 * API v3 submission; the README there for CRM contacts v3, GDPR delete and communication
 * preferences v4). Each check returns the problems it found, named by field path; none: valid.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown) => typeof value === "string";
const isBoolean = (value: unknown) => typeof value === "boolean";
const isInteger = (value: unknown) => Number.isInteger(value);

/** A field: its check and whether it may be left out. */
type Rule = { check: (value: unknown, at: string) => string[]; optional?: boolean };

const scalar = (test: (value: unknown) => boolean, what: string, optional = false): Rule => ({
  check: (value, at) => (test(value) ? [] : [`${at} must be ${what}`]),
  optional,
});
const oneOf = (values: readonly string[], optional = false): Rule =>
  scalar((value) => values.includes(value as string), `one of ${values.join(", ")}`, optional);

/** An object with exactly these members: a missing required one and an unknown one are problems. */
function object(rules: Record<string, Rule>, optional = false): Rule {
  return {
    optional,
    check(value, at) {
      if (!isObject(value)) return [`${at} must be an object`];
      const problems = Object.keys(value)
        .filter((key) => !(key in rules))
        .map((key) => `${at}.${key} is not a member HubSpot knows`);
      for (const [key, rule] of Object.entries(rules)) {
        if (value[key] === undefined) {
          if (!rule.optional) problems.push(`${at}.${key} is required`);
        } else problems.push(...rule.check(value[key], `${at}.${key}`));
      }
      return problems;
    },
  };
}

function array(item: Rule, max: number, optional = false): Rule {
  return {
    optional,
    check(value, at) {
      if (!Array.isArray(value)) return [`${at} must be an array`];
      if (value.length > max) return [`${at} has more than ${max} items`];
      return value.flatMap((entry, i) => item.check(entry, `${at}[${i}]`));
    },
  };
}

const CONTEXT_MEMBERS = ["hutk", "ipAddress", "pageName", "pageUri", "pageId", "sfdcCampaignId", "goToWebinarWebinarKey"];

/** `legalConsentOptions`: either explicit consent or a legitimate interest, never both. */
const legalConsentOptions: Rule = {
  optional: true,
  check(value, at) {
    const consent = object({
      consentToProcess: scalar(isBoolean, "a boolean"),
      text: scalar(isString, "a string"),
      communications: array(
        object({
          value: scalar(isBoolean, "a boolean"),
          subscriptionTypeId: scalar(isInteger, "an integer"),
          text: scalar(isString, "a string"),
        }),
        1000,
        true,
      ),
    });
    const legitimateInterest = object({
      value: scalar(isBoolean, "a boolean"),
      subscriptionTypeId: scalar(isInteger, "an integer"),
      legalBasis: scalar(isString, "a string"),
      text: scalar(isString, "a string"),
    });
    const shape = object({ consent: { ...consent, optional: true }, legitimateInterest: { ...legitimateInterest, optional: true } });
    const problems = shape.check(value, at);
    if (isObject(value) && (value.consent === undefined) === (value.legitimateInterest === undefined))
      problems.push(`${at} must hold either consent or legitimateInterest`);
    return problems;
  },
};

const FORMS_SUBMISSION = object({
  fields: array(
    object({ name: scalar(isString, "a string"), value: scalar(isString, "a string"), objectTypeId: scalar(isString, "a string", true) }),
    1000,
  ),
  submittedAt: scalar((value) => isString(value) && /^\d+$/.test(value as string), "a time in milliseconds, as a string", true),
  context: object(Object.fromEntries(CONTEXT_MEMBERS.map((name) => [name, scalar(isString, "a string", true)])), true),
  legalConsentOptions,
  skipValidation: scalar(isBoolean, "a boolean", true),
});

const CONTACT_CREATE = object({
  properties: {
    check: (value, at) =>
      isObject(value)
        ? Object.entries(value).flatMap(([name, v]) => (isString(v) ? [] : [`${at}.${name} must be a string`]))
        : [`${at} must be an object`],
  },
  associations: array({ check: (value, at) => (isObject(value) ? [] : [`${at} must be an object`]) }, 1000, true),
});

export const LEGAL_BASES = [
  "LEGITIMATE_INTEREST_PQL",
  "LEGITIMATE_INTEREST_CLIENT",
  "PERFORMANCE_OF_CONTRACT",
  "CONSENT_WITH_NOTICE",
  "NON_GDPR",
  "PROCESS_AND_STORE",
  "LEGITIMATE_INTEREST_OTHER",
] as const;

const STATUS_UPDATE = object({
  channel: oneOf(["EMAIL", "WHATSAPP", "SMS"]),
  statusState: oneOf(["SUBSCRIBED", "UNSUBSCRIBED", "NOT_SPECIFIED"]),
  subscriptionId: scalar(isInteger, "an integer"),
  legalBasis: oneOf(LEGAL_BASES, true),
  legalBasisExplanation: scalar(isString, "a string", true),
});

const GDPR_DELETE = object({ objectId: scalar(isString, "a string"), idProperty: scalar(isString, "a string", true) });

export const checkFormsSubmission = (body: unknown) => FORMS_SUBMISSION.check(body, "body");
export const checkContactCreate = (body: unknown) => CONTACT_CREATE.check(body, "body");
export const checkStatusUpdate = (body: unknown) => STATUS_UPDATE.check(body, "body");
export const checkGdprDelete = (body: unknown) => GDPR_DELETE.check(body, "body");
