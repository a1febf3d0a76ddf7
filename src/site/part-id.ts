declare const partIdBrand: unique symbol;

/**
 * The id of a part of a page kept as HTML by the server (the HTML memo): it names everything the
 * part depends on besides the cache version, the build and the language, which the memo's key
 * adds. Made only by `partId`, so two kinds of part can never share an id.
 */
export type PartId = string & { readonly [partIdBrand]: true };

const id = (value: string) => value as PartId;

export const partId = {
  /** The document head: everything it shows is in its metadata. */
  head: (meta: unknown) => id(`head:${JSON.stringify(meta)}`),
  /** An island's whole root (props and HTML), for props that follow from `key`. */
  island: (name: string, key: string) => id(`island:${name}:${key}`),
  /** A footer section of the theme's footer block. */
  footer: (section: "intro" | "groups" | "contact", uid: string) => id(`footer-${section}:${uid}`),
  /**
   * The whole footer of one page's path (its newsletter form posts back there), with the year it
   * shows: kept only where the form is the same for every visitor of that path.
   */
  footerOf: (uid: string, year: number, path: string) => id(`footer:${uid}:${year}:${path}`),
  /** The footer's bottom line, with the year it shows. */
  footerBottom: (uid: string, year: number) => id(`footer-bottom:${uid}:${year}`),
  /** The page body (`<main>`) of a path and listing page. */
  body: (path: string, page: number) => id(`body:${path}:${page}`),
};
