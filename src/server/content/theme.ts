import type { Content, Fetched } from "./content";
import type { Blok, Version } from "../../shared/content";

export const THEME_SLUG = "theme/theme";

/** Site-wide content of the `theme/theme` story. */
export interface Theme {
  /** First entry of `header` (a TwMenu block). */
  header?: Blok;
  /** First entry of `footer` (a TwFooter block). */
  footer?: Blok;
  /** The customers store. */
  customers: Blok[];
}

interface ThemeContent extends Blok {
  header?: Blok[];
  footer?: Blok[];
  customers?: Blok[];
}

export async function loadTheme(content: Content, version: Version = "published"): Promise<Fetched<Theme>> {
  const { value, source } = await content.story(THEME_SLUG, { version });
  const theme = value.story.content as ThemeContent;
  return { value: { header: theme.header?.[0], footer: theme.footer?.[0], customers: theme.customers ?? [] }, source };
}
