import { DurableObject } from "cloudflare:workers";
import { isCacheVersion } from "./cache";

/**
 * The one place every isolate asks for the space's current cache version (cv). Storyblok is the
 * truth, but it cannot be asked by every isolate every few seconds (uncached requests: 50/s per
 * space, and a monthly request quota); this object can (about 1000 requests/s). It learns the cv
 * from the isolates themselves: the one that received a publish webhook reports what Storyblok
 * said, and when no report came for a while it hands one isolate a lease to ask Storyblok again.
 *
 * It keeps nothing durable: an evicted object knows no cv, and its first reader gets the lease.
 * Times come from the callers (our own Worker), so tests can move them.
 */
export const AUTHORITY_NAME = "cache-version";
/** A reported cv is trusted this long; then one reader is asked to read Storyblok again. */
export const AUTHORITY_FRESH_MS = 60_000;
/** The reader with the lease has this long to report before another reader is asked. */
export const AUTHORITY_LEASE_MS = 10_000;

export interface AuthorityState {
  cv?: number;
  /** When the reported cv was read from Storyblok (the reader's clock when it started asking). */
  readAt?: number;
  leaseUntil?: number;
}

/** What a reader learns: the cv (if any is known, and when it was read) and whether it is the one to ask Storyblok. */
export interface AuthorityAnswer {
  cv?: number;
  readAt?: number;
  refresh: boolean;
}

/** Pure step of a read: a fresh cv as it is; an old or missing one also hands out the lease, once per lease time. */
export function readAuthority(state: AuthorityState, now: number): { state: AuthorityState; answer: AuthorityAnswer } {
  const fresh = state.cv !== undefined && state.readAt !== undefined && now - state.readAt < AUTHORITY_FRESH_MS;
  const leased = state.leaseUntil !== undefined && now < state.leaseUntil;
  const known = { cv: state.cv, readAt: state.readAt };
  if (fresh || leased) return { state, answer: { ...known, refresh: false } };
  return { state: { ...state, leaseUntil: now + AUTHORITY_LEASE_MS }, answer: { ...known, refresh: true } };
}

/**
 * Pure step of a report: the read that started last wins, so a slow reader cannot put an older cv
 * back over a newer one (and a new space's lower cv still replaces an old space's).
 */
export function reportToAuthority(state: AuthorityState, cv: number, readAt: number): AuthorityState {
  if (!isCacheVersion(cv) || !Number.isFinite(readAt)) return state;
  if (state.readAt !== undefined && readAt < state.readAt) return state;
  return { cv, readAt };
}

export class CacheVersionAuthority extends DurableObject {
  #state: AuthorityState = {};

  read(now: number): AuthorityAnswer {
    const { state, answer } = readAuthority(this.#state, now);
    this.#state = state;
    return answer;
  }

  report(cv: number, readAt: number): void {
    this.#state = reportToAuthority(this.#state, cv, readAt);
  }
}

/** How the content layer talks to the authority (the Durable Object, or a stand-in in unit tests). */
export interface CvAuthority {
  read(now: number): Promise<AuthorityAnswer>;
  report(cv: number, readAt: number): Promise<void>;
}

/** The authority behind the `CV_AUTHORITY` binding: one object for the whole site. */
export function cvAuthority(namespace: DurableObjectNamespace<CacheVersionAuthority>): CvAuthority {
  const stub = () => namespace.get(namespace.idFromName(AUTHORITY_NAME));
  return {
    read: async (now) => {
      const answer = await stub().read(now);
      return { cv: answer.cv, readAt: answer.readAt, refresh: answer.refresh };
    },
    report: async (cv, readAt) => {
      await stub().report(cv, readAt);
    },
  };
}
