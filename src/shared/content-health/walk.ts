/**
 * Reading a story's content as a tree of blocks: every blok with where it is, its fields, the
 * assets and story links in a field's value. Relations the API resolved (a story object in a
 * field) belong to another story and are not entered.
 */
export type JsonObject = Record<string, unknown>;
export type BlokValue = JsonObject & { component: string; _uid?: unknown; _editable?: unknown };

export interface BlokAt {
  blok: BlokValue;
  /** `body[2].columns[0]`; empty for the story's content itself. */
  path: string;
}

export const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
export const isBlok = (value: unknown): value is BlokValue => isObject(value) && typeof value.component === "string";
/** A story object the API put in place of a relation's uuid. */
const isStory = (value: JsonObject) => typeof value.uuid === "string" && isObject(value.content);

const I18N = "__i18n__";
const OWN_KEYS = new Set(["_uid", "component", "_editable"]);

const step = (path: string, key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Every blok of a content tree, parents first, with its path. */
export function bloksOf(content: unknown): BlokAt[] {
  const found: BlokAt[] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, step(path, index));
    } else if (isObject(value) && !isStory(value)) {
      if (isBlok(value)) found.push({ blok: value, path });
      for (const [key, child] of Object.entries(value)) if (!OWN_KEYS.has(key)) visit(child, step(path, key));
    }
  };
  visit(content, "");
  return found;
}

/** A blok's fields as delivered: its own keys but `_uid`, `component`, `_editable` and stored translations. */
export function fieldsOf(blok: BlokValue): Array<[string, unknown]> {
  return Object.entries(blok).filter(([key]) => !OWN_KEYS.has(key) && !key.includes(I18N));
}

/** The blok's `_uid`, or "" when it has none. */
export const uidOf = (blok: BlokValue): string => (typeof blok._uid === "string" ? blok._uid : "");

/** An asset as stored in a field (`fieldtype: asset`). */
export interface AssetValue {
  filename?: unknown;
  alt?: unknown;
}

/** The assets in a field's value with their field path (`image`, `images[1]`); empty files are left out. */
export function assetsIn(field: string, value: unknown): Array<{ field: string; asset: AssetValue & { filename: string } }> {
  const isAsset = (item: unknown): item is AssetValue & { filename: string } =>
    isObject(item) && typeof item.filename === "string" && item.filename !== "" && (item.fieldtype === "asset" || "alt" in item);
  if (Array.isArray(value)) return value.flatMap((item, index) => (isAsset(item) ? [{ field: step(field, index), asset: item }] : []));
  return isAsset(value) ? [{ field, asset: value }] : [];
}

/** A link to a story: by uuid where the content has one, else by the slug it names. */
export interface StoryLink {
  uuid?: string;
  slug: string;
}

/** Story links in a field's value: a multilink, or the link marks of a rich text document (not of bloks inside it). */
export function storyLinksIn(value: unknown): StoryLink[] {
  const links: StoryLink[] = [];
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isObject(node) && !isBlok(node) && !isStory(node)) {
      if (node.linktype === "story" && node.fieldtype === "multilink" && (text(node.id) || text(node.cached_url)))
        links.push({ uuid: text(node.id) || undefined, slug: text(node.cached_url) });
      const attrs = node.attrs;
      if (node.type === "link" && isObject(attrs) && attrs.linktype === "story" && (text(attrs.uuid) || text(attrs.href)))
        links.push({ uuid: text(attrs.uuid) || undefined, slug: text(attrs.href) });
      for (const child of Object.values(node)) visit(child);
    }
  };
  visit(value);
  return links;
}

/** The text a visitor reads of a field's value: a string, or the text nodes of a rich text document. */
export function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  const parts: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (isObject(node) && !isBlok(node)) {
      if (node.type === "text" && typeof node.text === "string") parts.push(node.text);
      for (const child of Object.values(node)) visit(child);
    }
  };
  visit(value);
  return parts.join(" ");
}
