import { describe, expect, it } from "vitest";
import { createParsedCache } from "../../src/server/content/parsed-cache";
import {
  MAX_SHARED_LOADS,
  SHARED_LOAD_POLL_MS,
  SHARED_LOAD_STUCK_MS,
  endLoad,
  sharedAnswer,
  startLoad,
  type SharedLoads,
} from "../../src/server/content/shared-loads";

// One origin load per answer at a time in an isolate (src/server/content/shared-loads.ts): plain
// values its requests look at, never a promise one request awaits of another's.

describe("startLoad and endLoad", () => {
  it("the first request loads; the next ones find it running until it ends", () => {
    const loads: SharedLoads = new Map();
    const mark = startLoad(loads, "c:1:links", 1000);
    expect(mark).toBe(1000);
    expect(startLoad(loads, "c:1:links", 1500)).toBeUndefined();
    endLoad(loads, "c:1:links", mark!);
    expect(startLoad(loads, "c:1:links", 2000)).toBe(2000);
  });

  it("a load that never ended (its request was cancelled) stops counting after SHARED_LOAD_STUCK_MS; its late end leaves the new one alone", () => {
    const loads: SharedLoads = new Map();
    const stuck = startLoad(loads, "k", 0)!;
    expect(startLoad(loads, "k", SHARED_LOAD_STUCK_MS - 1)).toBeUndefined();
    const next = startLoad(loads, "k", SHARED_LOAD_STUCK_MS)!;
    endLoad(loads, "k", stuck);
    expect(loads.get("k")).toBe(next);
  });

  it("is bounded: past MAX_SHARED_LOADS running a load is not shared, and leaves no mark", () => {
    const loads: SharedLoads = new Map();
    for (let i = 0; i < MAX_SHARED_LOADS; i++) startLoad(loads, `k${i}`, 0);
    expect(startLoad(loads, "one-more", 0)).toBe("unshared");
    expect(startLoad(loads, "one-more", 0)).toBe("unshared");
    expect(loads.size).toBe(MAX_SHARED_LOADS);
    endLoad(loads, "one-more", "unshared");
    expect(loads.size).toBe(MAX_SHARED_LOADS);
  });
});

describe("sharedAnswer: what another request's load left", () => {
  /** A timer that fires at once and counts the polls. */
  function polls() {
    const waits: number[] = [];
    return { waits, timer: async (ms: number) => void waits.push(ms) };
  }

  it("finds the entry once the load has stored it", async () => {
    const loads: SharedLoads = new Map([["k", 0]]);
    const parsed = createParsedCache();
    const { waits, timer } = polls();
    const found = sharedAnswer(loads, parsed, "k", 1000, async (ms) => {
      await timer(ms);
      if (waits.length === 3) parsed.set("k", { value: 42 }, 10);
    });
    expect(await found).toEqual({ entry: { value: 42 } });
    expect(waits).toEqual([SHARED_LOAD_POLL_MS, SHARED_LOAD_POLL_MS, SHARED_LOAD_POLL_MS]);
  });

  it("says 'ended' when the load ended without an entry (it failed), and 'waiting' at the end of the wait, counted in polls", async () => {
    const parsed = createParsedCache();
    expect(await sharedAnswer(new Map(), parsed, "k", 1000, polls().timer)).toBe("ended");
    const { waits, timer } = polls();
    expect(await sharedAnswer(new Map([["k", 0]]), parsed, "k", 100, timer)).toBe("waiting");
    expect(waits).toHaveLength(100 / SHARED_LOAD_POLL_MS);
  });
});
