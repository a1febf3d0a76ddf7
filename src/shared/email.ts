/**
 * The newsletter's email rule, shared by the form (browser) and the API (Worker): a local part of
 * the characters an address may hold, then domain labels of at most 63 characters separated by dots
 * (the HTML standard's valid-email pattern), at most 254 characters in all.
 */
export const EMAIL_HTML_PATTERN =
  "[a-zA-Z0-9.!#$%&'*+\\/=?^_`\\{\\|\\}~\\-]+@[a-zA-Z0-9](?:[a-zA-Z0-9\\-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9\\-]{0,61}[a-zA-Z0-9])?)*";

/**
 * The same rule as a regular expression. EMAIL_HTML_PATTERN is the form field's `pattern`
 * attribute, which browsers anchor and compile with the `v` flag (hence the escapes in the class):
 * one source, so the browser's check before hydration and ours can never disagree.
 */
export const EMAIL_PATTERN = new RegExp(`^(?:${EMAIL_HTML_PATTERN})$`, "v");

/** Longest address accepted (RFC 5321 path limit), also the field's `maxlength`. */
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** How an address is stored: trimmed, domain lower-cased (the local part may be case-sensitive). */
export function normaliseEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}
