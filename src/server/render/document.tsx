import { type ReactNode, use } from "react";
import type { PartHtml } from "../../site/site-context";
import { partId } from "../../site/part-id";
import { pageGraph, type GraphInput } from "../../site/structured-data/graph";
import { jsonLdText } from "../../site/structured-data/serialise";
import { SHARE_IMAGE_SIZE } from "../../site/ui/image-url";
import { DEFAULT_LANG, OG_LOCALE, type Lang } from "../../shared/i18n/lang";
import type { PageType } from "../../shared/pages/page-types";
import { documentTitle, SITE_NAME } from "../../shared/pages/document-title";
import { entryLoader } from "./entry-loader";
import { renderToHtml } from "./stream";

export { documentTitle, SITE_NAME };
export const THEME_COLOR = "#FF7979";
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
  /** A visitor's page's type (`<meta name="page-type">`): what field measurements and the lab group by. */
  pageType?: PageType;
  /** The insights feed of the page's language (absolute URL), announced on every page. */
  feed: { href: string; title: string };
}

export interface DocumentAssets {
  buildId: string;
  stylesheet: string;
  /** The visitor bundle; absent in previews, which load their own. */
  script?: string;
  preload: string[];
  /** The field measurements' script (client/vitals.ts), on a visitor's page with a page type only. */
  vitals?: string;
}

/**
 * Where the request's CSP nonce goes in the head's HTML: the head is rendered with this in its
 * place (and kept in the memo that way) and gets the nonce on every request.
 */
export const NONCE_SLOT = "__request_nonce__";
/** Where the page view's token goes (`<meta name="view-token">`), per request like the nonce. */
export const VIEW_TOKEN_SLOT = "__view_token__";

/**
 * What is replaced: the whole attribute as React writes it. Text an editor typed can never come
 * out like this (React writes its quotes as `&quot;`), so a title naming the slot stays as typed.
 */
const NONCE_ATTRIBUTE = ` nonce="${NONCE_SLOT}"`;

export interface HeadProps {
  lang: Lang;
  meta: DocumentMeta;
  assets: DocumentAssets;
  /**
   * Scripts that must start early: the consent and tag manager loader, or the preview scripts, each
   * with `NONCE_SLOT` as its nonce (the request's goes in when the head is sent).
   */
  scripts: ReactNode;
  /**
   * What the page's JSON-LD graph is built from (data, not a callback): the graph is built and
   * serialised (`jsonLdText`) when the head is rendered, not when it comes from the memo. None on
   * error screens and previews.
   */
  graph?: GraphInput;
}

/**
 * The head's HTML: the same for every visitor of a page until the next publish except for the
 * nonce, so it is rendered on its own (once per isolate when there is a memo) with a slot where
 * the nonce goes. The first time, a promise: `Document` waits for it.
 */
export function documentHead(head: HeadProps, memo?: PartHtml): string | Promise<string> {
  const render = (lang = head.lang) => <DocumentHead {...head} lang={lang} />;
  // the memo's own scope (cache version, build, language) and the isolate's settings (third-party
  // scripts) aside, everything the head shows is in its metadata
  return memo ? memo(partId.head(head.meta), render) : renderToHtml(render());
}

/**
 * The HTML document around every page: in the page's language, themed, with SEO and sharing
 * metadata; the head comes from `documentHead` (made by the caller, so a retried render waits
 * for the same promise) and gets the request's nonce.
 */
export function Document({
  lang,
  skipLinkText,
  nonce,
  viewToken = "",
  head,
  children,
}: {
  lang: Lang;
  /** The skip link's text, in `lang`. */
  skipLinkText: string;
  nonce: string;
  /** The page view's token for its field measurements (src/server/vitals/view-token.ts); none: not measured. */
  viewToken?: string;
  /** `documentHead`'s answer. */
  head: string | Promise<string>;
  children: ReactNode;
}) {
  const html = (typeof head === "string" ? head : use(head))
    .replaceAll(NONCE_ATTRIBUTE, ` nonce="${nonce}"`)
    .replace(VIEW_TOKEN_SLOT, viewToken);
  return (
    <html lang={lang}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the head below */}
      <head dangerouslySetInnerHTML={{ __html: html }} />
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

/**
 * The head's elements. React writes them in its own order (charset and viewport first, the
 * stylesheet last); the page's image preloads follow them, from the streaming render.
 */
function DocumentHead({ lang, meta, assets, scripts, graph }: HeadProps) {
  const fullTitle = documentTitle(meta.title);
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {scripts}
      <title>{fullTitle}</title>
      {meta.description ? <meta name="description" content={meta.description} /> : null}
      <meta name="robots" content={meta.robots} />
      <meta name="theme-color" content={THEME_COLOR} />
      {meta.canonical ? <link rel="canonical" href={meta.canonical} /> : null}
      {meta.alternates.length > 1 ? <HreflangLinks alternates={meta.alternates} /> : null}
      <link rel="alternate" type="application/atom+xml" title={meta.feed.title} href={meta.feed.href} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta name="build-id" content={assets.buildId} />
      {meta.pageType ? <meta name="page-type" content={meta.pageType} /> : null}
      {meta.pageType ? <meta name="view-token" content={VIEW_TOKEN_SLOT} /> : null}
      <link rel="stylesheet" href={assets.stylesheet} />
      {assets.script ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's file names, written by entryLoader as a JSON array
        <script nonce={NONCE_SLOT} dangerouslySetInnerHTML={{ __html: entryLoader([...assets.preload, assets.script]) }} />
      ) : null}
      {/* Field measurements from the start (a slow view left early is measured too: decision 032),
          fetched at low priority while the page parses: no error screen (no page type), no preview */}
      {assets.script && assets.vitals && meta.pageType ? (
        <script type="module" src={assets.vitals} async fetchPriority="low" nonce={NONCE_SLOT} />
      ) : null}
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
      {graph ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON whose <, > and & are escaped (jsonLdText), so it cannot end the element
        <script type="application/ld+json" nonce={NONCE_SLOT} dangerouslySetInnerHTML={{ __html: jsonLdText(pageGraph(graph)) }} />
      ) : null}
    </>
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
