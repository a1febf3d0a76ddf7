/**
 * A JSON-LD graph as the text of a `<script type="application/ld+json">`: JSON in which no
 * character an editor typed can end the element or open a comment (`</script>`, `<!--`), nor end a
 * line where a JavaScript parser would (U+2028, U+2029). Every `<`, `>` and `&` is written as a
 * JSON escape, so the text parses back to the same graph and holds no markup at all.
 */
const UNSAFE = /[<>&\u2028\u2029]/g;

const ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

export function jsonLdText(graph: unknown): string {
  return JSON.stringify(graph).replace(UNSAFE, (ch) => ESCAPES[ch] ?? ch);
}
