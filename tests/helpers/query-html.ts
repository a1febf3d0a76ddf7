/**
 * Finds elements in rendered HTML with workerd's own HTML parser (HTMLRewriter), so block tests
 * can assert on elements and attributes instead of on fragile string fragments.
 */
export interface Found {
  tag: string;
  attrs: Record<string, string>;
  /** Visible text inside the element (entities decoded, whitespace collapsed). */
  text: string;
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

export async function query(html: string, selector: string): Promise<Found[]> {
  const found: Array<Found & { raw: string }> = [];
  const open: Array<{ raw: string }> = [];
  // every tag separates words, as textOf() in tests/helpers/render.tsx does
  const separate = () => {
    for (const entry of open) entry.raw += " ";
  };
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(element) {
        separate();
        if (!VOID.has(element.tagName)) element.onEndTag(separate);
      },
    })
    .on(selector, {
      element(element) {
        const attrs = Object.fromEntries(
          [...(element.attributes as unknown as Iterable<[string, string]>)].map(([name, value]) => [name, decode(value)]),
        );
        const entry = { tag: element.tagName, attrs, text: "", raw: "" };
        found.push(entry);
        if (VOID.has(element.tagName)) return;
        open.push(entry);
        element.onEndTag(() => {
          open.splice(open.indexOf(entry), 1);
        });
      },
    })
    .onDocument({
      text(chunk) {
        for (const entry of open) entry.raw += chunk.text;
      },
    });
  await rewriter.transform(new Response(html)).text();
  return found.map(({ raw, ...entry }) => ({ ...entry, text: decode(raw).replace(/\s+/g, " ").trim() }));
}

export async function one(html: string, selector: string): Promise<Found> {
  const all = await query(html, selector);
  if (all.length !== 1) throw new Error(`expected exactly one "${selector}", found ${all.length}`);
  return all[0] as Found;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
