/**
 * Issue 53, items 1-3: an erasure finds every spelling of the address and holds back every row of
 * it; an erasure HubSpot could not take is carried out by the cron once HubSpot is back; no
 * unkeyed digest of an address is kept in D1 or written to a log. The operator's statements
 * (tools/operate/personal-data.ts) run here against the Worker's own D1, as `npm run subscribers` runs them.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { keyId, pseudonymOfDigest, subscriberPseudonym } from "../../src/shared/subscriber-pseudonym";
import {
  ERASURES_QUERY,
  eraseStatements,
  exportReport,
  exportStatements,
  subscriberIds,
  type Row,
} from "../../tools/operate/personal-data";
import { MINUTE, T0, freshStorage, harness, sha256, type Harness } from "../helpers/newsletter-harness";
import { everythingInD1 as allOfD1 } from "../helpers/d1";

beforeEach(freshStorage);
const KEY = (env as unknown as { SUBSCRIBER_HASH_KEY: string }).SUBSCRIBER_HASH_KEY;
const iso = (ms: number) => new Date(ms).toISOString();
const run = async (statements: string[]) =>
  (await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)))).map((result) => result.results as Row[]);

/** What `npm run subscribers -- --erase <email>` writes to D1 (without its own HubSpot attempt: the cron's job here). */
async function erase(h: Harness, email: string, requestedBy = "privacy officer") {
  const ids = await subscriberIds(email, { current: KEY });
  const [[recorded] = [], deleted = []] = await run(eraseStatements({ ids, email: email.toLowerCase(), requestedBy, now: h.clock.now }));
  return { recorded, deleted };
}
const erasures = async () => (await run([ERASURES_QUERY]))[0] ?? [];
const gdprDeletes = (h: Harness) => h.hubspot.requests.filter((r) => r.url.endsWith("/gdpr-delete")).map((r) => r.answer);

const everythingInD1 = async () => (await allOfD1()).text;

describe("identity by the address as HubSpot sees it", () => {
  it("a case variant signed up while HubSpot was down never reaches HubSpot after its erasure", async () => {
    const h = harness({ settings: "crm" });
    h.hubspot.next.push({ kind: "down", status: 503 });
    await h.subscribe("Adv5.R2.Case@Example.com");
    expect((await h.rows()).map((r) => [r.email, r.status])).toEqual([["adv5.r2.case@example.com", "pending"]]);
    const { deleted } = await erase(h, "adv5.r2.case@example.com");
    expect(deleted).toEqual([{ status: "pending", delivered_at: null }]);
    h.advance(10 * MINUTE);
    await h.cron();
    expect(h.hubspot.accepted).toEqual([]);
    expect(await h.rows()).toEqual([]);
  });

  it("one subscriber whatever the spelling: case, Unicode form, international domain", async () => {
    const h = harness({ settings: "none" });
    await h.subscribe("Jose@Bücher.DE");
    await h.subscribe("jose@xn--bcher-kva.de");
    await h.subscribe("JOSE@Bu\u0308cher.de"); // "ü" as u + combining diaeresis (NFD)
    expect((await h.rows()).map((r) => r.email)).toEqual(["jose@xn--bcher-kva.de"]);
    const ids = await subscriberIds("  JoSe@BÜCHER.de ", { current: KEY });
    expect(ids.pseudonym).toBe((await h.rows())[0]?.email_hash);
  });

  it("a delivery in flight when the erasure comes is not retried, and HubSpot's delete waits until it is over", async () => {
    const h = harness({ settings: "crm", env: { HUBSPOT_SUBSCRIPTION_TYPE_ID: "" } });
    const release = h.hubspot.hold();
    const { done } = await h.start("/api/hubspot/create", {
      headers: { "content-type": "application/json", referer: "http://www.koraal.test/contact" },
      body: JSON.stringify({ email: "onderweg@voorbeeld.nl" }),
    });
    await expect.poll(() => h.hubspot.requests.length).toBe(1);
    const { recorded, deleted } = await erase(h, "onderweg@voorbeeld.nl");
    expect(deleted).toEqual([{ status: "sending", delivered_at: null }]);
    expect(recorded?.hubspot_next_attempt_at).toBe(iso(T0 + 20_000));
    release();
    await done;
    expect(h.hubspot.accepted.map((a) => a.email)).toEqual(["onderweg@voorbeeld.nl"]);
    await h.cron(); // before the attempt in flight could be over: HubSpot is not asked yet
    expect(gdprDeletes(h)).toEqual([]);
    h.advance(20_000);
    await h.cron();
    expect(gdprDeletes(h)).toEqual([204]);
    expect(h.hubspot.api.state.contacts.has("onderweg@voorbeeld.nl")).toBe(false);
    expect(h.hubspot.accepted).toHaveLength(1);
  });

  it("a signup after the erasure waits until HubSpot has confirmed the delete, then is delivered", async () => {
    const h = harness({ settings: "crm", env: { HUBSPOT_SUBSCRIPTION_TYPE_ID: "" } });
    h.hubspot.mode = { kind: "down", status: 503 };
    await h.subscribe("terug@voorbeeld.nl");
    await erase(h, "terug@voorbeeld.nl");
    h.advance(MINUTE);
    await h.subscribe("Terug@voorbeeld.nl");
    h.advance(MINUTE);
    await h.cron();
    expect(gdprDeletes(h)).toEqual([503]);
    expect((await h.rows()).map((r) => [r.status, r.attempts])).toEqual([["pending", 0]]);
    h.hubspot.mode = { kind: "up" };
    h.advance(10 * MINUTE);
    await h.cron();
    expect(gdprDeletes(h)).toEqual([503, 204]);
    expect((await h.rows()).map((r) => r.status)).toEqual(["delivered"]);
  });
});

describe("erasures as durable requests", () => {
  it("an erasure taken while HubSpot is down reaches HubSpot by itself once it is back, with backoff, and keeps only the pseudonym after", async () => {
    const h = harness({ settings: "crm" });
    await h.subscribe("weg@voorbeeld.nl");
    expect(h.hubspot.api.state.contacts.has("weg@voorbeeld.nl")).toBe(true);
    h.hubspot.mode = { kind: "down", status: 503 };
    const { recorded } = await erase(h, "weg@voorbeeld.nl", "anna (DPO)");
    expect(recorded).toEqual({ id: 1, hubspot_next_attempt_at: iso(T0) });
    await h.cron();
    h.advance(MINUTE - 1);
    await h.cron(); // backoff: the next attempt is one minute after the first
    expect(gdprDeletes(h)).toEqual([503]);
    h.advance(1);
    await h.cron();
    expect(gdprDeletes(h)).toEqual([503, 503]);
    const pseudonym = await subscriberPseudonym(KEY, "weg@voorbeeld.nl");
    expect(await erasures()).toEqual([
      {
        id: 1,
        subscriber: pseudonym.slice(0, 12),
        requested_at: iso(T0),
        requested_by: "anna (DPO)",
        outbox_rows: 1,
        hubspot_state: "pending",
        hubspot_attempts: 2,
        hubspot_next_attempt_at: iso(T0 + 3 * MINUTE),
        hubspot_last_error: "503 internal error",
        hubspot_confirmed_at: null,
      },
    ]);
    expect(await everythingInD1()).toContain("weg@voorbeeld.nl"); // kept while HubSpot's delete (by address) is outstanding
    h.hubspot.mode = { kind: "up" };
    h.advance(2 * MINUTE);
    await h.cron();
    expect(gdprDeletes(h)).toEqual([503, 503, 204]);
    expect(h.hubspot.api.state.contacts.has("weg@voorbeeld.nl")).toBe(false);
    expect((await erasures()).map((e) => [e.hubspot_state, e.hubspot_attempts, e.hubspot_confirmed_at])).toEqual([
      ["confirmed", 3, iso(T0 + 3 * MINUTE)],
    ]);
    expect(await everythingInD1()).not.toContain("weg@");
    expect(h.logsOf("newsletter.erasure_confirmed")).toEqual([
      expect.objectContaining({ emailHash: pseudonym.slice(0, 12), attempt: 3, status: 204 }),
    ]);
    // the export names the request
    const [outbox = [], consents = [], requests = []] = await run(
      exportStatements((await subscriberIds("weg@voorbeeld.nl", { current: KEY })).lookup),
    );
    expect(exportReport({ email: "weg@voorbeeld.nl", emailHash: pseudonym, outbox, consents, erasures: requests }).split("\n")[0]).toBe(
      "Nothing is held for weg@voorbeeld.nl in clear; what remains:",
    );
  });
});

describe("keyed pseudonyms", () => {
  it("keeps no unkeyed digest of any address in D1 or the logs: signup, delivery, erasure", async () => {
    const h = harness({ settings: "crm" });
    const addresses = ["geheim@voorbeeld.nl", "ander@voorbeeld.nl", "Hoofd.Letter@Voorbeeld.nl"];
    for (const address of addresses) await h.subscribe(address);
    h.hubspot.mode = { kind: "down" };
    await h.subscribe("wacht@voorbeeld.nl");
    await erase(h, "ander@voorbeeld.nl");
    h.hubspot.mode = { kind: "up" };
    h.advance(5 * MINUTE);
    await h.cron();
    const d1 = await everythingInD1();
    const logs = h.logs.map((l) => l.text).join("\n");
    expect(h.logs.filter((l) => typeof l.line.emailHash === "string").length).toBeGreaterThan(5);
    for (const address of [...addresses, "wacht@voorbeeld.nl"]) {
      for (const spelling of [address, address.toLowerCase()]) {
        const digest = await sha256(spelling);
        expect(d1).not.toContain(digest);
        expect(logs).not.toContain(digest.slice(0, 12));
      }
      const pseudonym = await subscriberPseudonym(KEY, address);
      expect(d1).toContain(pseudonym);
    }
  });

  it("another key gives other pseudonyms; the key id names the key without being it", async () => {
    const other = "another-key-of-at-least-32-characters!";
    expect(await subscriberPseudonym(KEY, "a@b.nl")).not.toBe(await subscriberPseudonym(other, "a@b.nl"));
    expect(await subscriberPseudonym(KEY, "a@b.nl")).toBe(await pseudonymOfDigest(KEY, await sha256("a@b.nl")));
    expect(await keyId(KEY)).toMatch(/^[0-9a-f]{8}$/);
    expect(await keyId(KEY)).not.toBe(await keyId(other));
  });

  it("re-keys the cron what was stored before the key (unkeyed digests), from the address where a row still has it", async () => {
    const h = harness({ settings: "none" });
    const legacy = async (address: string) => sha256(address);
    const text = "Oude toestemming.";
    const version = await sha256(text);
    const delivered = await legacy("bezorgd@voorbeeld.nl");
    const held = await legacy("Nog.Hier@voorbeeld.nl"); // from before the local part was lower-cased
    await env.DB.batch([
      env.DB.prepare("INSERT INTO consent_texts (version, language, text, first_shown_at) VALUES (?1, 'nl', ?2, ?3)").bind(
        version,
        text,
        iso(T0),
      ),
      env.DB.prepare(
        `INSERT INTO subscribers (email, email_hash, status, attempts, created_at, updated_at, delivered_at) VALUES
         ('sha256:' || ?1, ?1, 'delivered', 1, ?3, ?3, ?3), ('Nog.Hier@voorbeeld.nl', ?2, 'stored', 0, ?3, ?3, NULL)`,
      ).bind(delivered, held, iso(T0)),
      env.DB.prepare(
        "INSERT INTO consents (email_hash, consent_version, language, given_at, outcome) VALUES (?1, ?3, 'nl', ?4, 'new'), (?2, ?3, 'nl', ?4, 'new')",
      ).bind(delivered, held, version, iso(T0)),
    ]);
    await h.cron();
    const id = await keyId(KEY);
    expect((await h.rows()).map((r) => [r.email, r.email_hash, r.hash_key])).toEqual([
      [`pseudonym:${await subscriberPseudonym(KEY, "bezorgd@voorbeeld.nl")}`, await subscriberPseudonym(KEY, "bezorgd@voorbeeld.nl"), id],
      ["nog.hier@voorbeeld.nl", await subscriberPseudonym(KEY, "nog.hier@voorbeeld.nl"), id],
    ]);
    const consents = (await env.DB.prepare("SELECT email_hash, hash_key FROM consents ORDER BY id").all()).results;
    expect(consents).toEqual([
      { email_hash: await subscriberPseudonym(KEY, "bezorgd@voorbeeld.nl"), hash_key: id },
      { email_hash: await subscriberPseudonym(KEY, "nog.hier@voorbeeld.nl"), hash_key: id },
    ]);
    expect(await everythingInD1()).not.toContain(delivered);
    expect(await everythingInD1()).not.toContain(held);
    expect(h.logsOf("newsletter.rekeyed")).toEqual([expect.objectContaining({ subscribers: 2, consents: 2, merged: 0 })]);
  });

  it("without SUBSCRIBER_HASH_KEY keeps nothing, answers 503 and says which setting is missing", async () => {
    const h = harness({ settings: "none", env: { SUBSCRIBER_HASH_KEY: "" } });
    const res = await h.subscribe("zonder@voorbeeld.nl");
    expect(res.status).toBe(503);
    expect(await h.rows()).toEqual([]);
    expect(h.logsOf("config.notice").map((l) => l.message)).toContain(
      "SUBSCRIBER_HASH_KEY is not set: newsletter signups are refused (503) until it is (wrangler secret put SUBSCRIBER_HASH_KEY)",
    );
    expect(h.logsOf("newsletter.key_missing")).toHaveLength(1);
  });
});
