import { createExecutionContext, reset, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import { storyblokSignature } from "../../src/server/routes/webhook";
import type { HealthListing } from "../../src/shared/content-health";
import { previewLink } from "../../src/shared/preview-link";
import { testApp } from "../helpers/site";

// A publish is checked by the content rules in the webhook's processing: one `content.health` log
// line with the counts and finding ids, and the story's latest report, which GET /api/content-health
// lists for a request signed like a preview link (what `npm run content:health -- --base` sends).

const SECRET = "storyblok-webhook-geheim";
const BASE = "http://www.koraal.test";
const MISSING_UUID = "00000000-dead-4bad-8bad-000000000000";

beforeEach(async () => {
  await reset();
});

type Json = Record<string, unknown>;

/** The demo space with a draft of `contact` whose opening button links to a story that does not exist. */
function seededSpace() {
  const copy = structuredClone(snapshot);
  const contact = copy.stories.find((story) => story.full_slug === "contact")!;
  const draft = structuredClone(contact);
  const hero = (draft.content as unknown as { body: Json[] }).body.find((blok) => blok.component === "HeroBanner")!;
  hero.cta = { id: MISSING_UUID, url: "", linktype: "story", fieldtype: "multilink", cached_url: "bestaat-niet" };
  copy.drafts.push(draft);
  return { copy, contact, heroUid: String(hero._uid) };
}

function setup() {
  const { copy, contact, heroUid } = seededSpace();
  const emulator = createEmulator(copy, { now: () => Date.parse("2026-03-02T10:00:00Z") });
  const logs: Array<Record<string, unknown>> = [];
  // the webhook's second refresh inside its interval waits for the interval's end: no waiting here
  const app = testApp({ contentFetch: emulator.fetch, sleep: () => Promise.resolve(), logSink: (_, line) => logs.push(JSON.parse(line)) });
  const testEnv = { ...env, LOG_LEVEL: "info", STORYBLOK_WEBHOOK_SECRET: SECRET } as typeof env;
  async function send(path: string, init?: RequestInit) {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(BASE + path, init), testEnv, ctx);
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    return { status: response.status, headers: response.headers, text };
  }
  return { emulator, logs, send, contact, heroUid };
}

const signedListing = () =>
  previewLink({ base: BASE, path: "/api/content-health", spaceId: snapshot.space.id, token: snapshot.tokens.preview, storyId: 0 });

describe("content health on publish", () => {
  it("a signed publish webhook writes the log line and the report, which the signed listing shows", async () => {
    const site = setup();
    site.emulator.publish("contact");
    const event = JSON.stringify({ action: "published", story_id: site.contact.id, full_slug: "contact" });
    const answer = await site.send("/api/storyblok/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-signature": await storyblokSignature(SECRET, event) },
      body: event,
    });
    expect(answer.status).toBe(202);

    const lines = site.logs.filter((line) => line.event === "content.health");
    expect(lines).toEqual([
      expect.objectContaining({
        level: "warn",
        story: "contact",
        storyId: site.contact.id,
        errors: 1,
        warnings: 0,
        findings: [`nl:link.target@${site.heroUid}.cta`],
      }),
    ]);
    // the line names findings by id: no editor text in the logs
    expect(JSON.stringify(lines)).not.toContain("404");

    const stored = (await env.CONTENT_CACHE.get(`content-health/v1/${site.contact.id}`, "json")) as Json;
    expect(stored).toMatchObject({ story: "contact", storyId: site.contact.id, counts: { error: 1, warning: 0 } });

    const refused = await site.send("/api/content-health");
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toEqual({ message: "Alleen voor redacteuren: onderteken het verzoek zoals een previewlink." });

    const listed = await site.send((await signedListing()).slice(BASE.length));
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("private, no-store");
    const listing = JSON.parse(listed.text) as HealthListing;
    expect(listing.truncated).toBe(false);
    expect(listing.reports).toHaveLength(1);
    expect(listing.reports[0]?.findings).toEqual([
      expect.objectContaining({
        rule: "link.target",
        severity: "error",
        story: "contact",
        lang: "nl",
        uid: site.heroUid,
        component: "HeroBanner",
        field: "cta",
      }),
    ]);
  });

  it("an unpublished story's report goes", async () => {
    const site = setup();
    site.emulator.publish("contact");
    const publish = JSON.stringify({ action: "published", story_id: site.contact.id, full_slug: "contact" });
    const headers = async (body: string) => ({
      "content-type": "application/json",
      "webhook-signature": await storyblokSignature(SECRET, body),
    });
    await site.send("/api/storyblok/webhook", { method: "POST", headers: await headers(publish), body: publish });
    expect(await env.CONTENT_CACHE.get(`content-health/v1/${site.contact.id}`)).not.toBeNull();
    const unpublish = JSON.stringify({ action: "unpublished", story_id: site.contact.id, full_slug: "contact" });
    await site.send("/api/storyblok/webhook", { method: "POST", headers: await headers(unpublish), body: unpublish });
    expect(await env.CONTENT_CACHE.get(`content-health/v1/${site.contact.id}`)).toBeNull();
  });
});

describe("GET /api/content-health: operator hosts only where the settings name them (issue 53)", () => {
  const app = testApp();
  const get = async (url: string, settings: Record<string, string> = {}) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(url), { ...env, ...settings } as typeof env, ctx);
    await res.text();
    await waitOnExecutionContext(ctx);
    return res.status;
  };

  it("refuses an unsigned request on any host whose name merely contains workers.dev", async () => {
    expect(await get("http://workers.dev.attacker.example/api/content-health")).toBe(403);
    expect(await get("https://agency-site.koraal.workers.dev/api/content-health")).toBe(403);
  });

  it("answers unsigned only on the hosts CONTENT_HEALTH_HOSTS names, exactly", async () => {
    const settings = { CONTENT_HEALTH_HOSTS: "agency-site-staging.koraal.workers.dev, 127.0.0.1" };
    expect(await get("https://agency-site-staging.koraal.workers.dev/api/content-health", settings)).toBe(200);
    expect(await get("http://127.0.0.1:8787/api/content-health", settings)).toBe(200);
    expect(await get("https://x.agency-site-staging.koraal.workers.dev/api/content-health", settings)).toBe(403);
    expect(await get("https://www.koraal.nl/api/content-health", settings)).toBe(403);
  });
});
