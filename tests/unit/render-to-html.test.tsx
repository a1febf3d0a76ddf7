import { type ReactNode, Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { renderToHtml } from "../../src/server/render/stream";

// A memoised part and the document head are rendered on their own, through the page's streaming
// renderer (the Worker carries no other): whole, in place, as the synchronous renderer gave them.
describe("renderToHtml", () => {
  it("writes a boundary in place after a page's worth of HTML, also when the shell waited (no fallback, no script)", async () => {
    // the shell waits a turn, as a part's `<Memo>` waits for a part inside it; then a listing whose
    // stories React sees first in this render: a boundary React would write later, after ~12 KB
    const inner = Promise.resolve("part");
    const stories = Promise.resolve("x".repeat(2_000));
    function Part({ children }: { children: ReactNode }) {
      return (
        <main>
          {use(inner)}
          {children}
        </main>
      );
    }
    function Listing() {
      return <div>{use(stories)}</div>;
    }
    const above = "y".repeat(20_000);
    const html = await renderToHtml(
      <Part>
        <p>{above}</p>
        <Suspense fallback={<p>wait</p>}>
          <Listing />
        </Suspense>
      </Part>,
    );
    expect(html).toBe(`<main>part<p>${above}</p><!--$--><div>${"x".repeat(2_000)}</div><!--/$--></main>`);
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
