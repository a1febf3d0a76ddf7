import type { ModelContent } from "../../content-model/types.ts";
import type { Blok } from "./content";

/** Site-wide content of the theme story (`theme/theme`). */
export interface Theme {
  /** The theme story's id: the visual editor's `input` events for it carry header, footer and customers. */
  storyId?: number;
  /** First entry of `header` (a TwMenu block). */
  header?: Blok;
  /** First entry of `footer` (a TwFooter block). */
  footer?: Blok;
  /** The customers store. */
  customers: Blok[];
  /** The organisation behind the site (name, office, contact), as search engines read it. */
  organisation?: Organisation;
}

/** The theme's organisation fields, as the content model names them. */
export type Organisation = Pick<
  ThemeContent,
  "organisationName" | "legalName" | "streetAddress" | "postalCode" | "addressLocality" | "addressCountry" | "telephone" | "email"
>;

/** The theme story's content, as the content model defines it. */
type ThemeContent = ModelContent<"Theme">;

/**
 * The theme of the theme story's content: read by the server from the API, and by the preview
 * bundle from the editor's edits of the theme story.
 */
export function themeOf(content: Blok, storyId?: number): Theme {
  const theme = content as ThemeContent;
  return {
    ...(storyId === undefined ? {} : { storyId }),
    header: theme.header?.[0],
    footer: theme.footer?.[0],
    customers: theme.customers ?? [],
    ...(theme.organisationName ? { organisation: organisationOf(theme) } : {}),
  };
}

function organisationOf(theme: ThemeContent): Organisation {
  const { organisationName, legalName, streetAddress, postalCode, addressLocality, addressCountry, telephone, email } = theme;
  return { organisationName, legalName, streetAddress, postalCode, addressLocality, addressCountry, telephone, email };
}
