/**
 * The push's pacing (tools/space/push/mapi.ts `pacer`), on a test clock: a request starts only a
 * second after the answer to the one `requestsPerSecond` calls back, so however slow an answer,
 * the API never sees more than the limit within one second.
 */
import { describe, expect, it } from "vitest";
import { pacer } from "../../tools/space/push/mapi.ts";
import { testClock } from "../helpers/test-clock";

describe("pacer", () => {
  it("lets the first three go at once, then waits a second from the answer three calls back", async () => {
    const clock = testClock();
    const pace = pacer(3, clock.now, clock.sleep);
    const starts: number[] = [];
    for (const answerMs of [10, 400, 10, 10, 10]) {
      await pace(async () => {
        starts.push(clock.now());
        clock.advance(answerMs);
      });
    }
    // answers at 10, 410, 420; the fourth starts at 10 + 1000, the fifth at 410 + 1000
    expect(starts).toEqual([0, 10, 410, 1010, 1410]);
  });

  it("never lets four requests into one second, whatever the answer times", async () => {
    const clock = testClock();
    const pace = pacer(3, clock.now, clock.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 40; i++) {
      await pace(async () => {
        starts.push(clock.now());
        clock.advance((i * 37) % 290);
      });
    }
    for (let i = 3; i < starts.length; i++) expect((starts[i] ?? 0) - (starts[i - 3] ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it("keeps a lower rate than one a second as one request per span", async () => {
    const clock = testClock();
    const pace = pacer(0.5, clock.now, clock.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) await pace(async () => starts.push(clock.now()));
    expect(starts).toEqual([0, 2000, 4000]);
  });
});
