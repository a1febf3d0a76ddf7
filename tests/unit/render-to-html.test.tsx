import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderToHtml } from "../../src/server/render/stream";

// A memoised part and the document head are rendered on their own, through the page's streaming
// renderer (the Worker carries no other): whole, in place, as the synchronous renderer gave them.
describe("renderToHtml", () => {
  it("writes a complete Suspense boundary in place, however large (no fallback, no script)", async () => {
    const large = "x".repeat(20_000); // React outlines a boundary above ~12 KB unless told not to
    const html = await renderToHtml(
      <Suspense fallback={<p>wait</p>}>
        <div>{large}</div>
      </Suspense>,
    );
    expect(html).toBe(`<!--$--><div>${large}</div><!--/$-->`);
  });

  it("waits for what the tree waits for, and answers all of it", async () => {
    const later = new Promise<string>((resolve) => queueMicrotask(() => resolve("there")));
    function Waits() {
      return <b>{use(later)}</b>;
    }
    expect(
      await renderToHtml(
        <p>
          <Waits />
        </p>,
      ),
    ).toBe("<p><b>there</b></p>");
  });

  it("fails with the error a component threw", async () => {
    function Broken(): never {
      throw new Error("broken block");
    }
    await expect(renderToHtml(<Broken />)).rejects.toThrow("broken block");
  });
});
