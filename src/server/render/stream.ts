import type { ReactNode } from "react";
import { renderToReadableStream } from "./react-dom-server.cjs";
import type { Logger } from "../../shared/log";
import { concat, type PartSplice } from "./part-splice";

/**
 * React's `progressiveChunkSize`: a boundary that is complete when its parent is flushed is written
 * in place, however large; only content that is really still loading is streamed in later (by
 * React's inline script).
 */
const IN_PLACE = Number.MAX_SAFE_INTEGER;

export interface StreamOptions {
  status: number;
  headers: Headers;
  logger: Logger;
  /** Wait for every Suspense boundary before the first byte (crawlers get complete HTML). */
  complete?: boolean;
  signal?: AbortSignal;
  /** CSP nonce for React's own inline scripts (streamed Suspense boundaries). */
  nonce?: string;
  /** Puts the memoised parts the render marked into the response as bytes (part-splice.ts). */
  splice?: PartSplice;
}

/**
 * Renders with React's stream, per request, and answers with it (`renderBody`). The status is
 * decided by the caller before rendering starts; failures after the first byte cannot change it
 * any more, so they are logged (and React finishes the boundary with its client fallback). `sent`
 * settles when the body has gone out (or cannot any more); for bytes, when they are handed over.
 */
export async function streamHtml(node: ReactNode, options: StreamOptions): Promise<{ response: Response; sent: Promise<void> }> {
  const { body, sent } = await renderBody(node, options);
  options.headers.set("content-type", "text/html; charset=utf-8");
  return { response: new Response(body, { status: options.status, headers: options.headers }), sent };
}

/**
 * React's render of `node` as an answer's body. What React could not finish yet (a listing still on
 * its way) is streamed in as it arrives. A render with nothing left to wait for once its shell is
 * there (a warm page, the error screen, a crawler's whole page) is one body of bytes: React has
 * written all of it by then, and workerd sends bytes without pumping a stream chunk by chunk
 * through JavaScript (for the 404 screen over HTTP 0.3 ms of CPU per request, `npm run
 * bench:pair`, docs/performance.md). No `Response` is made here: the warm-up renders while the
 * isolate starts, where workerd refuses to make a response of bytes.
 */
export async function renderBody(
  node: ReactNode,
  { logger, complete, signal, nonce, splice }: Omit<StreamOptions, "status" | "headers">,
): Promise<{ body: Uint8Array | ReadableStream<Uint8Array>; sent: Promise<void> }> {
  const stream = await renderToReadableStream(node, {
    signal,
    nonce,
    progressiveChunkSize: IN_PLACE,
    onError(error, info) {
      logger.error("render.error", { error, componentStack: info?.componentStack });
    },
  });
  if (complete) await stream.allReady;
  if (complete || (await settledNow(stream.allReady))) return { body: await wholeBody(stream, splice), sent: Promise.resolve() };
  return answerBody(stream, splice);
}

/** Whether `promise` has resolved already (its callbacks run before this resumes); a rejection counts as not. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => {},
  );
  await null;
  return settled;
}

/** React's whole output of a finished render, with the memoised parts in place. */
export async function wholeBody(source: ReadableStream<Uint8Array>, splice?: PartSplice): Promise<Uint8Array> {
  const reader = source.getReader();
  const pieces: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    const bytes = spliced(done, value, splice);
    if (bytes?.length) pieces.push(bytes);
    if (done) return pieces.length === 1 ? pieces[0]! : concat(pieces);
  }
}

/** A read of React's stream with the parts in place; at its end, what the splice held back. */
const spliced = (done: boolean | undefined, value: Uint8Array | undefined, splice?: PartSplice) =>
  done ? splice?.end() : splice && value ? splice.take(value) : value;

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
          const bytes = spliced(done, value, splice);
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
