/**
 * Content as the space knows it: story uuids (links, relations, rich-text links) and asset
 * URLs/ids of the snapshot replaced by the ones the space gave. The same function maps back with
 * the inverted maps (the round-trip test).
 */
export type Json = Record<string, unknown>;

export interface AssetRef {
  id: number | null;
  filename: string;
}

export interface Remaps {
  /** Story uuid in the snapshot -> uuid in the space. */
  uuids: ReadonlyMap<string, string>;
  /** Asset URL in the snapshot -> the uploaded asset. */
  assets: ReadonlyMap<string, AssetRef>;
}

export function remapContent<T>(value: T, remaps: Remaps): T {
  if (typeof value === "string") return (remaps.uuids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((item) => remapContent(item, remaps)) as T;
  if (!value || typeof value !== "object") return value;
  const node = value as Json;
  const out: Json = {};
  for (const [key, child] of Object.entries(node)) out[key] = remapContent(child, remaps);
  const asset = node.fieldtype === "asset" && typeof node.filename === "string" ? remaps.assets.get(node.filename) : undefined;
  if (asset) Object.assign(out, { id: asset.id, filename: asset.filename });
  return out as T;
}

/** The file name an asset gets in the space: Storyblok's own last segment, or the local path's folders joined by "-". */
export function shortFilename(url: string): string {
  if (/^https?:\/\//.test(url)) return new URL(url).pathname.split("/").pop() ?? url;
  return url
    .replace(/^\/+(images\/)?/, "")
    .split("/")
    .join("-");
}

/** One short file name per URL: two URLs that would share one are refused. */
export function shortFilenames(urls: readonly string[]): Map<string, string> {
  const byName = new Map<string, string>();
  const result = new Map<string, string>();
  for (const url of urls) {
    const name = shortFilename(url);
    const other = byName.get(name);
    if (other !== undefined && other !== url) throw new Error(`assets ${other} and ${url} would both be called ${name} in the space`);
    byName.set(name, url);
    result.set(url, name);
  }
  return result;
}
