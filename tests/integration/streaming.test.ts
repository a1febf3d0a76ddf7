import { createExecutionContext, reset, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import snapshot from "../../.generated/snapshot.js";
import { slowListing } from "../helpers/slow-listing";

beforeEach(async () => {
  await reset();
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
