import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  AUTHORITY_FRESH_MS,
  AUTHORITY_LEASE_MS,
  cvAuthority,
  readAuthority,
  reportToAuthority,
  type AuthorityState,
} from "../../src/server/content/cv-authority";

/** Reads `times` times at `now`, keeping the state, and says which readers got the lease. */
function readers(state: AuthorityState, now: number, times: number) {
  const leases: boolean[] = [];
  for (let i = 0; i < times; i++) {
    const step = readAuthority(state, now);
    state = step.state;
    leases.push(step.answer.refresh);
  }
  return { state, leases };
}

describe("the cache version authority", () => {
  it("knowing nothing, hands the lease (ask Storyblok) to one reader per lease time", () => {
    const first = readers({}, 0, 3);
    expect(first.leases).toEqual([true, false, false]);
    expect(readers(first.state, AUTHORITY_LEASE_MS - 1, 1).leases).toEqual([false]);
    expect(readers(first.state, AUTHORITY_LEASE_MS, 2).leases).toEqual([true, false]);
  });

  it("a report is the answer for a minute, then one reader is asked to read Storyblok again", () => {
    const reported = reportToAuthority({ leaseUntil: 5000 }, 1700, 1000);
    expect(reported).toEqual({ cv: 1700, readAt: 1000 });
    expect(readAuthority(reported, 1000 + AUTHORITY_FRESH_MS - 1).answer).toEqual({ cv: 1700, readAt: 1000, refresh: false });
    const due = readers(reported, 1000 + AUTHORITY_FRESH_MS, 2);
    expect(due.leases).toEqual([true, false]);
    expect(readAuthority(due.state, 1000 + AUTHORITY_FRESH_MS).answer.cv).toBe(1700);
  });

  it("the read that started last wins: a slow reader cannot put an older cv back", () => {
    const newer = reportToAuthority({}, 1800, 2000);
    expect(reportToAuthority(newer, 1700, 1500)).toBe(newer);
    expect(reportToAuthority(newer, 1900, 2000)).toEqual({ cv: 1900, readAt: 2000 });
    // a new space's cv may be lower: read later, it still replaces the old one
    expect(reportToAuthority(newer, 42, 3000)).toEqual({ cv: 42, readAt: 3000 });
  });

  it("ignores a report that is no cache version", () => {
    expect(reportToAuthority({}, Number.NaN, 1)).toEqual({});
    expect(reportToAuthority({}, 0, 1)).toEqual({});
  });

  it("is one Durable Object for the site, reached through the binding", async () => {
    const authority = cvAuthority(env.CV_AUTHORITY);
    const t = Date.parse("2030-01-01T00:00:00Z"); // later than anything another test reported
    await authority.report(1767608898, t);
    expect(await authority.read(t + 1)).toEqual({ cv: 1767608898, readAt: t, refresh: false });
    expect(await cvAuthority(env.CV_AUTHORITY).read(t + 2)).toEqual({ cv: 1767608898, readAt: t, refresh: false });
  });
});
