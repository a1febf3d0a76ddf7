/**
 * A warm page is mostly memoised parts (the header island, the body, the footer), and React's
 * stream encodes every string it writes as UTF-8, those parts included, on every request. In the
 * streaming render a part is therefore a marker (U+0001, the part's number in this request,
 * U+0001; React writes inner HTML as it is) and this splice puts the part's bytes, encoded once
 * per isolate, in its place.
 *
 * A marker names its part, so the splice holds for any order React writes them in and for markers
 * React never writes: a boundary that waits is written after the parts that follow it, and one that
 * fails (or a render that is retried) drops the markers it was handed. Each marker is put in once;
 * a U+0001 that does not spell a marker of this request still waiting for its part stays as it was
 * (content may hold one: React escapes no control character).
 */
export interface PartSplice {
  /** The marker React writes in place of `bytes`, a part of this request. */
  mark(bytes: Uint8Array): string;
  /**
   * A chunk of React's bytes with each marker in it replaced by its part. The start of a marker
   * that the chunk ended in is held back for the next chunk, so the answer may be empty.
   */
  take(chunk: Uint8Array): Uint8Array;
  /** What was held back when React's stream ended (a stray U+0001 and digits): empty as a rule. */
  end(): Uint8Array;
}

const MARK = 0x01;
/** A marker's number has at most this many digits (a page has a handful of parts). */
const MAX_DIGITS = 6;

export function createPartSplice(): PartSplice {
  /** This request's parts by number; a part's place is emptied once it is spliced in. */
  const parts: Array<Uint8Array | undefined> = [];
  /** Parts handed out and not spliced in yet: none left, and the rest of the page is not searched. */
  let waiting = 0;
  // the start of a marker that a chunk ended in (React cuts its output every 4 KB)
  let carry: Uint8Array | undefined;
  return {
    mark(bytes) {
      waiting++;
      return `\u0001${parts.push(bytes) - 1}\u0001`;
    },
    take(chunk) {
      let bytes = carry ? concat([carry, chunk]) : chunk;
      carry = undefined;
      const pieces: Uint8Array[] = [];
      let emitted = 0;
      let from = 0;
      for (let at = bytes.indexOf(MARK); at !== -1 && waiting > 0; at = bytes.indexOf(MARK, from)) {
        let end = at + 1;
        let number = 0;
        while (end < bytes.length && end - at <= MAX_DIGITS && isDigit(bytes[end]!)) number = number * 10 + bytes[end++]! - 0x30;
        if (end === bytes.length && end - at <= MAX_DIGITS) {
          carry = bytes.slice(at);
          bytes = bytes.subarray(0, at);
          break;
        }
        const part = bytes[end] === MARK && end > at + 1 ? parts[number] : undefined;
        if (part === undefined) {
          from = at + 1; // not a marker of this request, or one already spliced in: the byte stays
          continue;
        }
        pieces.push(bytes.subarray(emitted, at), part);
        parts[number] = undefined;
        waiting--;
        emitted = from = end + 1;
      }
      if (pieces.length === 0) return bytes;
      pieces.push(bytes.subarray(emitted));
      // one chunk out per chunk in: the answer's writes stay as few as React's (a copy, too,
      // since a part's bytes serve every request of the isolate)
      return concat(pieces);
    },
    end() {
      const rest = carry ?? new Uint8Array(0);
      carry = undefined;
      return rest;
    },
  };
}

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

function concat(pieces: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}
