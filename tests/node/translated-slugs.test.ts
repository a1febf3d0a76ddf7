/**
 * Translated slugs as the push sends and compares them (tools/space/push/translated-slugs.ts): the
 * space's entries read from either documented answer shape, every entry it has addressed by id,
 * and a story whose entries match what was sent found equal whatever the shape.
 */
import { describe, expect, it } from "vitest";
import { slugAttributes, slugEntriesOf, slugsDiffer } from "../../tools/space/push/translated-slugs.ts";

const wanted = [{ lang: "en", slug: "services", name: "Services", published: true }];

const asTranslatedSlugs = {
  translated_slugs: [{ id: 7, lang: "en", slug: "services", name: "Services", path: "services", published: true }],
};
const asLocalizedPaths = {
  translated_slugs: null,
  localized_paths: [{ path: "work/services", name: "Services", lang: "en", published: true }],
  translated_slugs_attributes: [{ id: 7, lang: "en", slug: "services", name: "Services", published: true }],
};

describe("translated slugs", () => {
  it("reads the same entry, id included, from either answer shape", () => {
    const entry = { id: 7, lang: "en", slug: "services", name: "Services", published: true };
    expect(slugEntriesOf(asTranslatedSlugs)).toEqual([entry]);
    expect(slugEntriesOf(asLocalizedPaths)).toEqual([entry]);
    expect(slugEntriesOf({ localized_paths: [{ path: "work/services", name: null, lang: "en", published: null }] })).toEqual([
      { id: undefined, lang: "en", slug: "services", name: null, published: null },
    ]);
  });

  it("finds what was sent unchanged in both shapes, and a changed slug, name or publication changed", () => {
    expect(slugsDiffer(wanted, slugEntriesOf(asTranslatedSlugs))).toBe(false);
    expect(slugsDiffer(wanted, slugEntriesOf(asLocalizedPaths))).toBe(false);
    const [entry] = slugEntriesOf(asTranslatedSlugs);
    for (const change of [{ slug: "diensten" }, { name: "Diensten" }, { published: false }])
      expect(slugsDiffer(wanted, [{ ...entry, ...change } as never])).toBe(true);
    expect(slugsDiffer(wanted, [])).toBe(true);
  });

  it("leaves out a name the push does not set from the comparison", () => {
    const [entry] = slugEntriesOf(asTranslatedSlugs);
    expect(slugsDiffer([{ lang: "en", slug: "services", published: true }], [{ ...entry, name: null } as never])).toBe(false);
  });

  it("updates the space's entry by its id, adds one the space lacks, and removes a duplicate", () => {
    expect(slugAttributes(wanted, slugEntriesOf(asLocalizedPaths))).toEqual([{ id: 7, ...wanted[0] }]);
    expect(slugAttributes(wanted, [])).toEqual(wanted);
    const twice = { translated_slugs: [...asTranslatedSlugs.translated_slugs, { id: 9, lang: "en", slug: "services", path: "services" }] };
    expect(slugsDiffer(wanted, slugEntriesOf(twice))).toBe(true);
    expect(slugAttributes(wanted, slugEntriesOf(twice))).toEqual([
      { id: 7, ...wanted[0] },
      { id: 9, _destroy: true },
    ]);
  });
});
