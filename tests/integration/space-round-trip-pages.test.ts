/**
 * The HTML half of the space round trip. tests/node/space-round-trip.test.ts pushes the demo space
 * into the Management API stand-in, reads it back, maps back what the space assigned, and runs
 * this file with that snapshot as the `ROUND_TRIP_SNAPSHOT` binding (vitest.config.ts reads it from
 * the file ROUND_TRIP_SNAPSHOT_FILE names). Here the Worker, wired as in production, serves every
 * page of the sitemap in both languages, their second pages and a 404 in each language, once from
 * the embedded snapshot and once from the round-tripped one: the answers must be the same, byte
 * for byte but the nonce and the page view's token (per request both). Without the binding (a plain `npm test`) it is skipped.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import type { SpaceSnapshot } from "../../src/server/content/snapshot";
import { createEmulator } from "../../src/server/demo/emulator";
import { testApp } from "../helpers/site";

const binding = (env as unknown as { ROUND_TRIP_SNAPSHOT?: string }).ROUND_TRIP_SNAPSHOT;
const roundTripped = binding ? (JSON.parse(binding) as SpaceSnapshot) : undefined;
const BASE = "http://www.koraal.test";
const START = Date.parse("2026-03-02T10:00:00Z");

/** A Worker over `space`, on a clock that moves only when the content layer waits. */
function siteOver(space: SpaceSnapshot) {
  let time = START;
  const now = () => time;
  const app = testApp({
    now,
    sleep: async (ms) => {
      time += ms;
    },
    contentFetch: createEmulator(space, { now }).fetch,
    logSink: () => {},
  });
  return async (path: string): Promise<string> => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(BASE + path, { redirect: "manual" }), env, ctx);
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    return `${res.status}\n${res.headers.get("content-type")}\n${text}`
      .replace(/nonce-[A-Za-z0-9+/=_-]+/g, "nonce-*")
      .replace(/nonce="[^"]*"/g, 'nonce="*"')
      .replace(/<meta name="view-token" content="[^"]*"/g, '<meta name="view-token" content="*"');
  };
}

async function clearKv(): Promise<void> {
  for (const { name } of (await env.CONTENT_CACHE.list()).keys) await env.CONTENT_CACHE.delete(name);
}

describe.skipIf(!roundTripped)("pages from the round-tripped space", () => {
  it("are the pages of the embedded snapshot, byte for byte", { timeout: 60_000 }, async () => {
    const embedded = siteOver(snapshot);
    const sitemap = await embedded("/sitemap.xml");
    const pages = [
      ...new Set([...sitemap.matchAll(/href="([^"]+)"|<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? m[2] ?? "/").pathname)),
    ];
    const paths = [...pages, ...pages.map((path) => `${path}?pagina=2`), "/bestaat-niet", "/en/does-not-exist"];
    expect(pages.length).toBeGreaterThan(40);
    const before = new Map<string, string>();
    for (const path of paths) before.set(path, await embedded(path));
    await clearKv();
    const pulled = siteOver(roundTripped as SpaceSnapshot);
    expect(await pulled("/sitemap.xml")).toBe(sitemap);
    const differing: string[] = [];
    for (const path of paths) if ((await pulled(path)) !== before.get(path)) differing.push(path);
    expect(differing).toEqual([]);
    console.log(`round trip: ${paths.length} answers compared (${pages.length} sitemap pages)`);
  });
});
