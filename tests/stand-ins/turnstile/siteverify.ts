/**
 * Cloudflare Turnstile's Siteverify, in memory (POST /turnstile/v0/siteverify): answers as
 * Cloudflare documents (developers.cloudflare.com/turnstile, "Validate the token" and "Test your
 * Turnstile implementation"). The documented test secrets behave as documented: `1x…AA` always
 * passes, `2x…AA` always fails (`invalid-input-response`), `3x…AA` answers "token already spent"
 * (`timeout-or-duplicate`). With the stand-in's own secret it behaves as a real widget's secret:
 * only tokens it minted (`mint`), each once, within 300 s; a replay or an old one is
 * `timeout-or-duplicate`, anything else `invalid-input-response`. Form-encoded or JSON requests,
 * JSON answers with `success`, `error-codes`, `challenge_ts`, `hostname`, `action`, `cdata`.
 */

export const TEST_SECRETS = {
  passes: "1x0000000000000000000000000000000AA",
  fails: "2x0000000000000000000000000000000AA",
  spent: "3x0000000000000000000000000000000AA",
} as const;
/** The documented test site keys: visible always passes, invisible always passes, visible always fails. */
export const TEST_SITE_KEYS = {
  passes: "1x00000000000000000000AA",
  invisiblePasses: "1x00000000000000000000BB",
  fails: "2x00000000000000000000AB",
} as const;
/** What a test site key's widget hands the browser (Cloudflare's documented dummy token). */
export const DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";
/** The stand-in's own secret: tokens are checked as a real secret's are. */
export const STAND_IN_SECRET = "local-turnstile-stand-in-secret";
/** A token is valid this long after it was made (Cloudflare: 300 s). */
export const TOKEN_LIFETIME_MS = 300_000;
const MAX_TOKEN_LENGTH = 2048;

export interface Siteverify {
  /** Answers one Siteverify request. */
  answer(request: Request): Promise<Response>;
  /** A token as the widget would hand it to the browser after a passed challenge. */
  mint(): string;
  /** Every verification asked, with its answer's error codes (empty: passed). */
  readonly verified: Array<{ token: string; secret: string; remoteip?: string; codes: string[] }>;
}

export function createSiteverify(now: () => number = () => Date.now()): Siteverify {
  const minted = new Map<string, number>();
  const spent = new Set<string>();
  const verified: Siteverify["verified"] = [];
  let counter = 0;

  const verdict = (secret: string, token: string): string[] => {
    if (!secret) return ["missing-input-secret"];
    if (!token) return ["missing-input-response"];
    if (token.length > MAX_TOKEN_LENGTH) return ["invalid-input-response"];
    if (secret === TEST_SECRETS.passes) return [];
    if (secret === TEST_SECRETS.fails) return ["invalid-input-response"];
    if (secret === TEST_SECRETS.spent) return ["timeout-or-duplicate"];
    if (secret !== STAND_IN_SECRET) return ["invalid-input-secret"];
    const made = minted.get(token);
    if (made === undefined) return ["invalid-input-response"];
    if (spent.has(token) || now() - made > TOKEN_LIFETIME_MS) return ["timeout-or-duplicate"];
    spent.add(token);
    return [];
  };

  return {
    verified,
    mint() {
      const token = `stand-in.${(++counter).toString(36)}.${crypto.randomUUID()}`;
      minted.set(token, now());
      return token;
    },
    async answer(request) {
      const type = request.headers.get("content-type") ?? "";
      const text = await request.text();
      const fields: Record<string, unknown> = type.includes("json") ? safeJson(text) : Object.fromEntries(new URLSearchParams(text));
      const secret = typeof fields.secret === "string" ? fields.secret : "";
      const token = typeof fields.response === "string" ? fields.response : "";
      const codes = verdict(secret, token);
      verified.push({ token, secret, remoteip: typeof fields.remoteip === "string" ? fields.remoteip : undefined, codes });
      const body = codes.length
        ? { success: false, "error-codes": codes, messages: [] }
        : { success: true, "error-codes": [], challenge_ts: new Date(now()).toISOString(), hostname: "example.com", action: "", cdata: "" };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    },
  };
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
