/**
 * React keys from the items themselves (a paragraph's text, an image's file name), made unique
 * where an item repeats: stable while the content stays the same, unlike an array index.
 */
export function keyed<T>(items: readonly T[], keyOf: (item: T) => string = String): Array<[key: string, item: T]> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [count ? `${base}~${count}` : base, item];
  });
}
