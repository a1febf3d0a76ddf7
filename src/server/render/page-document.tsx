import type { ReactNode } from "react";
import type { Theme } from "../content/theme";
import type { Story } from "../../shared/content";
import type { ThirdPartyConfig } from "../env";
import type { Logger } from "../../shared/log";
import { PREVIEW_ROOT_ATTRIBUTE, themeSite, type PreviewProps } from "../../site/preview-props";
import { buildManifest } from "./assets";
import { DEFAULT_SHARE_IMAGE, Document, documentHead, SITE_NAME } from "./document";
import { SiteProvider, type PartHtml, type SiteContextValue } from "../../site/site-context";
import { SiteShell } from "../../site/site-shell";
import { Block } from "../../site/blocks/dispatch";
import { ThirdPartyScripts } from "./third-party";
import { shareImage } from "../../site/ui/image-url";
import { defaultAlternates, dictionary, type Lang, type LangAlternate } from "../../shared/i18n";
import { partHtmlFor, type RequestParts } from "./html-memo";

/**
 * A page in the visual editor: the bridge script to load, and the story the preview bundle
 * re-renders (the rest of its props is this page's theme and site context).
 */
export interface PreviewPage extends Pick<PreviewProps, "kind" | "storyId" | "content" | "listings" | "resolveRelations"> {
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
  thirdParty: ThirdPartyConfig;
  nonce: string;
  /** The year it is (the request's clock). */
  year: number;
  children: ReactNode;
}

/**
 * Who the page is for: an editor's preview (the preview bundle's props, never the memo) or a
 * visitor (the request's memo of HTML parts, when everything shown comes from one cache version).
 */
export type Audience = { preview: PreviewPage; parts?: never } | { preview?: never; parts?: RequestParts };

export type PageDocumentInput = DocumentInput & Audience;

/** Header + routed page + footer inside the document, with the request's site context. */
export function PageDocument(input: PageDocumentInput) {
  const { preview, nonce } = input;
  const { site, headMemo } = siteContext(input);
  const shell = (
    <SiteShell header={input.theme?.header} footer={input.theme?.footer}>
      {input.children}
    </SiteShell>
  );
  const head = documentHead(
    {
      lang: site.lang,
      meta: documentMeta(input, site),
      assets: {
        buildId: buildManifest.buildId,
        stylesheet: buildManifest.stylesheet,
        // an editor's page runs the preview bundle alone: the visitor bundle's link prefetching,
        // build check and island hydration have no place in the editor
        script: preview ? undefined : buildManifest.scripts.app,
        preload: preview ? [] : buildManifest.scripts.preload,
      },
      head: (slot) =>
        preview ? (
          <>
            {/* deferred scripts run in order: the bridge exists when the preview bundle subscribes */}
            <script src={preview.bridge} defer nonce={slot} />
            <script type="module" src={buildManifest.scripts.preview} nonce={slot} />
          </>
        ) : (
          <ThirdPartyScripts config={input.thirdParty} nonce={slot} lang={site.lang} />
        ),
    },
    headMemo,
  );
  return (
    <Document lang={site.lang} skipLinkText={site.t.document.skipToContent} nonce={nonce} head={head}>
      <SiteProvider value={site}>
        {preview ? (
          // the preview bundle hydrates this root (header, page, footer) and re-renders it on every edit
          <div {...{ [PREVIEW_ROOT_ATTRIBUTE]: "" }} data-props={JSON.stringify(previewProps(input, preview, site))} className="contents">
            {shell}
          </div>
        ) : (
          shell
        )}
      </SiteProvider>
    </Document>
  );
}

/** The request's site context; a visitor's reads its HTML parts from the memo, and so does its document head. */
function siteContext(input: PageDocumentInput): { site: SiteContextValue; headMemo?: PartHtml } {
  const { url, theme, preview, parts } = input;
  const { lang } = input;
  const site: SiteContextValue = {
    ...(preview ? themeSite(theme) : keptFor(themeSites, theme, themeSite)),
    lang,
    t: dictionary(lang),
    alternates: switcherTargets(lang, input.translations ?? []),
    relations: preview ? relationsOf(input.rels) : keptFor(relationMaps, input.rels, relationsOf),
    listings: input.listings ?? new Map(),
    logger: input.logger,
    path: url.pathname,
    ...(input.canonical === false ? { notAPage: true } : {}),
    search: url.search,
    year: input.year,
    preview: Boolean(preview),
    Block,
    ...(preview ? { editing: preview.storyId } : {}),
  };
  if (!parts) return { site };
  // the blocks' `<Memo>`s are in the stream (their parts go in as bytes); the head is a string (its nonce goes in per request)
  const { html, streamed } = partHtmlFor(parts, site);
  Object.assign(site, { parts: streamed, bodyPart: parts.body });
  return { site, headMemo: html };
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

/** What the preview bundle needs to render the page again in the browser. */
function previewProps(input: PageDocumentInput, preview: PreviewPage, site: SiteContextValue): PreviewProps {
  return {
    kind: preview.kind,
    storyId: preview.storyId,
    content: preview.content,
    theme: input.theme ?? { customers: [] },
    rels: input.rels ?? [],
    listings: preview.listings,
    path: site.path,
    search: site.search,
    year: site.year,
    lang: site.lang,
    alternates: site.alternates,
    resolveRelations: preview.resolveRelations,
  };
}

/** Title, description, canonical and language alternates, robots and the sharing image. */
function documentMeta(input: PageDocumentInput, site: SiteContextValue) {
  const { origin } = input;
  const image = shareImage(input.image, DEFAULT_SHARE_IMAGE);
  return {
    title: input.title ?? SITE_NAME,
    description: input.description,
    canonical: input.canonical === false ? undefined : origin + (input.canonicalPath ?? site.path),
    alternates: (input.translations ?? []).map(({ lang, href }) => ({ lang, href: origin + href })),
    robots: input.robots,
    image: { src: image.src.startsWith("http") ? image.src : origin + image.src, sized: image.sized },
  };
}

/** Where the switcher leads: the same page in each other language where it exists, else that language's home. */
function switcherTargets(lang: Lang, translations: readonly LangAlternate[]): LangAlternate[] {
  return defaultAlternates(lang).map((home) => translations.find((page) => page.lang === home.lang) ?? home);
}
