/**
 * Hex digests and their comparison, for the checks that guard the site: the webhook's HMAC
 * signature and the visual editor's preview token. Web Crypto is the same in workerd, browsers
 * and Node, so the Worker and the scripts sign and check with this one module.
 */

export function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

type Algorithm = "SHA-1" | "SHA-256";
const encode = (text: string) => new TextEncoder().encode(text);

export async function digestHex(algorithm: Algorithm, data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(await crypto.subtle.digest(algorithm, typeof data === "string" ? encode(data) : data));
}

export async function hmacHex(algorithm: Algorithm, secret: string, data: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encode(secret), { name: "HMAC", hash: algorithm }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, typeof data === "string" ? encode(data) : data));
}

/**
 * Compares two strings without stopping at the first difference, so the time taken says nothing
 * about how much of a guess was right. Lengths are public (a hex digest's length is fixed).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
