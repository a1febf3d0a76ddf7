import type { Organization, PostalAddress } from "schema-dts";
import type { LinkField } from "../../shared/content";
import type { Organisation } from "../../shared/theme";
import type { BlokOf } from "../blocks/types";
import { dictionary } from "../../shared/i18n";
import type { GraphContext } from "./context";
import type { Node } from "./node";

/**
 * The organisation's logo as Google accepts one (a raster image of at least 112x112 px that looks
 * right on white), shipped in public/: the header's logo is a 132x32 SVG, which it does not.
 */
export const ORGANIZATION_LOGO = { path: "/logo.png", size: { width: 512, height: 512 } } as const;

/**
 * The organisation behind the site: name, address and contact point from the theme's organisation
 * fields, social profiles (`sameAs`) from its header, the logo from public/. Without them: the site's name.
 */
export function organizationNode(context: GraphContext): Node<Organization> {
  const { ids, theme, siteName, origin } = context;
  const organisation = theme?.organisation;
  const header = theme?.header as BlokOf<"TwMenu"> | undefined;
  const sameAs = (header?.socials ?? [])
    .map((social) => linkUrl(social.link))
    .filter((url): url is string => url?.startsWith("https://") ?? false);
  return {
    "@type": "Organization",
    "@id": ids.organization,
    name: organisation?.organisationName || siteName,
    ...(organisation?.legalName ? { legalName: organisation.legalName } : {}),
    url: `${origin}/`,
    logo: { "@type": "ImageObject", "@id": ids.logo, url: origin + ORGANIZATION_LOGO.path, ...ORGANIZATION_LOGO.size, caption: siteName },
    ...(sameAs.length ? { sameAs } : {}),
    ...(organisation ? organisationContact(organisation, context) : {}),
  };
}

function organisationContact(organisation: Organisation, context: GraphContext): Partial<Exclude<Organization, string>> {
  const address = postalAddress(organisation);
  const { telephone, email } = organisation;
  return {
    ...(address ? { address } : {}),
    ...(telephone ? { telephone } : {}),
    ...(email ? { email } : {}),
    ...(telephone || email
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer service",
            ...(telephone ? { telephone } : {}),
            ...(email ? { email } : {}),
            availableLanguage: ["nl", "en"],
            url: context.origin + dictionary(context.lang).paths.contact,
          },
        }
      : {}),
  };
}

/** A PostalAddress of the model's address fields; none without a country. */
export function postalAddress(fields: {
  streetAddress?: string | null;
  postalCode?: string | null;
  addressLocality?: string | null;
  addressCountry?: string | null;
}): PostalAddress | undefined {
  if (!fields.addressCountry) return undefined;
  return {
    "@type": "PostalAddress",
    ...(fields.streetAddress ? { streetAddress: fields.streetAddress } : {}),
    ...(fields.postalCode ? { postalCode: fields.postalCode } : {}),
    ...(fields.addressLocality ? { addressLocality: fields.addressLocality } : {}),
    addressCountry: fields.addressCountry,
  };
}

function linkUrl(link: LinkField | null | undefined): string | undefined {
  return link?.url || link?.cached_url || undefined;
}
