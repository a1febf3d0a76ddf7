import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { resetStorage } from "../helpers/d1";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { recordingAuthority } from "../helpers/site";
import { slowListing } from "../helpers/slow-listing";

beforeEach(async () => {
  await resetStorage();
});

describe("streaming", () => {
  it("sends the head, header and page start before a slow listing has arrived", async () => {
    const { app, open } = slowListing();
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("http://www.koraal.test/cases"), env, ctx);
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();

    let early = "";
    while (!early.includes('<main id="main"')) early += (await reader.read()).value ?? "";
    expect(early).toContain("<head>");
    expect(early).toContain("<header");
    const firstCase = snapshot.stories.find((s) => s.full_slug.startsWith("cases/") && s.content.component === "CaseDetail");
    expect(firstCase).toBeDefined();
    expect(early).not.toContain(`href="/${firstCase!.full_slug}"`);

    open();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    expect(rest).toContain(`href="/${firstCase!.full_slug}"`);
    expect(rest).toContain("</html>");
    await waitOnExecutionContext(ctx);
  });

  it("a fresh isolate's cache-version check waits until its first page has gone out", async () => {
    const earlier = slowListing(); // another isolate has left the cv in KV
    earlier.open();
    const ctx0 = createExecutionContext();
    await (await earlier.app.fetch(new Request("http://www.koraal.test/over-ons"), env, ctx0)).text();
    await waitOnExecutionContext(ctx0);

    const { reads, binding: authority } = recordingAuthority();
    const { app, open } = slowListing(); // a fresh isolate: it knows no cv, KV does
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request("http://www.koraal.test/cases"),
      { ...env, CV_AUTHORITY: authority } as unknown as typeof env,
      ctx,
    );
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let early = "";
    while (!early.includes('<main id="main"')) early += (await reader.read()).value ?? "";
    expect(reads).toEqual([]); // the page is still rendering: its listing has not arrived
    open();
    while (!(await reader.read()).done);
    await waitOnExecutionContext(ctx);
    expect(reads).toHaveLength(1);
  });

  it("gives crawlers the whole document at once, listing included", async () => {
    const { app, open } = slowListing();
    open();
    const res = await app.fetch(
      new Request("http://www.koraal.test/cases", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }),
      env,
      createExecutionContext(),
    );
    const html = await res.text();
    const firstCase = snapshot.stories.find((s) => s.content.component === "CaseDetail")!;
    // complete HTML in document order: no hidden Suspense segments to be swapped in by script
    expect(html).toContain(`href="/${firstCase.full_slug}"`);
    expect(html).not.toContain("<template");
  });
});
