/**
 * The newsletter's email rule, shared by the form (browser), the API and the outbox (Worker): what
 * HubSpot would refuse is refused before anything is stored. A local part of at most 64 of the
 * characters an address may hold (RFC 5321), then a domain of labels separated by dots (the HTML
 * standard's valid-email pattern, letters of any script allowed: an international domain such as
 * `bücher.de` is the address `xn--bcher-kva.de`) that ends in a top-level domain: at least one dot
 * (`jan@localhost` is no address HubSpot takes), a TLD of letters only, at least two, or an IDN's
 * `xn--` form (`a@b.c0m`, `a@b.c`, `a@10.0.0.1` are refused). Every label at most 63 characters,
 * the address at most 254 (RFC 5321), both counted in the ASCII form HubSpot stores. The TLD is
 * checked by its shape, not against IANA's list: docs/decisions/031-email-rule.md.
 */
export const EMAIL_HTML_PATTERN =
  "[a-zA-Z0-9.!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]{1,64}@(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}\\-]{0,61}[\\p{L}\\p{M}\\p{N}])?\\.)+(?:\\p{L}[\\p{L}\\p{M}]+|[xX][nN]--[a-zA-Z0-9\\-]+)";

/**
 * The same rule as a regular expression. EMAIL_HTML_PATTERN is the form field's `pattern`
 * attribute, which browsers anchor and compile with the `v` flag (hence the escapes in the class):
 * one source, so the browser's check before hydration and ours can never disagree on the shape.
 */
export const EMAIL_PATTERN = new RegExp(`^(?:${EMAIL_HTML_PATTERN})$`, "v");

/** Longest address accepted (RFC 5321 path limit), also the field's `maxlength`. */
export const EMAIL_MAX_LENGTH = 254;

/** A DNS label in its ASCII form: what the 63-character limit is counted on. */
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isValidEmail(value: string): boolean {
  if (!EMAIL_PATTERN.test(value)) return false;
  const ascii = asciiEmail(value);
  const domain = ascii?.slice(ascii.lastIndexOf("@") + 1);
  return ascii !== undefined && ascii.length <= EMAIL_MAX_LENGTH && domain!.split(".").every((label) => ASCII_LABEL.test(label));
}

/**
 * The subscriber's identity: the address as HubSpot sees it (HubSpot lower-cases the whole address,
 * local part included, and treats addresses differing only in case as one contact). Trimmed,
 * Unicode NFC, all lower case, an international domain in punycode. The signup, the outbox, the
 * pseudonym, export and erasure all use this one function, so `Anna@X.nl` and `anna@x.nl` are one
 * person everywhere (RFC 5321 allows a case-sensitive local part; no mailbox provider uses one).
 */
export function normaliseEmail(value: string): string {
  const trimmed = value.trim().normalize("NFC");
  const at = trimmed.lastIndexOf("@");
  const lowered = at < 0 ? trimmed : `${trimmed.slice(0, at).toLowerCase()}${trimmed.slice(at)}`;
  return asciiEmail(lowered) ?? lowered;
}

/**
 * The address with its domain as DNS has it: lower case, an international domain in punycode
 * (the URL parser's IDNA mapping, the same in workerd, browsers and Node; an ASCII domain is only
 * lower-cased, so the parser never reads a number as an IPv4 address). Undefined: no usable domain.
 */
function asciiEmail(value: string): string | undefined {
  const at = value.lastIndexOf("@");
  if (at < 0) return undefined;
  const domain = value.slice(at + 1);
  if (/^[\x20-\x7e]*$/.test(domain)) return `${value.slice(0, at)}@${domain.toLowerCase()}`;
  try {
    return `${value.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return undefined;
  }
}
