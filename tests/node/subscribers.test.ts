/**
 * tools/operate/subscribers.ts (`npm run subscribers`): its pure parts, and the whole command against a
 * local D1 database migrated and filled by wrangler, as `npm start` leaves it.
 */
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { localD1File, remoteArgs } from "../../tools/local/d1-execute.ts";
import { parseArgs, query, table } from "../../tools/operate/subscribers.ts";
import { LOCAL_HUBSPOT } from "../stand-ins/hubspot/local-settings.ts";
import { startHubSpotStandIn } from "../stand-ins/hubspot/server.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = (args: string[]) =>
  execFileSync(process.execPath, args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
const wrangler = (...args: string[]) => run(["node_modules/wrangler/bin/wrangler.js", ...args]);
/** The schema as the migrations leave it: every file in migrations/, in order. */
const migrations = () =>
  readdirSync(join(ROOT, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => readFileSync(join(ROOT, "migrations", name), "utf8"))
    .join("\n");

describe("npm run subscribers", () => {
  it("reads the local database unless told --remote, and filters by status", () => {
    expect(parseArgs([]).remote).toBe(false);
    // locally the SQLite file wrangler keeps (read straight, ~0.1 s), remotely wrangler's `d1 execute`
    expect(localD1File()).toBe(
      join(
        ROOT,
        ".wrangler/state/v3/d1/miniflare-D1DatabaseObject/e7352547963de7050bd7d94658afc4fe78b61811b7815da12d90be8e863abf4d.sqlite",
      ),
    );
    expect(remoteArgs([query(parseArgs(["--remote", "--status", "failed"]).status)])).toEqual([
      "d1",
      "execute",
      "DB",
      "--remote",
      "--env",
      "production",
      "--json",
      "--command",
      "SELECT email, language, status, attempts, created_at, delivered_at, next_attempt_at, last_error, page_uri FROM subscribers WHERE status = 'failed' ORDER BY created_at DESC, id DESC",
    ]);
    expect(() => parseArgs(["--status", "x'; DROP TABLE subscribers; --"])).toThrow(
      "--status must be one of pending, sending, delivered, failed, stored",
    );
    expect(() => parseArgs(["--remote", "--persist-to", "x"])).toThrow("--remote and --persist-to exclude each other");
    expect(table([])).toBe("No subscribers yet.");
  });

  const state = mkdtempSync(join(tmpdir(), "subscribers-"));
  afterAll(() => rmSync(state, { recursive: true, force: true }));

  it("lists what is in the local outbox", () => {
    // the schema from migrations/ (every one, in order) plus two signups, in one wrangler call (each costs seconds)
    const seed = join(state, "seed.sql");
    writeFileSync(
      seed,
      `${migrations()}
INSERT INTO subscribers (email, email_hash, page_uri, language, status, attempts, created_at, updated_at) VALUES
  ('lotte@voorbeeld.nl', 'h1', 'http://127.0.0.1:8787/contact', 'nl', 'stored', 0, '2026-03-02T09:00:00.000Z', '2026-03-02T09:00:00.000Z'),
  ('jan@voorbeeld.nl', 'h2', NULL, 'en', 'stored', 0, '2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z');
`,
    );
    wrangler("d1", "execute", "DB", "--local", "--persist-to", state, "--file", seed);
    const output = run(["scripts/subscribers.ts", "--persist-to", state]);
    expect(output.split("\n").map((line) => line.trimEnd())).toEqual([
      "email               language  status  attempts  created_at                delivered_at  next_attempt_at  last_error  page_uri",
      "------------------  --------  ------  --------  ------------------------  ------------  ---------------  ----------  -----------------------------",
      "jan@voorbeeld.nl    en        stored  0         2026-03-02T10:00:00.000Z",
      "lotte@voorbeeld.nl  nl        stored  0         2026-03-02T09:00:00.000Z                                             http://127.0.0.1:8787/contact",
      "",
      "2 subscriber(s): 2 stored",
      "",
    ]);
    const json = JSON.parse(run(["scripts/subscribers.ts", "--persist-to", state, "--json"])) as Array<{ email: string }>;
    expect(json.map((row) => row.email)).toEqual(["jan@voorbeeld.nl", "lotte@voorbeeld.nl"]);
  });

  it("--erase with HubSpot set up form-only (no HUBSPOT_TOKEN) says plainly that HubSpot was not asked, that the cron cannot ask either, and what the operator must do", () => {
    // the database of the listing above (made by wrangler); a site that sends signups through HubSpot's form only
    const output = execFileSync(process.execPath, ["scripts/subscribers.ts", "--persist-to", state, "--erase", "lotte@voorbeeld.nl"], {
      cwd: ROOT,
      encoding: "utf8",
      env: {
        ...process.env,
        HUBSPOT_TOKEN: "",
        HUBSPOT_PORTAL_ID: "12345",
        HUBSPOT_FORM_GUID: "0f0e0d0c-0b0a-4908-8706-050403020100",
      },
    });
    expect(output.split("\n")).toEqual([
      "Erasure of lotte@voorbeeld.nl recorded:",
      // the seeded rows carry made-up digests: no row of hers is found by her pseudonym
      "  outbox: no row held (nothing to delete)",
      "  consent records: none",
      "  HubSpot: NOT DELETED. There is no HUBSPOT_TOKEN, so HubSpot's GDPR delete was not called, and the site's cron",
      "    cannot call it either: the request stays outstanding (npm run subscribers -- --erasures).",
      "    Signups reach HubSpot through its form (HUBSPOT_PORTAL_ID, HUBSPOT_FORM_GUID), so the contact is most likely there.",
      '  To do: delete the contact in HubSpot by hand (Contacts > the contact > Actions > Delete, with "permanently delete"',
      "    for GDPR), or set HUBSPOT_TOKEN (a private app token with scope crm.objects.contacts.write) and the cron carries",
      "    out this request by itself.",
      "",
    ]);
    expect(run(["scripts/subscribers.ts", "--persist-to", state, "--erasures"]).trimEnd().split("\n").at(-1)).toBe(
      "1 erasure request(s): 1 outstanding in HubSpot",
    );
  });

  it("--export prints what is held, --erase removes it here and in HubSpot (the stand-in), and an export after says nothing is held", async () => {
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const hash = sha("anna@voorbeeld.nl");
    const text = "Met je aanmelding geef je Koraal toestemming.";
    // a database of its own: the schema from migrations/ and one signup with its consent record, in one wrangler call
    const own = join(state, "erase");
    const seed = join(state, "anna.sql");
    writeFileSync(
      seed,
      `${migrations()}
INSERT INTO subscribers (email, email_hash, page_uri, language, status, attempts, created_at, updated_at) VALUES
  ('anna@voorbeeld.nl', '${hash}', 'http://127.0.0.1:8787/contact', 'nl', 'stored', 0, '2026-03-02T11:00:00.000Z', '2026-03-02T11:00:00.000Z');
INSERT INTO consent_texts (version, language, text, first_shown_at) VALUES ('${sha(text)}', 'nl', '${text}', '2026-03-02T11:00:00.000Z');
INSERT INTO consents (email_hash, consent_version, language, page_uri, given_at, outcome) VALUES
  ('${hash}', '${sha(text)}', 'nl', 'http://127.0.0.1:8787/contact', '2026-03-02T11:00:00.000Z', 'new');
`,
    );
    wrangler("d1", "execute", "DB", "--local", "--persist-to", own, "--file", seed);
    const standIn = await startHubSpotStandIn({ ...LOCAL_HUBSPOT });
    try {
      standIn.api.addContact("anna@voorbeeld.nl");
      // asynchronously: the stand-in answers from this process while the command runs
      const command = async (...args: string[]) =>
        (
          await promisify(execFile)(process.execPath, ["scripts/subscribers.ts", "--persist-to", own, ...args], {
            cwd: ROOT,
            encoding: "utf8",
            env: { ...process.env, WRANGLER_SEND_METRICS: "false", HUBSPOT_TOKEN: LOCAL_HUBSPOT.token, HUBSPOT_API_ORIGIN: standIn.url },
          })
        ).stdout;
      const held = await command("--export", "anna@Voorbeeld.NL");
      expect(held.split("\n").slice(0, 4)).toEqual([
        "What the site holds for anna@Voorbeeld.NL:",
        "Newsletter outbox (D1):",
        "  address: anna@voorbeeld.nl",
        "  status: stored",
      ]);
      expect(held).toContain(`    text shown (version ${sha(text).slice(0, 12)}): ${text}`);

      // the rows were written before the key (unkeyed digests): still found, by the digest only as a lookup value
      expect((await command("--erase", "Anna@voorbeeld.nl", "--by", "anna's DPO")).split("\n")).toEqual([
        "Erasure of Anna@voorbeeld.nl recorded:",
        "  outbox: the row is deleted (it was stored)",
        "  consent records: 1 kept, pseudonymous (to demonstrate consent)",
        "  HubSpot: contact deleted through its GDPR delete (204); nothing outstanding",
        "",
      ]);
      const erasures = JSON.parse(await command("--erasures", "--json")) as Array<Record<string, unknown>>;
      expect(erasures.map((e) => [e.requested_by, e.outbox_rows, e.hubspot_state, e.hubspot_attempts])).toEqual([
        ["anna's DPO", 1, "confirmed", 1],
      ]);
      expect((await command("--erasures")).trimEnd().split("\n").at(-1)).toBe("1 erasure request(s): all confirmed by HubSpot");
      expect(standIn.api.state.contacts.has("anna@voorbeeld.nl")).toBe(false);
      expect(standIn.api.state.received.map((r) => [r.path, r.status, r.problems])).toEqual([
        ["/crm/v3/objects/contacts/gdpr-delete", 204, []],
      ]);

      const after = (await command("--export", "anna@voorbeeld.nl")).split("\n");
      expect(after[0]).toBe("Nothing is held for anna@voorbeeld.nl in clear; what remains:");
      expect(after[1]).toMatch(/^1 consent record\(s\), pseudonymous \([0-9a-f]{12}…\): they name the address only by a keyed pseudonym/);
      expect(after.at(-2)).toMatch(/^ {2}requested \S+ by anna's DPO: HubSpot confirmed \S+$/);
    } finally {
      await standIn.close();
    }
  });
});
