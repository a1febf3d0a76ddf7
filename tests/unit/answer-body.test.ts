// The answer's body (render/stream.ts answerBody): React's stream read as the visitor's
// connection asks, and `sent`, which the content layer waits for before its background work.
import { describe, expect, it } from "vitest";
import { createPartSplice } from "../../src/server/render/part-splice";
import { answerBody } from "../../src/server/render/stream";

const utf8 = new TextEncoder();

/** A source that hands out `chunks` one read at a time, and notes whether it was cancelled. */
function source(chunks: string[], fail?: Error) {
  const seen = { cancelled: undefined as unknown, reads: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[seen.reads++];
        if (chunk !== undefined) controller.enqueue(utf8.encode(chunk));
        else if (fail) controller.error(fail);
        else controller.close();
      },
      cancel(reason) {
        seen.cancelled = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

/** Whether `promise` has settled once every pending callback has run (one macrotask later). */
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe("the answer's body", () => {
  it("is React's bytes with the parts in place; sent settles only once it was read to its end", async () => {
    const splice = createPartSplice();
    const marker = splice.mark(utf8.encode("<footer>f</footer>"));
    const { stream } = source(["<main>", `x</main>${marker.slice(0, 2)}`, marker.slice(2), "</body>"]);
    const { body, sent } = answerBody(stream, splice);
    expect(await settled(sent)).toBe(false);
    expect(await new Response(body).text()).toBe("<main>x</main><footer>f</footer></body>");
    await expect(sent).resolves.toBeUndefined();
  });

  it("cancelled (a HEAD, a visitor who left): React's stream is cancelled with the reason, sent settles", async () => {
    const { stream, seen } = source(["<main>", "</main>"]);
    const { body, sent } = answerBody(stream);
    await body.cancel("gone");
    expect(seen.cancelled).toBe("gone");
    await expect(sent).resolves.toBeUndefined();
  });

  it("fails when React's stream fails, and sent settles", async () => {
    const { stream } = source(["<main>"], new Error("render failed"));
    const { body, sent } = answerBody(stream);
    await expect(new Response(body).text()).rejects.toThrow("render failed");
    await expect(sent).resolves.toBeUndefined();
  });
});
