import { describe, expect, it } from "vitest";
import {
  KEPT_TOKENS,
  NEEDED,
  START_BUDGET_MS,
  VERSION,
  acquire,
  admit,
  onSpareTokens,
  together,
  type OriginCall,
} from "../../src/server/content/admission";
import { ContentError } from "../../src/server/content/errors";
import { createTokenBucket } from "../../src/server/content/token-bucket";
import { testClock } from "../helpers/test-clock";

// How an origin call gets its token (src/server/content/admission.ts): after a publish the refills
// of answers that have a copy take spare tokens only, so what has nothing to stand in for it (the
// cache version, the links list, a page without a copy) is never queued behind them.

const bucket = (clock = testClock()) => createTokenBucket({ ratePerSecond: 5, now: clock.now });

describe("admit: one call's turn at the bucket", () => {
  it("a refill goes at once on a spare token, keeping one for what cannot wait", () => {
    const b = bucket();
    expect(Array.from({ length: 5 - KEPT_TOKENS }, () => admit(b, { urgency: "refill" }))).toEqual([
      { wait: 0 },
      { wait: 0 },
      { wait: 0 },
      { wait: 0 },
    ]);
    // no spare token: whether the request has a copy decides
    expect(admit(b, { urgency: "refill" })).toEqual({ askCopy: true });
    expect(admit(b, { urgency: "refill" }, true)).toEqual({
      refused: "Content service busy: a copy is served, the refill waits for a token",
    });
    // the kept token goes to a call that cannot do without its answer, at once
    expect(admit(b, { urgency: "needed" })).toEqual({ wait: 0 });
  });

  it("a refill without a copy, the links list and the cache version wait their turn, up to the start budget", () => {
    const b = bucket();
    for (let i = 0; i < 5; i++) admit(b, { urgency: "needed" });
    expect([admit(b, { urgency: "refill" }, false), admit(b, { urgency: "needed" }), admit(b, { urgency: "version" })]).toEqual([
      { wait: 200 },
      { wait: 400 },
      { wait: 600 },
    ]);
    const queued = Array.from({ length: 20 }, () => admit(b, { urgency: "needed" }));
    // the queue is the bucket's debt: bounded by the budget, past it a call is refused (503), not queued
    expect(queued.filter((a) => "wait" in a).map((a) => ("wait" in a ? a.wait : 0))).toEqual(
      Array.from({ length: 12 }, (_, i) => 800 + 200 * i),
    );
    expect(Math.max(...queued.flatMap((a) => ("wait" in a ? [a.wait] : [])))).toBe(START_BUDGET_MS);
    expect(queued.slice(12)).toEqual(Array(8).fill({ refused: "Content service busy: rate limit queue full" }));
    // while calls are queued, no refill jumps the queue
    expect(admit(b, { urgency: "refill" }, false)).toEqual({ refused: "Content service busy: rate limit queue full" });
    expect(admit(b, { urgency: "refill" }, true)).toMatchObject({ refused: expect.stringContaining("a copy is served") });
  });
});

describe("a refill the visitor waits for (its page's stories)", () => {
  it("waits for a token as long as the visitor would wait, then leaves it to the copy", () => {
    const b = bucket();
    for (let i = 0; i < 5; i++) admit(b, { urgency: "needed" });
    expect(admit(b, { urgency: "refill", waitMs: 500 }, true)).toEqual({ wait: 200 });
    expect(admit(b, { urgency: "refill", waitMs: 500 }, true)).toEqual({ wait: 400 });
    expect(admit(b, { urgency: "refill", waitMs: 500 }, true)).toEqual({
      refused: "Content service busy: a copy is served, the refill waits for a token",
    });
    // what nothing stands in for still gets its turn behind them
    expect(admit(b, { urgency: "needed" })).toEqual({ wait: 600 });
  });

  it("onSpareTokens takes the wait away (a listing's refill); together waits as the most patient call", async () => {
    const page: OriginCall = { urgency: "refill", hasCopy: async () => true, waitMs: 1200 };
    expect(onSpareTokens(page)).toEqual({ urgency: "refill", hasCopy: page.hasCopy });
    expect(onSpareTokens(NEEDED)).toBe(NEEDED);
    expect(together([page, onSpareTokens(page)]).waitMs).toBe(1200);
    expect(together([onSpareTokens(page), onSpareTokens(page)]).waitMs).toBeUndefined();
  });
});

describe("acquire: waits for the token, asking for a copy only when that decides", () => {
  it("sleeps the wait, asks nothing while a spare token is free, and throws a 503 ContentError when refused", async () => {
    const clock = testClock();
    const b = bucket(clock);
    let asked = 0;
    const withCopy: OriginCall = {
      urgency: "refill",
      hasCopy: async () => {
        asked++;
        return true;
      },
    };
    for (let i = 0; i < 4; i++) await acquire(b, clock.sleep, withCopy);
    expect(asked).toBe(0);
    const refused = await acquire(b, clock.sleep, withCopy).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentError);
    expect(refused).toMatchObject({ status: 503 });
    expect(asked).toBe(1);
    await acquire(b, clock.sleep, NEEDED);
    await acquire(b, clock.sleep, VERSION);
    expect(clock.sleeps).toEqual([200]);
  });
});

describe("together: one call for several answers", () => {
  const copy = (has: boolean): OriginCall => ({ urgency: "refill", hasCopy: async () => has });

  it("is a refill only if each answer is one, and has a copy only if each has one", async () => {
    expect(together([NEEDED, copy(true)])).toBe(NEEDED);
    expect(together([copy(true), VERSION])).toBe(VERSION);
    expect(await together([copy(true), copy(true)]).hasCopy?.()).toBe(true);
    expect(await together([copy(true), copy(false)]).hasCopy?.()).toBe(false);
  });
});
