import { describe, expect, it } from "vitest";
import { createTokenBucket, storyblokRate } from "../../src/server/content/token-bucket";

function fakeClock(start = 0) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe("token bucket", () => {
  it("lets a burst of `capacity` through at once, then spaces requests at the rate", () => {
    const clock = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 5, now: clock.now });
    expect([1, 2, 3, 4, 5].map(() => bucket.reserve())).toEqual([0, 0, 0, 0, 0]);
    expect(bucket.reserve()).toBe(200);
    expect(bucket.reserve()).toBe(400);
    expect(bucket.reserve()).toBe(600);
  });

  it("refills continuously and never above capacity", () => {
    const clock = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 5, now: clock.now });
    for (let i = 0; i < 5; i++) bucket.reserve();
    clock.advance(200);
    expect(bucket.reserve()).toBe(0);
    expect(bucket.reserve()).toBe(200);
    clock.advance(60_000);
    expect(Array.from({ length: 6 }, () => bucket.reserve())).toEqual([0, 0, 0, 0, 0, 200]);
  });

  it("schedules 100 simultaneous requests at no more than the rate after the burst", () => {
    const clock = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 5, now: clock.now });
    const sendAt = Array.from({ length: 100 }, () => bucket.reserve());
    expect(sendAt.at(-1)).toBe(19_000);
    for (let windowStart = 0; windowStart <= 19_000; windowStart += 100) {
      const inWindow = sendAt.filter((t) => t >= windowStart && t < windowStart + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(windowStart === 0 ? 5 + 4 : 5);
    }
  });

  it("uses 5/s for access tokens and 3/s with an oauth token", () => {
    expect(storyblokRate(false)).toBe(5);
    expect(storyblokRate(true)).toBe(3);
  });

  it("rejects nonsense rates", () => {
    expect(() => createTokenBucket({ ratePerSecond: 0, now: () => 0 })).toThrow(RangeError);
  });
});

describe("token bucket debt is capped", () => {
  it("refuses a reservation that would wait longer than the budget, without taking a token", () => {
    const clock = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 5, now: clock.now });
    const waits = Array.from({ length: 12 }, () => bucket.reserve(1000));
    expect(waits).toEqual([0, 0, 0, 0, 0, 200, 400, 600, 800, 1000, null, null]);
    // refused reservations left no debt behind: 200 ms later one more fits at the budget's end
    clock.advance(200);
    expect(bucket.reserve(1000)).toBe(1000);
    expect(bucket.reserve(1000)).toBeNull();
  });
});

describe("spare tokens", () => {
  it("are taken only while `keep` more stay, never go into debt, and leave waiting calls their turn", () => {
    const clock = fakeClock();
    const bucket = createTokenBucket({ ratePerSecond: 5, now: clock.now });
    expect(Array.from({ length: 5 }, () => bucket.spare(1))).toEqual([true, true, true, true, false]);
    // the kept token is there for a call that waits for its turn
    expect(bucket.reserve(1000)).toBe(0);
    expect(bucket.spare(0)).toBe(false);
    // a reservation in debt is ahead of every spare: none until the debt is paid and one more has come
    expect(bucket.reserve(1000)).toBe(200);
    clock.advance(200);
    expect(bucket.spare(0)).toBe(false);
    clock.advance(200);
    expect(bucket.spare(0)).toBe(true);
  });
});
