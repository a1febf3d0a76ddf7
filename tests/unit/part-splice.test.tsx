import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPartSplice } from "../../src/server/render/part-splice";
import { answerBody } from "../../src/server/render/stream";

const utf8 = new TextEncoder();

/** React's output as the stream hands it over: the HTML cut into chunks at `cuts`. */
function chunked(html: string, cuts: number[]): Uint8Array[] {
  const bytes = utf8.encode(html);
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((start, i) => bytes.subarray(start, at[i] ?? bytes.length)).filter((chunk) => chunk.length > 0);
}

/** The answer a visitor gets: the chunks through the splice, read as a Response body is. */
async function spliced(splice: ReturnType<typeof createPartSplice>, chunks: Uint8Array[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(answerBody(source, splice).body).text();
}

const HEADER = utf8.encode('<header class="site">Koraal — ontwerp</header>');
const FOOTER = utf8.encode("<footer>© 2026 Koraal B.V. · één adres</footer>");

describe("the part splice", () => {
  it("puts each part's bytes where the render marked it, in order", async () => {
    const splice = createPartSplice();
    const html = `<body>${splice.mark(HEADER)}<main>x</main>${splice.mark(FOOTER)}</body>`;
    expect(await spliced(splice, chunked(html, []))).toBe(
      '<body><header class="site">Koraal — ontwerp</header><main>x</main><footer>© 2026 Koraal B.V. · één adres</footer></body>',
    );
  });

  it("finds a marker wherever React's chunks cut it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(200), { maxLength: 8 }), async (cuts) => {
        const splice = createPartSplice();
        const parts = Array.from({ length: 12 }, (_, i) => utf8.encode(`<p>part ${i}</p>`));
        const html = `<b>é</b>${parts.map((part) => splice.mark(part)).join("<i></i>")}<u>ü</u>`;
        const expected = `<b>é</b>${parts.map((_, i) => `<p>part ${i}</p>`).join("<i></i>")}<u>ü</u>`;
        expect(await spliced(splice, chunked(html, cuts))).toBe(expected);
      }),
    );
  });

  it("leaves a stray U+0001 alone, and a marker that is not this request's next one", async () => {
    const splice = createPartSplice();
    const html = `a\u0001b \u00017\u0001 ${splice.mark(HEADER)} \u00010\u0001 end\u0001`;
    expect(await spliced(splice, chunked(html, [2, 5, 9]))).toBe(
      `a\u0001b \u00017\u0001 <header class="site">Koraal — ontwerp</header> \u00010\u0001 end\u0001`,
    );
  });

  it("hands the same part to any number of answers, whole every time", async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => {
        const splice = createPartSplice();
        return spliced(splice, chunked(`${splice.mark(FOOTER)}|${splice.mark(FOOTER)}`, [1]));
      }),
    );
    const footer = new TextDecoder().decode(FOOTER);
    expect(answers).toEqual(Array(3).fill(`${footer}|${footer}`));
  });
});
