import type { ThirdPartyConfig } from "../env";
import type { Lang } from "../../shared/i18n/lang";
import type { Logger } from "../../shared/log";
import type { CspOptions } from "./security";
import { NEWSLETTER_FORM_PATH } from "../../shared/newsletter";

/**
 * Third-party scripts, each switched on by its setting: Google Tag Manager (GTM_ID), the
 * Cookiebot consent banner (COOKIE_CONSENT_ID) and Leadinfo B2B sales tracking
 * (SALES_TRACKING_ID). One inline loader, carrying the request's nonce, starts them:
 *
 * - Tag Manager loads at once, after Consent Mode v2 defaults that deny everything; consent
 *   updates follow the visitor's Cookiebot choice.
 * - Leadinfo loads only once the visitor has accepted marketing cookies.
 * - Without a consent banner nothing that tracks is loaded at all (a warning is logged once).
 * - The banner speaks the page's language (Cookiebot's `data-culture`).
 *
 * The CSP names exactly the hosts the enabled scripts need (`thirdPartyCsp`).
 */

export const GTM_SCRIPT = "https://www.googletagmanager.com/gtm.js";
export const COOKIEBOT_SCRIPT = "https://consent.cookiebot.com/uc.js";
export const LEADINFO_SCRIPT = "https://cdn.leadinfo.net/ping.js";
/** Cloudflare Turnstile's widget script (the signup's bot check, issue 53). */
export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js";

type CspExtra = NonNullable<CspOptions["extra"]>;

/** Hosts per directive for each script, from the vendors' CSP guides. */
const HOSTS: Record<"gtm" | "consent" | "sales", CspExtra> = {
  // Tag Manager itself, and the Google Analytics 4 tag containers usually carry.
  gtm: {
    "script-src": ["https://www.googletagmanager.com"],
    "img-src": ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
    "connect-src": ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
  },
  consent: {
    "script-src": ["https://consent.cookiebot.com", "https://consentcdn.cookiebot.com"],
    "connect-src": ["https://consent.cookiebot.com", "https://consentcdn.cookiebot.com"],
    "frame-src": ["https://consentcdn.cookiebot.com"],
    "img-src": ["https://imgsct.cookiebot.com"],
  },
  sales: {
    "script-src": ["https://cdn.leadinfo.net"],
    "connect-src": ["https://collector.leadinfo.net"],
    "img-src": ["https://collector.leadinfo.net"],
  },
};

/** What actually loads: tracking needs a consent banner to ask the visitor first. */
export function activeThirdParty(config: ThirdPartyConfig): { gtm?: string; consent?: string; sales?: string; turnstile?: string } {
  // Turnstile tracks nobody and sets no cookie (Cloudflare's Turnstile privacy addendum): it protects the form, banner or not
  const turnstile = config.turnstileSiteKey;
  if (!config.cookieConsentId) return { turnstile };
  return { consent: config.cookieConsentId, gtm: config.gtmId, sales: config.salesTrackingId, turnstile };
}

/** The CSP additions for the scripts that load. */
export function thirdPartyCsp(config: ThirdPartyConfig): CspExtra {
  const active = activeThirdParty(config);
  const extra: CspExtra = {};
  for (const name of ["consent", "gtm", "sales"] as const) {
    if (!active[name]) continue;
    for (const [directive, hosts] of Object.entries(HOSTS[name]) as Array<[keyof CspExtra, string[]]>) {
      extra[directive] = [...new Set([...(extra[directive] ?? []), ...hosts])];
    }
  }
  // Turnstile's script and the frame its challenge runs in: its origin only, only where it is on
  if (active.turnstile && config.turnstileScript) {
    const origin = new URL(config.turnstileScript).origin;
    for (const directive of ["script-src", "frame-src", "connect-src"] as const) extra[directive] = [...(extra[directive] ?? []), origin];
  }
  return extra;
}

/** The settings already warned about: each is read once per isolate (middleware/config.ts), so warned once per isolate. */
const warnedAbout = new WeakSet<ThirdPartyConfig>();

/** Logs, once per isolate, settings that have no effect because no consent banner is configured. */
export function warnAboutInactiveTracking(config: ThirdPartyConfig, logger: Logger): void {
  if (warnedAbout.has(config) || config.cookieConsentId || !(config.gtmId || config.salesTrackingId)) return;
  warnedAbout.add(config);
  logger.warn("third_party.no_consent", {
    message: "GTM_ID / SALES_TRACKING_ID are set but COOKIE_CONSENT_ID is not: tracking never loads without a consent banner",
  });
}

/**
 * The loader: plain ES5 so it runs wherever the page does. Scripts it adds get the nonce of the
 * script that runs it (Tag Manager hands that nonce on to its custom HTML tags).
 */
export function thirdPartyLoader(config: ThirdPartyConfig, lang: Lang): string | null {
  const { consent, gtm, sales } = activeThirdParty(config);
  if (!consent) return null;
  const settings = JSON.stringify({ cbid: consent, culture: lang, gtm, leadinfo: sales }).replace(/</g, "\\u003c");
  const lines = [
    "(function(w,d,s){",
    "var nonce=d.currentScript&&d.currentScript.nonce;",
    "function add(src,attrs){var e=d.createElement('script');e.async=true;e.src=src;if(nonce)e.nonce=nonce;for(var k in attrs)e.setAttribute(k,attrs[k]);d.head.appendChild(e);}",
  ];
  if (gtm) {
    lines.push(
      "w.dataLayer=w.dataLayer||[];",
      "w.gtag=w.gtag||function(){w.dataLayer.push(arguments);};",
      "w.gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',functionality_storage:'denied',personalization_storage:'denied',security_storage:'granted',wait_for_update:500});",
      "w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});",
      `add('${GTM_SCRIPT}?id='+encodeURIComponent(s.gtm),{});`,
    );
  }
  lines.push("var tracking=false;", "function consent(){", "var c=w.Cookiebot&&w.Cookiebot.consent;if(!c)return;");
  if (gtm) {
    lines.push(
      "var m=c.marketing?'granted':'denied',p=c.preferences?'granted':'denied';",
      "w.gtag('consent','update',{ad_storage:m,ad_user_data:m,ad_personalization:m,analytics_storage:c.statistics?'granted':'denied',functionality_storage:p,personalization_storage:p});",
    );
  }
  if (sales) {
    lines.push(
      "if(c.marketing&&!tracking){tracking=true;",
      "w.GlobalLeadinfoNamespace=w.GlobalLeadinfoNamespace||[];w.GlobalLeadinfoNamespace.push('leadinfo');",
      "w.leadinfo=w.leadinfo||function(){(w.leadinfo.q=w.leadinfo.q||[]).push(arguments);};w.leadinfo.t=s.leadinfo;w.leadinfo.q=w.leadinfo.q||[];",
      `add('${LEADINFO_SCRIPT}',{});}`,
    );
  }
  lines.push(
    "}",
    // Cookiebot fires these on the visitor's choice, and on load for a choice made on an earlier visit
    "w.addEventListener('CookiebotOnAccept',consent);",
    "w.addEventListener('CookiebotOnDecline',consent);",
    `add('${COOKIEBOT_SCRIPT}',{id:'Cookiebot','data-cbid':s.cbid,'data-culture':s.culture,'data-consentmode-defaults':'disabled'});`,
    `})(window,document,${settings});`,
  );
  return lines.join("\n");
}

/**
 * Turnstile's loader: the widget script is fetched only once a visitor moves into the newsletter
 * form (first `focusin`), so pages nobody signs up on never contact Cloudflare's challenge, and
 * the visitor bundle carries none of it. The widget (an invisible one: its site key's type) is
 * rendered explicitly into a box of its own and writes its token into the hidden
 * `cf-turnstile-response` field there, which the form island sends along. A token is single-use:
 * after each submission the widget is reset for the next.
 */
export function turnstileLoader(config: ThirdPartyConfig, formAction: string): string | null {
  const { turnstile } = activeThirdParty(config);
  if (!turnstile) return null;
  const src = config.turnstileScript ?? TURNSTILE_SCRIPT;
  const settings = JSON.stringify({ key: turnstile, src, form: formAction }).replace(/</g, "\\u003c");
  return [
    "(function(w,d,s){",
    "var nonce=d.currentScript&&d.currentScript.nonce,box,started=false;",
    "function ours(t){return t&&t.form&&t.form.getAttribute('action')===s.form;}",
    "w.koraalTurnstile=function(){box=d.createElement('div');box.setAttribute('data-turnstile','');d.body.appendChild(box);",
    "w.turnstile.render(box,{sitekey:s.key,'expired-callback':function(){w.turnstile.reset(box);}});};",
    "d.addEventListener('focusin',function(e){if(started||!ours(e.target))return;started=true;",
    "var x=d.createElement('script');x.async=true;x.src=s.src+'?onload=koraalTurnstile&render=explicit';if(nonce)x.nonce=nonce;d.head.appendChild(x);});",
    "d.addEventListener('submit',function(e){if(box&&e.target.getAttribute('action')===s.form)setTimeout(function(){w.turnstile.reset(box);},500);});",
    `})(window,document,${settings});`,
  ].join("\n");
}

/** The loaders as nonced inline scripts, or nothing when no third-party script is on. */
export function ThirdPartyScripts({ config, nonce, lang }: { config: ThirdPartyConfig; nonce: string; lang: Lang }) {
  const code = thirdPartyLoader(config, lang);
  const turnstile = turnstileLoader(config, NEWSLETTER_FORM_PATH);
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an inline script must be raw text; the loader is built only from settings validated at start-up (readConfig), never from a request */}
      {code ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} /> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the same, for Turnstile's loader */}
      {turnstile ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: turnstile }} /> : null}
    </>
  );
}
