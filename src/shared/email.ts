/**
 * The newsletter's email rule, shared by the form (browser) and the API (Worker): a local part of
 * the characters an address may hold, then domain labels of at most 63 characters separated by dots
 * (the HTML standard's valid-email pattern), at most 254 characters in all.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** How an address is stored: trimmed, domain lower-cased (the local part may be case-sensitive). */
export function normaliseEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf("@");
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}
