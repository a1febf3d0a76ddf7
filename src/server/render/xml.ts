/**
 * Text and attribute values for the XML documents the Worker writes (sitemap, feeds). XML 1.0 has
 * no escape for most C0 control characters: they are dropped, so an editor's stray one cannot make
 * a whole feed unreadable.
 */
export function escapeXml(text: string): string {
  let clean = "";
  for (const ch of text) if (isXmlChar(ch.codePointAt(0) ?? 0)) clean += ch;
  return clean.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);
}

/** XML 1.0's Char production: tab, newline, carriage return and everything from U+0020 but U+FFFE, U+FFFF and lone surrogates. */
function isXmlChar(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfffe && code !== 0xffff;
}
