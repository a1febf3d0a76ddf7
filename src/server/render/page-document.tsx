import type { ReactNode } from "react";
import { TwFooter, type TwFooterBlok } from "../../site/blocks/tw-footer";
import { TwMenu, links, type TwMenuBlok } from "../../site/blocks/tw-menu";
import type { Theme } from "../content/theme";
import type { Story } from "../../shared/content";
import type { ThirdPartyConfig } from "../env";
import type { Logger } from "../../shared/log";
import { PREVIEW_ROOT_ATTRIBUTE, type PreviewProps } from "../../site/preview-props";
import { buildManifest } from "./assets";
import { DEFAULT_SHARE_IMAGE, Document, SITE_NAME } from "./document";
import { SiteProvider, type CustomerBlok, type SiteContextValue } from "../../site/site-context";
import { ThirdPartyScripts } from "./third-party";

/**
 * A page in the visual editor: the bridge script to load, and the story the preview bundle
 * re-renders (the rest of its props is this page's site context).
 */
export interface PreviewPage extends Pick<PreviewProps, "storyId" | "content" | "listings" | "resolveRelations"> {
  bridge: string;
}

export interface PageDocumentInput {
  url: URL;
  /** Origin for canonical and sharing URLs (SITE_URL, else the request's). */
  origin: string;
  robots: string;
  theme?: Theme;
  title?: string;
  description?: string;
  image?: string;
  rels?: Story[];
  listings?: SiteContextValue["listings"];
  logger: Logger;
  /** Set for a valid visual-editor preview link only. */
  preview?: PreviewPage;
  /** The page's own path (from the story's full_slug), for the canonical link; default the request's path. */
  canonicalPath?: string;
  thirdParty: ThirdPartyConfig;
  nonce: string;
  children: ReactNode;
}

/** Header + routed page + footer inside the document, with the request's site context. */
export function PageDocument(input: PageDocumentInput) {
  const { url, origin, theme } = input;
  const path = url.pathname;
  const site: SiteContextValue = {
    customers: (theme?.customers ?? []) as CustomerBlok[],
    relations: new Map((input.rels ?? []).map((story) => [story.uuid, story])),
    listings: input.listings ?? new Map(),
    logger: input.logger,
    path,
    search: url.search,
    socials: links((theme?.header as TwMenuBlok | undefined)?.socials),
    preview: Boolean(input.preview),
  };
  const { preview, nonce } = input;
  const previewProps: PreviewProps | undefined = preview && {
    storyId: preview.storyId,
    content: preview.content,
    rels: input.rels ?? [],
    listings: preview.listings,
    customers: site.customers,
    socials: site.socials,
    path: site.path,
    search: site.search,
    resolveRelations: preview.resolveRelations,
  };
  const image = input.image ?? DEFAULT_SHARE_IMAGE;
  return (
    <Document
      meta={{
        title: input.title ?? SITE_NAME,
        description: input.description,
        canonical: origin + (input.canonicalPath ?? path),
        robots: input.robots,
        image: image.startsWith("http") ? image : origin + image,
      }}
      nonce={nonce}
      assets={{
        buildId: buildManifest.buildId,
        stylesheet: buildManifest.stylesheet,
        script: buildManifest.scripts.app,
        preload: buildManifest.scripts.preload,
      }}
      head={
        preview ? (
          <>
            {/* deferred scripts run in order: the bridge exists when the preview bundle subscribes */}
            <script src={preview.bridge} defer nonce={nonce} />
            <script type="module" src={buildManifest.scripts.preview} nonce={nonce} />
          </>
        ) : (
          <ThirdPartyScripts config={input.thirdParty} nonce={nonce} />
        )
      }
    >
      <SiteProvider value={site}>
        {theme?.header ? <TwMenu blok={theme.header as TwMenuBlok} /> : null}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {preview ? (
            // the preview bundle hydrates this root and re-renders it on every edit
            <div {...{ [PREVIEW_ROOT_ATTRIBUTE]: "" }} data-props={JSON.stringify(previewProps)} className="contents">
              {input.children}
            </div>
          ) : (
            input.children
          )}
        </main>
        {theme?.footer ? <TwFooter blok={theme.footer as TwFooterBlok} /> : null}
      </SiteProvider>
    </Document>
  );
}
