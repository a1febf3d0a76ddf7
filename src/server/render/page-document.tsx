import type { ReactNode } from "react";
import type { Theme } from "../content/theme";
import type { Story } from "../../shared/content";
import type { ThirdPartyConfig } from "../env";
import type { Logger } from "../../shared/log";
import type { PageType } from "../../shared/pages/page-types";
import { PREVIEW_ROOT_ATTRIBUTE, previewSite, type PreviewProps } from "../../site/preview-props";
import { buildManifest } from "./assets";
import { DEFAULT_SHARE_IMAGE, Document, documentHead, NONCE_SLOT, SITE_NAME, type HeadProps } from "./document";
import { visitorAudience } from "../../site/audience";
import { SiteProvider, type PartHtml, type SiteContextValue } from "../../site/site-context";
import { SiteShell } from "../../site/site-shell";
import { Block } from "../../site/blocks/dispatch";
import { shownConsent } from "../../shared/newsletter-consent";
import { themeSite } from "../../site/theme-site";
import { ThirdPartyScripts } from "./third-party";
import { shareImage } from "../../site/ui/image-url";
import { defaultAlternates, dictionary, type Lang, type LangAlternate } from "../../shared/i18n";
import { partHtmlFor, type RequestParts } from "./html-memo";
import type { Crumb, GraphInput } from "../../site/structured-data/graph";
import { feedPath } from "./atom-feed";

/**
 * A page in the visual editor: the bridge script to load, and the story the preview bundle
 * re-renders (the rest of its props is this page's theme and site context).
 */
export interface PreviewPage extends Pick<PreviewProps, "kind" | "storyId" | "content" | "listings" | "resolveRelations" | "health"> {
  bridge: string;
}

export interface DocumentInput {
  url: URL;
  /** Origin for canonical and sharing URLs (SITE_URL, else the request's). */
  origin: string;
  robots: string;
  theme?: Theme;
  title?: string;
  description?: string;
  image?: string;
  /** False for an answer that is not a page of its own (the error screen): no canonical or og:url. */
  canonical?: false;
  rels?: Story[];
  listings?: SiteContextValue["listings"];
  logger: Logger;
  /** The page's own path (from the story's full_slug), for the canonical link; default the request's path. */
  canonicalPath?: string;
  /** The document's language: the path's, or the one an editor's preview edits (the request's `lang`). */
  lang: Lang;
  /** The page in every language it is published in, itself included (hreflang, the switcher); unknown: none. */
  translations?: LangAlternate[];
  nonce: string;
  /** The year it is (the request's clock). */
  year: number;
  /** HubSpot confirms signups by email first (HUBSPOT_DOUBLE_OPT_IN): the form's success message says so. */
  doubleOptIn?: boolean;
  /** What the page's JSON-LD graph is built from: its story and the pages above it (a visitor's page only). */
  structuredData?: { story: Story; ancestors: Crumb[]; teamPath?: string };
  /** A visitor's page's type (none for an error screen): field measurements are grouped by it. */
  pageType?: PageType;
  /** The page view's token (a visitor's page with a type only): its beacon is taken only with it. */
  viewToken?: string;
  children: ReactNode;
}

/**
 * Who a page is for, decided once by the page route (`previewAccess`) and carried from there as the
 * document's type: a visitor's page (`PageDocument`: the request's memo of HTML parts, when
 * everything shown comes from one cache version; the site's third-party scripts) or an editor's
 * preview (`PreviewDocument`: the preview bundle's props, never the memo). Neither asks again.
 */
export type VisitorDocumentInput = DocumentInput & { thirdParty: ThirdPartyConfig; parts?: RequestParts };
export type EditorDocumentInput = DocumentInput & { preview: PreviewPage };

/** A visitor's page: header + routed page + footer inside the document, with the request's site context and memo. */
export function PageDocument(input: VisitorDocumentInput) {
  const site = visitorSite(input);
  let headMemo: PartHtml | undefined;
  if (input.parts) {
    // the blocks' `<Memo>`s are in the stream (their parts go in as bytes); the head is a string (its nonce goes in per request)
    const { html, streamed } = partHtmlFor(input.parts, site);
    Object.assign(site, { parts: streamed, bodyPart: input.parts.body });
    headMemo = html;
  }
  const scripts = <ThirdPartyScripts config={input.thirdParty} nonce={NONCE_SLOT} lang={site.lang} />;
  const assets = { script: buildManifest.scripts.app, preload: buildManifest.scripts.preload, vitals: buildManifest.scripts.vitals };
  const head = documentHead({ ...headOf(input, site, assets, scripts), graph: graphOf(input) }, headMemo);
  return (
    <Document lang={site.lang} skipLinkText={site.t.document.skipToContent} nonce={input.nonce} viewToken={input.viewToken} head={head}>
      <SiteProvider value={site}>{shellOf(input)}</SiteProvider>
    </Document>
  );
}

/**
 * An editor's preview: the same shell inside the root the preview bundle hydrates and re-renders
 * on every edit, with its props as JSON; the bridge and the preview bundle only (the visitor
 * bundle's link prefetching, build check and island hydration have no place in the editor).
 */
export function PreviewDocument(input: EditorDocumentInput) {
  const { preview } = input;
  const props = previewProps(input);
  const site = previewSite(props, props.theme, input.logger, dictionary(input.lang), Block);
  const scripts = (
    <>
      {/* deferred scripts run in order: the bridge exists when the preview bundle subscribes */}
      <script src={preview.bridge} defer nonce={NONCE_SLOT} />
      <script type="module" src={buildManifest.scripts.preview} nonce={NONCE_SLOT} />
    </>
  );
  const head = documentHead(headOf(input, site, { preload: [] }, scripts));
  return (
    <Document lang={site.lang} skipLinkText={site.t.document.skipToContent} nonce={input.nonce} viewToken={input.viewToken} head={head}>
      <SiteProvider value={site}>
        <div {...{ [PREVIEW_ROOT_ATTRIBUTE]: "" }} data-props={JSON.stringify(props)} className="contents">
          {shellOf(input)}
        </div>
      </SiteProvider>
    </Document>
  );
}

/**
 * What the page's JSON-LD graph is built from, as data: the head builds the graph only when it is
 * rendered (a head taken from the memo already has it).
 */
function graphOf(input: DocumentInput): GraphInput | undefined {
  const { structuredData, canonical, origin, lang } = input;
  if (!structuredData || canonical === false) return undefined;
  return {
    origin,
    lang,
    canonical: origin + (input.canonicalPath ?? input.url.pathname),
    title: input.title ?? SITE_NAME,
    description: input.description,
    story: structuredData.story,
    theme: input.theme,
    ancestors: structuredData.ancestors,
    siteName: SITE_NAME,
    teamPath: structuredData.teamPath,
  };
}

function shellOf(input: DocumentInput) {
  return (
    <SiteShell header={input.theme?.header} footer={input.theme?.footer}>
      {input.children}
    </SiteShell>
  );
}

/** What the head says: the page's metadata, the build's assets and the audience's early scripts. */
function headOf(
  input: DocumentInput,
  site: SiteContextValue,
  scriptAssets: Pick<HeadProps["assets"], "script" | "preload">,
  scripts: ReactNode,
): HeadProps {
  const assets = { buildId: buildManifest.buildId, stylesheet: buildManifest.stylesheet, ...scriptAssets };
  return { lang: site.lang, meta: documentMeta(input, site), assets, scripts };
}

/** A visitor's site context; what it derives from the theme and the relations is kept with them. */
function visitorSite(input: VisitorDocumentInput): SiteContextValue {
  const { url, lang } = input;
  return {
    ...keptFor(themeSites, input.theme, themeSite),
    lang,
    t: dictionary(lang),
    alternates: switcherTargets(lang, input.translations ?? []),
    relations: keptFor(relationMaps, input.rels, relationsOf),
    listings: input.listings ?? new Map(),
    logger: input.logger,
    path: url.pathname,
    ...(input.canonical === false ? { notAPage: true } : {}),
    search: url.search,
    year: input.year,
    doubleOptIn: input.doubleOptIn,
    audience: visitorAudience,
    Block,
  };
}

const relationsOf = (rels: Story[] | undefined) => new Map((rels ?? []).map((story) => [story.uuid, story]));

// A visitor's theme and relations are objects of the isolate's parsed cache (one per cache version):
// what the site context derives from them is kept with them, not made again on every request.
const themeSites = new WeakMap<object, ReturnType<typeof themeSite>>();
const relationMaps = new WeakMap<object, SiteContextValue["relations"]>();

function keptFor<K, V>(kept: WeakMap<object, V>, key: K | undefined, make: (key: K | undefined) => V): V {
  if (key === undefined) return make(key);
  let value = kept.get(key as object);
  if (value === undefined) {
    value = make(key);
    kept.set(key as object, value);
  }
  return value;
}

/** What the preview bundle needs to render the page again in the browser; the server's render is made from the same. */
function previewProps(input: EditorDocumentInput): PreviewProps {
  const { preview, url, lang } = input;
  return {
    kind: preview.kind,
    storyId: preview.storyId,
    content: preview.content,
    theme: input.theme ?? { customers: [], newsletterConsent: shownConsent(undefined, lang) },
    rels: input.rels ?? [],
    listings: preview.listings,
    path: url.pathname,
    search: url.search,
    year: input.year,
    doubleOptIn: input.doubleOptIn,
    lang,
    alternates: switcherTargets(lang, input.translations ?? []),
    resolveRelations: preview.resolveRelations,
    health: preview.health,
  };
}

/** Title, description, canonical and language alternates, robots and the sharing image. */
function documentMeta(input: DocumentInput, site: SiteContextValue) {
  const { origin } = input;
  const image = shareImage(input.image, DEFAULT_SHARE_IMAGE);
  return {
    title: input.title ?? SITE_NAME,
    description: input.description,
    canonical: input.canonical === false ? undefined : origin + (input.canonicalPath ?? site.path),
    alternates: (input.translations ?? []).map(({ lang, href }) => ({ lang, href: origin + href })),
    robots: input.robots,
    image: { src: image.src.startsWith("http") ? image.src : origin + image.src, sized: image.sized },
    pageType: input.pageType,
    feed: { href: origin + feedPath(site.lang), title: site.t.insights.feedTitle },
  };
}

/** Where the switcher leads: the same page in each other language where it exists, else that language's home. */
function switcherTargets(lang: Lang, translations: readonly LangAlternate[]): LangAlternate[] {
  return defaultAlternates(lang).map((home) => translations.find((page) => page.lang === home.lang) ?? home);
}
