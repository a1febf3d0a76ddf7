import fc from "fast-check";
import { type ReactNode, Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { createHtmlMemo, type HtmlPart, partHtmlFor, partKey, requestParts } from "../../src/server/render/html-memo";
import { createPartSplice } from "../../src/server/render/part-splice";
import { answerBody, streamHtml } from "../../src/server/render/stream";
import { createLogger } from "../../src/shared/log";
import { Memo } from "../../src/site/memo";
import { partId } from "../../src/site/part-id";
import { SiteProvider } from "../../src/site/site-context";
import { siteContext } from "../helpers/render";

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

  it("puts parts in whatever order their markers come, and whichever of them never come", async () => {
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray([...Array(12).keys()]), fc.array(fc.nat(200), { maxLength: 8 }), async (written, cuts) => {
        const splice = createPartSplice();
        const markers = Array.from({ length: 12 }, (_, i) => splice.mark(utf8.encode(`<p>part ${i}</p>`)));
        const html = `<b>é</b>${written.map((i) => markers[i]).join("<i></i>")}<u>ü</u>`;
        const expected = `<b>é</b>${written.map((i) => `<p>part ${i}</p>`).join("<i></i>")}<u>ü</u>`;
        expect(await spliced(splice, chunked(html, cuts))).toBe(expected);
      }),
    );
  });

  it("leaves a stray U+0001 alone, and a marker that is not this request's or was spliced in already", async () => {
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

// A boundary that hands out a part's marker and then waits (or fails) is written later than the
// parts after it (or never): a visitor's page is the same as without the memo, whatever the order.
describe("a page whose memoised part is inside a boundary that suspends or fails", () => {
  const CARD_PART = partId.island("kaart", "uitgelicht");
  const FOOTER_PART = partId.footerBottom("voet", 2026);
  const FALLBACK = "<p>even geduld</p>";

  /** A warm isolate's memo: both parts kept, as their children render. */
  function warmParts() {
    const parts = requestParts(createHtmlMemo(), { cv: 1, gone: "", lang: "nl" }, 0);
    for (const [id, html] of [
      [CARD_PART, "<b>De kaart</b>"],
      [FOOTER_PART, "<small>© 2026</small>"],
    ] as const) {
      const part: HtmlPart = { html, bytes: utf8.encode(html), preloads: [] };
      parts.memo.set(partKey(parts.scope, id), part, 100);
    }
    return parts;
  }

  /** `waits` inside a boundary after the card, the footer after the boundary: the page with or without the memo. */
  function page(waits: ReactNode, memo: boolean) {
    const parts = warmParts();
    const site = siteContext({ parts: memo ? partHtmlFor(parts, siteContext()).streamed : undefined });
    const node = (
      <SiteProvider value={site}>
        <main>
          <Suspense fallback={<p>even geduld</p>}>
            <section>
              <Memo part={CARD_PART}>
                <b>De kaart</b>
              </Memo>
              {waits}
            </section>
          </Suspense>
        </main>
        <Memo part={FOOTER_PART} as="footer">
          <small>© 2026</small>
        </Memo>
      </SiteProvider>
    );
    return { node, splice: parts.splice };
  }

  /** The answer as a visitor reads it; `shown` is called with each chunk read so far (the fallback is out: open the listing). */
  async function answer({ node, splice }: ReturnType<typeof page>, shown: (html: string) => void = () => {}) {
    const logger = createLogger({ level: "error", sink: () => {} });
    const { response } = await streamHtml(node, { status: 200, headers: {}, logger, splice });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const text = new TextDecoder();
    let html = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      html += text.decode(chunk.value, { stream: true });
      shown(html);
    }
    return html + text.decode();
  }

  it("suspends: the boundary's part arrives after the footer's, and both are in place", async () => {
    const answers = await Promise.all(
      [true, false].map((memo) => {
        let open!: (cases: string) => void;
        const listing = new Promise<string>((resolve) => (open = resolve));
        const Listing = () => <p>{use(listing)}</p>;
        return answer(page(<Listing />, memo), (html) => html.includes(FALLBACK) && open("vijf cases"));
      }),
    );
    expect(answers[0]).toContain("<!--/$--></main><footer><small>© 2026</small></footer>");
    expect(answers[0]).toContain('<div hidden id="S:0"><section><div><b>De kaart</b></div>');
    expect(answers[0]).not.toContain("\u0001");
    expect(answers[0]).toBe(answers[1]);
  });

  it("fails: the boundary's part is never written, and the footer's still is", async () => {
    const Broken = (): never => {
      throw new Error("kapot blok");
    };
    const [withMemo, without] = await Promise.all([answer(page(<Broken />, true)), answer(page(<Broken />, false))]);
    expect(withMemo).toContain(`${FALLBACK}<!--/$--></main><footer><small>© 2026</small></footer>`);
    expect(withMemo).not.toContain("\u0001");
    expect(withMemo).toBe(without);
  });
});
