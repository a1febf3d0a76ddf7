/**
 * The push's failures (tools/space/push/mapi-failure.ts): which are repeated, how long it waits,
 * and the one line each ends with.
 */
import { describe, expect, it } from "vitest";
import { failureLine, failureOf, RERUN, withRetries } from "../../tools/space/push/mapi-failure.ts";

const serverError = Object.assign(new Error("Bad Gateway"), { response: { status: 502, statusText: "Bad Gateway" } });
const reset = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });
const refused = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });

/** A request failing with `errors` in turn, then answering "ok"; and the waits between attempts. */
function flaky(errors: unknown[]) {
  const waits: number[] = [];
  let calls = 0;
  const request = async () => {
    calls++;
    const error = errors.shift();
    if (error) throw error;
    return "ok";
  };
  const sleep = async (ms: number) => waits.push(ms);
  return { request, waits, sleep, calls: () => calls };
}

describe("withRetries", () => {
  it("repeats a repeatable request after server errors and lost answers, doubling the wait", async () => {
    const run = flaky([serverError, reset, serverError]);
    expect(await withRetries(run.request, { repeatable: true, retries: 3, backoffMs: 100, sleep: run.sleep })).toBe("ok");
    expect(run.waits).toEqual([100, 200, 400]);
  });

  it("never repeats a request that is not safe to repeat, a refusal, or a refused connection", async () => {
    for (const [error, repeatable] of [
      [serverError, false],
      [Object.assign(new Error("Unprocessable"), { response: { status: 422 } }), true],
      [refused, true],
    ] as const) {
      const run = flaky([error]);
      await expect(withRetries(run.request, { repeatable, retries: 3, backoffMs: 1, sleep: run.sleep })).rejects.toBe(error);
      expect(run.calls()).toBe(1);
    }
  });

  it("gives up after the last retry", async () => {
    const run = flaky([serverError, serverError, serverError]);
    await expect(withRetries(run.request, { repeatable: true, retries: 2, backoffMs: 1, sleep: run.sleep })).rejects.toBe(serverError);
    expect(run.calls()).toBe(3);
  });
});

describe("failureLine", () => {
  const url = new URL("https://mapi.storyblok.com/v1/spaces/1/stories?page=2");

  it("names method, URL, answer and that a rerun continues, in one line", () => {
    expect(failureLine("GET", url, failureOf(serverError))).toBe(
      `GET https://mapi.storyblok.com/v1/spaces/1/stories?page=2: 502 Bad Gateway: ${RERUN}`,
    );
    expect(failureLine("PUT", url, failureOf(reset))).toBe(
      `PUT https://mapi.storyblok.com/v1/spaces/1/stories?page=2: no answer (ECONNRESET): ${RERUN}`,
    );
  });

  it("names the host to check when it is not found", () => {
    const missing = Object.assign(new TypeError("fetch failed"), { cause: { code: "ENOTFOUND" } });
    expect(failureLine("GET", new URL("https://mapi.storyblok.example/v1/spaces/1"), failureOf(missing), true)).toBe(
      "GET https://mapi.storyblok.example/v1/spaces/1: no answer (ENOTFOUND): no host mapi.storyblok.example: check STORYBLOK_REGION and STORYBLOK_MANAGEMENT_URL, and the network",
    );
  });
});
