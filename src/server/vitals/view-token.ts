/**
 * The page-view token: a beacon is taken only for a page view the site served (issue 53). Each
 * visitor page carries `<meta name="view-token">`, made per request: when it was issued, a random
 * id, and an HMAC over both, the build, the page type and the requesting network, made with
 * SUBSCRIBER_HASH_KEY (the one secret the site has for such work; a rotation only voids the tokens
 * of views still open) over a label of its own, which keeps these signatures apart from every other
 * HMAC of that secret (the pseudonyms', the networks') without a key derived per request. The endpoint checks the signature, the age, that build,
 * page type and network are the beacon's, and spends the id once (./ledger.ts). Pure, clock injected.
 */
import { constantTimeEqual, hmacHex } from "../../shared/digest";

/** A view whose page stays open longer than this sends its beacon too late to count. */
export const VIEW_TOKEN_TTL_MS = 60 * 60_000;
/** Clocks of isolates differ a little: a token "from the future" by less than this is fine. */
const CLOCK_SKEW_MS = 60_000;
const TOKEN = /^([0-9a-z]{1,11})\.([0-9a-f]{16})\.([0-9a-f]{32})$/;

export interface ViewFacts {
  build: string;
  pageType: string;
  /** The requester's network (vitals/network.ts), which the beacon must come from too. */
  network: string;
}

const LABEL = "koraal vitals view token";

const signature = async (secret: string, facts: ViewFacts, issued: string, id: string) =>
  (await hmacHex("SHA-256", secret, [LABEL, issued, id, facts.build, facts.pageType, facts.network].join("|"))).slice(0, 32);

export async function makeViewToken(secret: string, facts: ViewFacts, now: number, id = randomId()): Promise<string> {
  const issued = Math.floor(now / 1000).toString(36);
  return `${issued}.${id}.${await signature(secret, facts, issued, id)}`;
}

export type TokenCheck = { ok: true; id: string; expiresAt: number } | { ok: false; reason: "missing" | "forged" | "expired" };

export async function checkViewToken(secret: string, token: unknown, facts: ViewFacts, now: number): Promise<TokenCheck> {
  if (typeof token !== "string") return { ok: false, reason: "missing" };
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: "forged" };
  const [, issued = "", id = "", mac = ""] = match;
  if (!constantTimeEqual(mac, await signature(secret, facts, issued, id))) return { ok: false, reason: "forged" };
  const issuedAt = Number.parseInt(issued, 36) * 1000;
  if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt > VIEW_TOKEN_TTL_MS) return { ok: false, reason: "expired" };
  return { ok: true, id, expiresAt: issuedAt + VIEW_TOKEN_TTL_MS };
}

function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}
