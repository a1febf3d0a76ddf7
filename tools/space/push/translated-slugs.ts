/**
 * A story's or folder's translated slugs as nested attributes (`translated_slugs_attributes`):
 * each entry the space already has is addressed by its `id`, since an entry sent without one is
 * added beside the existing one, not put in its place. What the space holds is read from whichever
 * shape its answer has (`translated_slugs`, `localized_paths`, `translated_slugs_attributes`) and
 * compared with what the push sends in the fields it sends, so no answer shape makes a rerun
 * rewrite a story.
 */
export type Json = Record<string, unknown>;

export interface SlugEntry {
  /** The space's id for the entry; none for one the push wants. */
  id?: number;
  lang: string;
  /** The last segment of the translated path. */
  slug: string;
  /** Left out: the push does not set it. */
  name?: string | null;
  published?: boolean | null;
}

/** Where values are read from first: the shapes holding the translated path. */
const VALUE_SHAPES = ["translated_slugs", "localized_paths", "translated_slugs_attributes"] as const;

const lastSegment = (path: unknown) => (typeof path === "string" ? (path.split("/").pop() ?? "") : "");

function entriesIn(story: Json, key: (typeof VALUE_SHAPES)[number]): SlugEntry[] {
  const items = Array.isArray(story[key]) ? (story[key] as Json[]) : [];
  return items.map((item) => ({
    id: typeof item.id === "number" ? item.id : undefined,
    lang: String(item.lang),
    slug: typeof item.slug === "string" ? item.slug : lastSegment(item.path),
    name: (item.name as string | null | undefined) ?? null,
    published: (item.published as boolean | null | undefined) ?? null,
  }));
}

/** The space's entries of a story or folder, each with its id where any shape of the answer has one. */
export function slugEntriesOf(story: Json): SlugEntry[] {
  const shapes = VALUE_SHAPES.map((key) => entriesIn(story, key)).filter((entries) => entries.length);
  const ids = new Map<string, number[]>();
  const withIds = shapes.find((entries) => entries.some((entry) => entry.id !== undefined)) ?? [];
  for (const entry of withIds) if (entry.id !== undefined) ids.set(entry.lang, [...(ids.get(entry.lang) ?? []), entry.id]);
  return (shapes[0] ?? []).map((entry) => ({ ...entry, id: entry.id ?? ids.get(entry.lang)?.shift() }));
}

const sameEntry = (wanted: SlugEntry, found: SlugEntry) =>
  found.lang === wanted.lang &&
  found.slug === wanted.slug &&
  (wanted.name === undefined || (found.name ?? null) === wanted.name) &&
  (found.published ?? false) === (wanted.published ?? false);

/** Whether the space's entries differ from the wanted ones in what the push sends (one entry per language). */
export function slugsDiffer(wanted: readonly SlugEntry[], found: readonly SlugEntry[]): boolean {
  return wanted.length !== found.length || wanted.some((entry) => !found.some((item) => sameEntry(entry, item)));
}

/**
 * The nested attributes that make the space's entries the wanted ones: each wanted entry with the
 * id of the space's entry of its language (created where there is none), and every other entry the
 * space has (a language the content dropped, a duplicate an earlier push added) removed.
 */
export function slugAttributes(wanted: readonly SlugEntry[], found: readonly SlugEntry[]): Json[] {
  const unused = found.filter((entry) => entry.id !== undefined);
  const kept = wanted.map((entry) => {
    const at = unused.findIndex((item) => item.lang === entry.lang);
    const id = at >= 0 ? unused.splice(at, 1)[0]?.id : undefined;
    const { id: _none, ...values } = entry;
    return id === undefined ? values : { id, ...values };
  });
  return [...kept, ...unused.map((entry) => ({ id: entry.id, _destroy: true }))];
}
