import type { ReactNode } from "react";
import { renderToReadableStream } from "./react-dom-server.cjs";
import type { Logger } from "../../shared/log";
import type { PartSplice } from "./part-splice";

/**
 * React's `progressiveChunkSize`: a boundary that is complete when its parent is flushed is written
 * in place, however large; only content that is really still loading is streamed in later (by
 * React's inline script).
 */
const IN_PLACE = Number.MAX_SAFE_INTEGER;

export interface StreamOptions {
  status: number;
  /** The answer's headers but its content type (this sets that), given once: each set on a `Headers` is a call into the runtime. */
  headers: Record<string, string>;
  logger: Logger;
  /** Wait for every Suspense boundary before the first byte (crawlers get complete HTML). */
  complete?: boolean;
  /** CSP nonce for React's own inline scripts (streamed Suspense boundaries). */
  nonce?: string;
  /** Puts the memoised parts the render marked into the response as bytes (part-splice.ts). */
  splice?: PartSplice;
}

/**
 * Streams React's HTML. The status is decided by the caller before rendering starts; failures
 * after the first byte cannot change it any more, so they are logged (and React finishes the
 * boundary with its client fallback). `sent` settles when the body has gone out (or cannot any more).
 *
 * React is not handed the request's `signal`: an incoming request's signal never aborts in
 * workerd unless the Worker opts in (`enable_request_signal`), and a visitor who leaves cancels
 * the answer's body, which stops the render (`answerBody`). The listener React adds to a signal
 * cost the 404 screen ~0.03 ms of the runtime's CPU per request (`npm run profile:native`).
 */
export async function streamHtml(
  node: ReactNode,
  { status, headers, logger, complete, nonce, splice }: StreamOptions,
): Promise<{ response: Response; sent: Promise<void> }> {
  const stream = await renderToReadableStream(node, {
    nonce,
    progressiveChunkSize: IN_PLACE,
    onError(error, info) {
      logger.error("render.error", { error, componentStack: info?.componentStack });
    },
  });
  if (complete) await stream.allReady;
  const { body, sent } = answerBody(stream, splice);
  return { response: new Response(body, { status, headers: { ...headers, "content-type": "text/html; charset=utf-8" } }), sent };
}

/**
 * The answer's body: React's bytes, with the memoised parts spliced in, read from React's stream
 * as the visitor's connection asks for them. One stream read directly, not a TransformStream that
 * React's stream is piped into: in workerd that second stage and its pipe cost a page ~0.3 ms of
 * CPU (`npm run bench`, docs/performance.md). `sent` settles when the body has gone out to its
 * end, was cancelled (a HEAD, a visitor who left) or failed.
 */
export function answerBody(
  source: ReadableStream<Uint8Array>,
  splice?: PartSplice,
): { body: ReadableStream<Uint8Array>; sent: Promise<void> } {
  const reader = source.getReader();
  let settle!: () => void;
  const sent = new Promise<void>((resolve) => (settle = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          const bytes = done ? splice?.end() : splice ? splice.take(value) : value;
          if (bytes?.length) controller.enqueue(bytes);
          if (done) {
            controller.close();
            settle();
          }
          if (done || bytes?.length) return;
        }
      } catch (error) {
        controller.error(error);
        settle();
      }
    },
    cancel(reason) {
      settle();
      return reader.cancel(reason);
    },
  });
  return { body, sent };
}

/**
 * A tree's whole HTML as one string (a memoised part, the document head), through the same
 * renderer as the page's stream: the Worker carries one copy of React's server renderer, not a
 * second, synchronous one for these. Read to its end: whatever the tree waits for (a part inside
 * it, a listing) is in it, written in place. A failure rejects, and the page render that asked for
 * the HTML fails or falls back with it (that render logs it: this one does not log it twice).
 */
export async function renderToHtml(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node, { progressiveChunkSize: IN_PLACE, onError: () => {} });
  await stream.allReady;
  // read here, not with `new Response(stream).text()`: workerd refuses that while an isolate starts,
  // where the warm-up renders parts too (warm-up.tsx)
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let html = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
  return html + decoder.decode();
}
