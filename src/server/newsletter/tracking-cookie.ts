/**
 * HubSpot's tracking cookie (`hubspotutk`) goes with a signup only when the visitor has accepted
 * marketing cookies in the site's Cookiebot banner: the same choice that lets the sales tracking
 * load (docs/decisions/016). Read from the request's cookies, so the form with and without
 * JavaScript behave the same, and no byte of it reaches the browser bundle.
 */

/** Cookiebot's cookie with the visitor's choice (`{stamp:'..',necessary:true,...,marketing:true,...}`, URL-encoded). */
export const COOKIEBOT_CONSENT_COOKIE = "CookieConsent";
/** HubSpot's visitor cookie: the Forms API's `context.hutk`. */
export const HUBSPOT_TRACKING_COOKIE = "hubspotutk";

/** What HubSpot's tracking code writes: 32 hexadecimal characters. Anything else is not sent. */
const HUTK = /^[0-9a-f]{32}$/i;
/** A longer consent cookie is none of Cookiebot's (it writes a few hundred bytes). */
const MAX_CONSENT_COOKIE_LENGTH = 1024;

/**
 * True only for an explicit `marketing:true` in Cookiebot's cookie. Its value `-1` ("consent not
 * required in the visitor's region") does not count: the signup is what asks, and an agency in
 * the EU treats every visitor alike.
 */
export function acceptedMarketing(consentCookie: string | undefined): boolean {
  if (!consentCookie || consentCookie.length > MAX_CONSENT_COOKIE_LENGTH) return false;
  let value = consentCookie;
  try {
    // browsers send it URL-encoded (%27, %2C); a framework may have decoded it once already
    if (value.includes("%")) value = decodeURIComponent(value);
  } catch {
    return false;
  }
  return /(?:^|[{,])\s*marketing\s*:\s*true\s*(?=[,}]|$)/.test(value);
}

/**
 * The `hutk` to pass on with a signup: the visitor's `hubspotutk` when the site has a consent
 * banner (`COOKIE_CONSENT_ID`) and the visitor accepted marketing cookies in it; otherwise none.
 */
export function consentedHutk(
  cookies: { consent: string | undefined; hubspotutk: string | undefined },
  consentBannerConfigured: boolean,
): string | undefined {
  if (!consentBannerConfigured || !acceptedMarketing(cookies.consent)) return undefined;
  const hutk = cookies.hubspotutk?.trim();
  return hutk && HUTK.test(hutk) ? hutk : undefined;
}
