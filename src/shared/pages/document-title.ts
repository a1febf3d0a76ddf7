/**
 * The document title a page gets (`<title>`, `og:title`): the server's document head writes it,
 * the content rules (src/shared/content-health/) measure it.
 */
export const SITE_NAME = "Koraal";

const NAMES_BRAND = new RegExp(`\\b${SITE_NAME}\\b`);

/** "Diensten" -> "Diensten | Koraal"; a title that already names the brand is kept as it is. */
export function documentTitle(title: string | undefined): string {
  if (!title?.trim()) return SITE_NAME;
  return NAMES_BRAND.test(title) ? title : `${title} | ${SITE_NAME}`;
}
