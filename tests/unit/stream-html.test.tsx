// How a page's render is answered (render/stream.ts streamHtml): a render with nothing left to wait
// for as one body of bytes, one still waiting for a boundary as a stream that sends the shell first.
import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/shared/log";
import { createPartSplice } from "../../src/server/render/part-splice";
import { streamHtml } from "../../src/server/render/stream";

const utf8 = new TextEncoder();
const logger = createLogger({ level: "error", sink: () => {} });

/** Whether `promise` has settled once every pending callback has run (one macrotask later). */
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

function Late({ text }: { text: Promise<string> }) {
  return <p>{use(text)}</p>;
}

describe("a page's answer", () => {
  it("with nothing left to wait for is one body of bytes, the parts in place, sent as it is handed over", async () => {
    const splice = createPartSplice();
    const marker = splice.mark(utf8.encode("<footer>f</footer>"));
    const { response, sent } = await streamHtml(
      <main>
        x{/* biome-ignore lint/security/noDangerouslySetInnerHtml: the splice's marker, as a <Memo> writes it */}
        <div dangerouslySetInnerHTML={{ __html: marker }} />
      </main>,
      { status: 404, headers: new Headers(), logger, splice },
    );
    // a body of bytes is whole before anyone reads it: nothing of React's is left to send later
    expect(await settled(sent)).toBe(true);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("<main>x<div><footer>f</footer></div></main>");
  });

  it("still waiting for a boundary streams: the shell goes out first, the boundary when it is there", async () => {
    let arrive!: (text: string) => void;
    const text = new Promise<string>((resolve) => (arrive = resolve));
    const { response, sent } = await streamHtml(
      <main>
        <h1>shell</h1>
        <Suspense fallback={<p>loading</p>}>
          <Late text={text} />
        </Suspense>
      </main>,
      { status: 200, headers: new Headers(), logger },
    );
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    expect(first.value).toContain("<h1>shell</h1>");
    expect(first.value).not.toContain("later");
    expect(await settled(sent)).toBe(false);
    arrive("later");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    expect(rest).toContain("later");
    await expect(sent).resolves.toBeUndefined();
  });

  it("for a crawler (complete) is one body even when it had to wait", async () => {
    let arrive!: (text: string) => void;
    const text = new Promise<string>((resolve) => (arrive = resolve));
    setTimeout(() => arrive("later"), 0);
    const { response, sent } = await streamHtml(
      <main>
        <Suspense fallback={<p>loading</p>}>
          <Late text={text} />
        </Suspense>
      </main>,
      { status: 200, headers: new Headers(), logger, complete: true },
    );
    expect(await settled(sent)).toBe(true);
    expect(await response.text()).toContain("<p>later</p>");
  });
});
