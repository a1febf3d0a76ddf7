import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { freshStorage, harness } from "../helpers/newsletter-harness";

/** Printable ASCII: what a header value can hold. */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);

const contentTypes = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 6 },
  fc.constantFrom(
    undefined,
    "application/json",
    "application/json; charset=utf-8",
    'Application/JSON;charset="UTF-8"',
    "application/json; charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "",
  ),
  headerText,
);

const emailish = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 80 }), fc.constantFrom("", " ", "a@b", "a@b..nl", "@", "a@", "ä@ö.nl"));

const bodies: fc.Arbitrary<string | Uint8Array<ArrayBuffer>> = fc.oneof(
  { arbitrary: emailish.map((email) => JSON.stringify({ email })), weight: 4 },
  fc.string({ maxLength: 1500 }),
  fc.string({ unit: "binary", maxLength: 600 }),
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify({ email: value })),
  fc
    .record({ email: emailish, website: fc.option(fc.oneof(fc.string(), fc.boolean(), fc.integer()), { nil: undefined }) })
    .map((value) => JSON.stringify(value)),
  fc.record({ email: emailish, pad: fc.string({ maxLength: 1200 }) }).map((value) => JSON.stringify(value)),
  fc.uint8Array({ maxLength: 1400 }).map((bytes) => new Uint8Array(bytes)),
  fc.string({ minLength: 1000, maxLength: 3000 }).map((pad) => JSON.stringify({ email: "lang@voorbeeld.nl", pad })),
);

const methods = fc.oneof({ arbitrary: fc.constant("POST"), weight: 8 }, fc.constantFrom("GET", "PUT", "PATCH", "DELETE", "OPTIONS"));

/**
 * Runs per property. Each run is a request through the whole Worker: 2,500 and 1,000 runs took
 * ~10 s of the file's time. At 800 every answer the first property requires comes 49-148 times
 * (three runs: 201, 400, 405, 413, 415; it asks for more than 10), and a 500 seeded for one of
 * the nine listed content types was found within 131 runs.
 */
const RUNS = 800;
const FORM_RUNS = 300;

describe("the newsletter API under random input", () => {
  beforeAll(freshStorage);

  it("never answers 5xx, and always answers JSON with a message", async () => {
    // HubSpot is configured (a faithful fake): valid signups are delivered in waitUntil as well.
    const h = harness({ settings: "crm" });
    let runs = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(methods, contentTypes, bodies, async (method, contentType, body) => {
        runs++;
        // a minute per request: the per-client limit refills, so input reaches every check
        h.advance(60_000);
        const headers: Record<string, string> = contentType === undefined ? {} : { "content-type": contentType };
        const init: RequestInit & { ip: string } = { method, headers, ip: "192.0.2.1" };
        if (method !== "GET") init.body = body;
        const res = await h.send("/api/hubspot/create", init);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
        expect([201, 400, 405, 413, 415, 429]).toContain(res.status);
        expect(res.headers.get("content-type")).toBe("application/json");
        const answer = (await res.json()) as { message?: unknown };
        expect(Object.keys(answer)).toEqual(["message"]);
        expect(typeof answer.message).toBe("string");
        expect((answer.message as string).length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(RUNS);
    // the input reached every answer, not just the first check
    for (const status of [201, 400, 405, 413, 415]) expect(statuses.get(status) ?? 0).toBeGreaterThan(10);
    // nothing in the logs failed unexpectedly: only expected events
    expect(h.logs.filter((l) => l.level === "error" && l.line.event !== "newsletter.failed")).toEqual([]);
  }, 120_000);

  it("the no-JS form route never answers 5xx: a redirect back, or JSON with a message", async () => {
    const h = harness();
    const formBodies = fc.oneof(
      bodies,
      fc
        .record({
          email: emailish,
          returnPath: fc.oneof(fc.string({ maxLength: 100 }), fc.webPath(), fc.webUrl()),
          website: fc.option(fc.string(), { nil: undefined }),
        })
        .map((fields) =>
          new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString(),
        ),
    );
    const formTypes = fc.oneof(fc.constant("application/x-www-form-urlencoded"), contentTypes);
    await fc.assert(
      fc.asyncProperty(methods, formTypes, formBodies, async (method, contentType, body) => {
        h.advance(60_000);
        const headers: Record<string, string> = contentType === undefined ? {} : { "content-type": contentType };
        const init: RequestInit & { ip: string } = { method, headers, ip: "192.0.2.2" };
        if (method !== "GET") init.body = body;
        const res = await h.send("/api/newsletter", init);
        expect(res.status).toBeLessThan(500);
        if (res.status === 303) {
          expect(res.headers.get("location")).toMatch(
            /^\/(?!\/)(?!en(?:[/?#]|$))[^#]*[?&]nieuwsbrief=(geabonneerd|ongeldig|te-vaak&wacht=\d+|mislukt)#nieuwsbrief$|^\/en(?:[/?][^#]*)?[?&]newsletter=(subscribed|invalid|too-many&wait=\d+|failed)#newsletter$/,
          );
        } else {
          expect(res.headers.get("content-type")).toBe("application/json");
          expect(typeof ((await res.json()) as { message?: unknown }).message).toBe("string");
        }
      }),
      { numRuns: FORM_RUNS },
    );
  }, 120_000);
});
