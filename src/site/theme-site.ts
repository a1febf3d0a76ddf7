import { links, type TwMenuBlok } from "./blocks/tw-menu";
import type { Theme } from "../shared/theme";
import type { CustomerBlok, SiteContextValue } from "./site-context";

/** The parts of the site context that come from the theme: the customers store, the socials of the header, the newsletter's consent text. */
export function themeSite(theme: Theme | undefined): Pick<SiteContextValue, "customers" | "socials" | "newsletterConsent"> {
  return {
    customers: (theme?.customers ?? []) as CustomerBlok[],
    socials: links((theme?.header as TwMenuBlok | undefined)?.socials),
    ...(theme ? { newsletterConsent: theme.newsletterConsent } : {}),
  };
}
