import type { ReactNode } from "react";
import { TwFooter, type TwFooterBlok } from "../blocks/tw-footer";
import { TwMenu, headerModel, type TwMenuBlok } from "../blocks/tw-menu";
import type { Theme } from "../content/theme";
import type { Story } from "../content/types";
import type { Logger } from "../log";
import { buildManifest } from "./assets";
import { DEFAULT_SHARE_IMAGE, Document, SITE_NAME } from "./document";
import { SiteProvider, type CustomerBlok, type SiteContextValue } from "./site-context";

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
  preview?: boolean;
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
    socials: theme?.header ? headerModel(theme.header as TwMenuBlok).socials : [],
    preview: input.preview ?? false,
  };
  const image = input.image ?? DEFAULT_SHARE_IMAGE;
  return (
    <Document
      meta={{
        title: input.title ?? SITE_NAME,
        description: input.description,
        canonical: origin + path,
        robots: input.robots,
        image: image.startsWith("http") ? image : origin + image,
      }}
      nonce={input.nonce}
      assets={{
        buildId: buildManifest.buildId,
        stylesheet: buildManifest.stylesheet,
        script: buildManifest.scripts.app,
        preload: buildManifest.scripts.preload,
      }}
    >
      <SiteProvider value={site}>
        {theme?.header ? <TwMenu blok={theme.header as TwMenuBlok} /> : null}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {input.children}
        </main>
        {theme?.footer ? <TwFooter blok={theme.footer as TwFooterBlok} /> : null}
      </SiteProvider>
    </Document>
  );
}
