import { DurableObject } from "cloudflare:workers";
import { sha256Hex } from "./privacy";

/**
 * Per-client signup limit: a token bucket of 5 signups that refills one signup every 12 s
 * (5 per minute), kept in one Durable Object per client. A Durable Object (not the Workers
 * rate-limiting binding) because it gives an exact `Retry-After` and behaves the same under
 * `wrangler dev`, the tests and production; the binding counts in wall-clock windows per
 * location and cannot say when the next signup is allowed.
 */
export const SIGNUP_BURST = 5;
export const SIGNUP_REFILL_MS = 12_000;

/** How many signups a bucket holds and how fast it refills. */
export interface Policy {
  burst: number;
  refillMs: number;
}

/** A signup whose browser passed Turnstile's check: the limit above. */
export const CHECKED: Policy = { burst: SIGNUP_BURST, refillMs: SIGNUP_REFILL_MS };
/**
 * A signup without a Turnstile token (the form without JavaScript, a widget that could not run,
 * Siteverify down): 2 per client, then one per 30 minutes, and for the whole site 30, then one
 * per 2 minutes (issue 53). A person without JavaScript signs up once; a botnet without tokens
 * gets at most 30 an hour past the site, whatever its number of addresses.
 */
export const TOKENLESS: Policy = { burst: 2, refillMs: 30 * 60_000 };
export const TOKENLESS_SITE: Policy = { burst: 30, refillMs: 2 * 60_000 };
/** The Durable Object name of the site-wide tokenless bucket. */
export const TOKENLESS_SITE_KEY = "tokenless:site";

export interface Bucket {
  tokens: number;
  at: number;
}

export type Take = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Pure bucket step: refill for the time passed, then take one token if there is one. */
export function takeToken(
  bucket: Bucket | undefined,
  now: number,
  burst = SIGNUP_BURST,
  refillMs = SIGNUP_REFILL_MS,
): { bucket: Bucket; take: Take } {
  const elapsed = bucket ? Math.max(0, now - bucket.at) : 0;
  const tokens = bucket ? Math.min(burst, bucket.tokens + elapsed / refillMs) : burst;
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, at: now }, take: { allowed: true } };
  return {
    bucket: { tokens, at: now },
    take: { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - tokens) * refillMs) / 1000)) },
  };
}

/**
 * One client's bucket. The clock comes from the caller (our own Worker), so tests can move time.
 * The bucket lives in memory: an evicted object starts full again, which only ever errs on the
 * side of letting a person sign up.
 */
export class SignupLimiter extends DurableObject {
  #bucket: Bucket | undefined;

  take(now: number, policy: Policy = CHECKED): Take {
    const { bucket, take } = takeToken(this.#bucket, now, policy.burst, policy.refillMs);
    this.#bucket = bucket;
    return take;
  }
}

/**
 * The rate-limit key of a request: a hash of the client address (never the address itself),
 * IPv6 clients by their /64 network since one subscriber line owns the whole prefix, an IPv4
 * client written as IPv6 (`::ffff:a.b.c.d`) by its IPv4 address: every such client is in one /64.
 * Without CF-Connecting-IP (local runs) every request shares one key.
 */
export async function clientKey(connectingIp: string | undefined): Promise<string> {
  const ip = connectingIp?.trim();
  if (!ip) return "local";
  if (!ip.includes(":")) return sha256Hex(ip);
  const groups = ipv6Groups(ip);
  return sha256Hex(mappedIpv4(groups) ?? prefix64(groups));
}

export function ipv6Prefix64(ip: string): string {
  return prefix64(ipv6Groups(ip));
}

/** The eight groups of an IPv6 address, `::` expanded, a trailing dotted IPv4 part as two groups, without zone. */
export function ipv6Groups(ip: string): string[] {
  const [head = "", tail] = ip
    .toLowerCase()
    .split("%")[0]!
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${hexPair(a, b)}:${hexPair(c, d)}`)
    .split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}

const hexPair = (high: string, low: string) => ((Number(high) << 8) | Number(low)).toString(16);

const prefix64 = (groups: string[]) => `${groups.slice(0, 4).join(":")}::/64`;

/** `::ffff:a.b.c.d` (in any spelling) is the IPv4 address a.b.c.d. */
export function mappedIpv4(groups: string[]): string | undefined {
  if (groups.length !== 8 || groups.slice(0, 5).some((group) => group !== "0") || groups[5] !== "ffff") return undefined;
  const [high, low] = [Number.parseInt(groups[6]!, 16), Number.parseInt(groups[7]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}
