import { describe, expect, it } from "vitest";
import {
  CV_ANSWER_WAIT_MS,
  CV_AUTHORITY_DEADLINE_MS,
  CV_CHECK_MS,
  currentCacheVersion,
  type CacheVersionDeps,
  type CvMemo,
} from "../../src/server/content/cache-version";
import type { Timer } from "../../src/shared/dates/deadline";
import type { AuthorityAnswer, CvAuthority } from "../../src/server/content/cv-authority";
import type { CacheStore } from "../../src/server/content/kv-store";

/** Two turns of the event loop: a check starts in the turn after its request's answer. */
const turnsAfterAnswer = async () => {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** The cv logic alone: a Map for KV, a scripted authority and Storyblok, an injected clock. */
function harness(options: {
  kv?: Record<string, string>;
  authority?: () => Promise<AuthorityAnswer>;
  storyblok?: () => Promise<number>;
  timer?: Timer;
}) {
  let clock = 1_000_000;
  const kv = new Map(Object.entries(options.kv ?? {}));
  const pending: Promise<unknown>[] = [];
  /** The requests' answer: `answered()` gives it, and a check they started may run. */
  let answered!: () => void;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  const reports: Array<[number, number]> = [];
  const reads: number[] = [];
  const failures: unknown[] = [];
  let storyblokCalls = 0;
  const store: CacheStore = {
    get: async () => null,
    getText: async (key) => kv.get(key) ?? null,
    put: (key, value) => void kv.set(key, value),
    delete: (key) => void kv.delete(key),
  };
  const authority: CvAuthority | undefined = options.authority && {
    read: (now) => {
      reads.push(now);
      return options.authority!();
    },
    report: async (cv, readAt) => void reports.push([cv, readAt]),
  };
  const memo: CvMemo = {};
  const fetchCurrent = () => {
    storyblokCalls++;
    return options.storyblok?.() ?? Promise.reject(new Error("Storyblok not expected"));
  };
  const deps: CacheVersionDeps = {
    store,
    authority,
    fetchCurrent,
    fetchCurrentInBackground: fetchCurrent,
    now: () => clock,
    memo,
    defer: (promise) => void pending.push(promise),
    answered: answer,
    timer: options.timer,
    onRefreshFailed: (error) => void failures.push(error),
  };
  return {
    memo,
    kv,
    reports,
    reads,
    failures,
    storyblokCalls: () => storyblokCalls,
    cv: () => currentCacheVersion(deps),
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
    answered,
    settle: async () => {
      answered();
      await Promise.all(pending.splice(0));
    },
    settleWithoutAnswer: async () => void (await Promise.all(pending.splice(0))),
  };
}

describe("the isolate's cache version", () => {
  it("a due value is answered at once; one check runs in the background, whatever the number of requests", async () => {
    let answer!: (value: AuthorityAnswer) => void;
    const h = harness({ authority: () => new Promise((resolve) => (answer = resolve)) });
    h.memo.value = 100;
    h.memo.checkedAt = h.now();
    h.advance(CV_CHECK_MS - 1);
    expect(await h.cv()).toBe(100);
    expect(h.reads).toEqual([]);
    h.advance(1);
    expect(await Promise.all([h.cv(), h.cv(), h.cv()])).toEqual([100, 100, 100]); // the authority has not answered
    h.answered();
    await turnsAfterAnswer();
    expect(h.reads).toHaveLength(1);
    answer({ cv: 200, readAt: h.now(), refresh: false });
    await h.settle();
    expect(await h.cv()).toBe(200);
    expect(h.storyblokCalls()).toBe(0);
  });

  it("a check starts only once the request that started it has its answer, and no other starts meanwhile", async () => {
    const h = harness({ kv: { "cv:current": "100" }, authority: async () => ({ cv: 100, readAt: 1, refresh: false }) });
    expect(await h.cv()).toBe(100); // a fresh isolate: KV's cv, and a check due
    expect(await h.cv()).toBe(100); // another request while the first is being answered
    await turnsAfterAnswer();
    expect(h.reads).toEqual([]);
    await h.settle();
    expect(h.reads).toEqual([h.now()]); // one check for both
  });

  it("a check waits for its request's answer at most CV_ANSWER_WAIT_MS", async () => {
    const waits: number[] = [];
    const h = harness({
      kv: { "cv:current": "100" },
      authority: async () => ({ cv: 100, readAt: 1, refresh: false }),
      timer: async (ms) => void waits.push(ms), // every wait ends at once: the answer never comes
    });
    expect(await h.cv()).toBe(100);
    await h.settleWithoutAnswer();
    expect([h.reads, waits]).toEqual([[h.now()], [CV_ANSWER_WAIT_MS, 0, CV_AUTHORITY_DEADLINE_MS]]);
  });

  it("the reader handed the lease asks Storyblok and reports what it read, with when it started", async () => {
    const h = harness({ authority: async () => ({ cv: 100, readAt: 1, refresh: true }), storyblok: async () => 300 });
    h.memo.value = 100;
    h.advance(CV_CHECK_MS);
    const started = h.now();
    await h.cv();
    await h.settle();
    expect(await h.cv()).toBe(300);
    expect(h.reports).toEqual([[300, started]]);
    expect(h.kv.get("cv:current")).toBe("300");
  });

  it("an authority that fails: KV's cv, else Storyblok's", async () => {
    const failing = async (): Promise<AuthorityAnswer> => {
      throw new Error("Durable Object unavailable");
    };
    const withKv = harness({ authority: failing, kv: { "cv:current": "150" } });
    withKv.memo.value = 100;
    await withKv.cv();
    await withKv.settle();
    expect([await withKv.cv(), withKv.storyblokCalls()]).toEqual([150, 0]);

    const withoutKv = harness({ authority: failing, storyblok: async () => 160 });
    withoutKv.memo.value = 100;
    await withoutKv.cv();
    await withoutKv.settle();
    expect([await withoutKv.cv(), withoutKv.storyblokCalls()]).toEqual([160, 1]);
  });

  it("keeps a cv it read itself over an older one from the authority, and reports it again", async () => {
    const h = harness({ authority: async () => ({ cv: 100, readAt: 5, refresh: false }) });
    h.memo.value = 200;
    h.memo.readAt = 10;
    h.advance(CV_CHECK_MS);
    await h.cv();
    await h.settle();
    expect(await h.cv()).toBe(200);
    expect(h.reports).toEqual([[200, 10]]);
  });

  it("a cold isolate takes KV's cv at once and checks it; a cv that is no number is not one", async () => {
    const h = harness({ authority: async () => ({ cv: 180, readAt: 1, refresh: false }), kv: { "cv:current": "NaN", "cv:last": "170" } });
    expect(await h.cv()).toBe(170);
    await h.settle();
    expect(await h.cv()).toBe(180);
  });

  it("a Storyblok answer that is no cache version fails the check and backs off", async () => {
    const h = harness({ authority: async () => ({ refresh: true }), storyblok: async () => Number.NaN });
    h.memo.value = 100;
    await h.cv();
    await h.settle();
    expect(h.failures).toEqual([expect.objectContaining({ name: "ContentError", status: 502 })]);
    expect(h.memo.retryAt).toBe(h.now() + 1000);
    expect(await h.cv()).toBe(100);
    expect(h.reads).toHaveLength(1); // backing off: no second check yet
  });
});
