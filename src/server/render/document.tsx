import type { ReactNode } from "react";
import { SHARE_IMAGE_SIZE } from "../../site/ui/image-url";
import { DEFAULT_LANG, OG_LOCALE, type Lang } from "../../shared/i18n/lang";

export const THEME_COLOR = "#FF7979";
export const SITE_NAME = "Koraal";
export const DEFAULT_SHARE_IMAGE = "/images/og-banner.png";

export interface DocumentMeta {
  title: string;
  description?: string;
  /** Absolute canonical URL; none for an error screen. */
  canonical?: string;
  /** Absolute URL of the page in each language it exists in (hreflang); empty for an error screen. */
  alternates: Array<{ lang: Lang; href: string }>;
  robots: string;
  /** Absolute URL of the social-sharing image; `sized` when it is known to be 1200x630. */
  image: { src: string; sized: boolean };
}

const NAMES_BRAND = new RegExp(`\\b${SITE_NAME}\\b`);

/** "Diensten" -> "Diensten | Koraal"; a title that already names the brand is kept as it is. */
export function documentTitle(title: string | undefined): string {
  if (!title?.trim()) return SITE_NAME;
  return NAMES_BRAND.test(title) ? title : `${title} | ${SITE_NAME}`;
}

export interface DocumentAssets {
  buildId: string;
  stylesheet: string;
  script: string;
  preload: string[];
}

/** The HTML document around every page: in the page's language, themed, with SEO and sharing metadata. */
export function Document({
  lang,
  skipLinkText,
  meta,
  assets,
  nonce,
  head,
  children,
}: {
  lang: Lang;
  /** The skip link's text, in `lang`. */
  skipLinkText: string;
  meta: DocumentMeta;
  assets: DocumentAssets;
  nonce: string;
  /** Scripts that must start early: the consent and tag manager loader, or the preview scripts. */
  head?: ReactNode;
  children: ReactNode;
}) {
  const fullTitle = documentTitle(meta.title);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
        <title>{fullTitle}</title>
        {meta.description ? <meta name="description" content={meta.description} /> : null}
        <meta name="robots" content={meta.robots} />
        <meta name="theme-color" content={THEME_COLOR} />
        {meta.canonical ? <link rel="canonical" href={meta.canonical} /> : null}
        {meta.alternates.length > 1 ? <HreflangLinks alternates={meta.alternates} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <meta name="build-id" content={assets.buildId} />
        <link rel="stylesheet" href={assets.stylesheet} />
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
        <script type="module" src={assets.script} async nonce={nonce} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:locale" content={OG_LOCALE[lang]} />
        {meta.alternates
          .filter((alternate) => alternate.lang !== lang)
          .map((alternate) => (
            <meta key={alternate.lang} property="og:locale:alternate" content={OG_LOCALE[alternate.lang]} />
          ))}
        <meta property="og:title" content={fullTitle} />
        {meta.description ? <meta property="og:description" content={meta.description} /> : null}
        {meta.canonical ? <meta property="og:url" content={meta.canonical} /> : null}
        <meta property="og:image" content={meta.image.src} />
        {meta.image.sized ? <meta property="og:image:width" content={String(SHARE_IMAGE_SIZE.width)} /> : null}
        {meta.image.sized ? <meta property="og:image:height" content={String(SHARE_IMAGE_SIZE.height)} /> : null}
        <meta name="twitter:card" content="summary_large_image" />
      </head>
      <body className="min-h-screen flex flex-col bg-white text-ink">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-ink focus:px-5 focus:py-3 focus:text-white"
        >
          {skipLinkText}
        </a>
        {children}
      </body>
    </html>
  );
}

/** One link per language the page exists in, and x-default: the Dutch page (the site's root language). */
function HreflangLinks({ alternates }: { alternates: DocumentMeta["alternates"] }) {
  const fallback = alternates.find((alternate) => alternate.lang === DEFAULT_LANG) ?? alternates[0];
  return (
    <>
      {alternates.map((alternate) => (
        <link key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.href} />
      ))}
      {fallback ? <link rel="alternate" hrefLang="x-default" href={fallback.href} /> : null}
    </>
  );
}
