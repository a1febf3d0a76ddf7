import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Small helpers of the edge APIs (newsletter, webhook): every answer is JSON `{message}`, bodies
 * are read with a byte limit before anything parses them.
 */
export function jsonMessage(c: Context, status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}): Response {
  return c.json({ message }, status, { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers });
}

/** The body as bytes, or "too-large" as soon as it passes `maxBytes` (the rest is never read). */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return "too-large";
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return "too-large";
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** `application/json; charset=utf-8` -> { type: "application/json", charset: "utf-8" }. */
export function mediaType(header: string | undefined | null): { type: string; charset?: string } {
  const [type = "", ...params] = (header ?? "").split(";");
  const charset = params
    .map((param) => param.trim().split("="))
    .find(([name]) => name?.trim().toLowerCase() === "charset")?.[1]
    ?.trim()
    .replace(/^"|"$/g, "")
    .toLowerCase();
  return { type: type.trim().toLowerCase(), charset };
}

/** Text in UTF-8, or undefined when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A JSON object from UTF-8 bytes; undefined for anything else (bad bytes, bad JSON, arrays, null). */
export function parseJsonObject(body: Uint8Array): Record<string, unknown> | undefined {
  const text = decodeUtf8(body);
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
