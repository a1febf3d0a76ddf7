import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import { storyblokSignature } from "../../src/server/routes/webhook";
import { testApp } from "../helpers/site";

// What exists only on the embedded space (src/server/demo/): its module, its image service and the
// local publish route. With a Storyblok token none of it is loaded, and its paths are answered as
// any unknown path is.

const BASE = "http://www.koraal.test";
const SECRET = "storyblok-webhook-geheim";
const PUBLISH_PATH = "/api/storyblok/emulator/publish";
const photo = JSON.stringify(snapshot.stories).match(/\/_storyblok\/f\/[^"]+?\/hero-app\.jpg/)?.[0] ?? "";
/** The same path under a prefix nothing answers. */
const unknown = (path: string) => path.replace("/_storyblok/", "/_elders/");

beforeEach(async () => {
  await resetStorage();
});

/** The app as production wires it, counting how often it loads the embedded space's module. */
function site(token?: string) {
  const loads: number[] = [];
  const app = testApp({
    logSink: () => {},
    // with a token the content comes from "Storyblok": the emulator stands in for its API
    contentFetch: token ? createEmulator(snapshot).fetch : undefined,
    loadEmbedded: () => {
      loads.push(Date.now());
      return import("../../src/server/demo/embedded-space");
    },
  });
  const siteEnv = { ...env, STORYBLOK_WEBHOOK_SECRET: SECRET, ...(token ? { STORYBLOK_TOKEN: token } : {}) } as typeof env;
  const call = async (path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(BASE + path, init), siteEnv, ctx);
    const body = await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    const text = new TextDecoder().decode(body);
    return { status: response.status, headers: response.headers, bytes: body.byteLength, text };
  };
  const publish = async (path: string) => {
    const body = JSON.stringify({ full_slug: "home" });
    const signature = await storyblokSignature(SECRET, body);
    return call(path, { method: "POST", headers: { "webhook-signature": signature }, body });
  };
  return { loads, call, publish };
}

/** What differs between two answers to the same request: the nonce. */
const withoutNonce = (text: string) => text.replace(/nonce="[^"]+"/g, 'nonce="*"');

describe("on the embedded space (no Storyblok token)", () => {
  it("loads its module once, serves its images and publishes locally", async () => {
    const demo = site();
    const image = await demo.call(photo);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(image.bytes).toBeGreaterThan(150_000);
    const published = await demo.publish(PUBLISH_PATH);
    expect([published.status, JSON.parse(published.text)]).toEqual([
      202,
      { message: "Ontvangen: de site toont de nieuwe inhoud zo meteen." },
    ]);
    expect(demo.loads).toHaveLength(1);
  });
});

describe("with a Storyblok token", () => {
  it("never loads the embedded space's module", async () => {
    const real = site(snapshot.tokens.public);
    expect((await real.call("/")).status).toBe(200);
    await real.call(photo);
    await real.publish(PUBLISH_PATH);
    expect(real.loads).toEqual([]);
  });

  it.each([
    ["an asset", photo],
    ["a variant", `${photo}/m/640x0/filters:format(webp)`],
  ])("answers %s under /_storyblok/ as any unknown path", async (_name, path) => {
    const real = site(snapshot.tokens.public);
    const answer = await real.call(path);
    const other = await real.call(unknown(path));
    expect(answer.status).toBe(404);
    expect([answer.status, answer.headers.get("content-type"), answer.headers.get("cache-control")]).toEqual([
      other.status,
      other.headers.get("content-type"),
      other.headers.get("cache-control"),
    ]);
    expect(withoutNonce(answer.text)).toBe(withoutNonce(other.text).replaceAll(unknown(path), path));
  });

  it("answers the local publish route as any unknown path: a page path that takes GET only", async () => {
    const real = site(snapshot.tokens.public);
    const post = await real.publish(PUBLISH_PATH);
    const otherPost = await real.publish("/api/storyblok/elders");
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    expect([otherPost.status, otherPost.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    expect(withoutNonce(post.text)).toBe(withoutNonce(otherPost.text));
    const get = await real.call(PUBLISH_PATH);
    const otherGet = await real.call("/api/storyblok/elders");
    expect([get.status, otherGet.status]).toEqual([404, 404]);
    expect(withoutNonce(get.text)).toBe(withoutNonce(otherGet.text).replaceAll("/api/storyblok/elders", PUBLISH_PATH));
  });
});
