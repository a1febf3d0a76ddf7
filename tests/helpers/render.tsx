import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { editorAudience, visitorAudience } from "../../src/site/audience";
import { Block } from "../../src/site/blocks/dispatch";
import type { Listing } from "../../src/shared/listings/listings";
import type { Story } from "../../src/shared/content";
import type { StoredBlok } from "./stored";
import { createLogger, type LogLevel } from "../../src/shared/log";
import { SiteProvider, type CustomerBlok, type SiteContextValue } from "../../src/site/site-context";
import { defaultAlternates, dictionary, type Lang } from "../../src/shared/i18n";

export interface RenderOptions {
  /** The customers store, as the theme story stores it. */
  customers?: StoredBlok[];
  relations?: Story[];
  /** Listing results by blok `_uid`, as the page route would load them. */
  listings?: Record<string, Listing>;
  path?: string;
  /** The page's language (default Dutch): the site context's `lang`, `t` and `alternates`. */
  lang?: Lang;
  search?: string;
  /** A visual-editor preview (default: a visitor). */
  preview?: boolean;
}

export interface Rendered {
  html: string;
  logs: Array<{ level: LogLevel; event: string; [key: string]: unknown }>;
}

/** Renders one blok through the registry, exactly as a page would (Suspense resolved), and captures logs. */
export async function renderBlok(blok: StoredBlok, options: RenderOptions = {}): Promise<Rendered> {
  return renderNode(<Block blok={blok} />, options);
}

export async function renderNode(node: ReactNode, options: RenderOptions = {}): Promise<Rendered> {
  const logs: Rendered["logs"] = [];
  const logger = createLogger({ level: "debug", sink: (_level, line) => logs.push(JSON.parse(line)) });
  const lang = options.lang ?? "nl";
  const site = siteContext({
    customers: (options.customers ?? []) as CustomerBlok[],
    relations: new Map((options.relations ?? []).map((s) => [s.uuid, s])),
    listings: new Map(Object.entries(options.listings ?? {}).map(([uid, listing]) => [uid, Promise.resolve(listing)])),
    logger,
    lang,
    t: dictionary(lang),
    alternates: defaultAlternates(lang),
    path: options.path ?? "/",
    search: options.search ?? "",
    audience: options.preview ? editorAudience() : visitorAudience,
  });
  const stream = await renderToReadableStream(<SiteProvider value={site}>{node}</SiteProvider>);
  await stream.allReady;
  const html = await new Response(stream).text();
  return { html, logs };
}

/**
 * A site context as a page builds one, with the real dispatcher: a Dutch visitor's request for
 * "/" with nothing resolved and a silent logger, but for `overrides`.
 */
export function siteContext(overrides: Partial<SiteContextValue> = {}): SiteContextValue {
  return {
    lang: "nl",
    t: dictionary("nl"),
    alternates: defaultAlternates("nl"),
    customers: [],
    relations: new Map(),
    listings: new Map(),
    logger: createLogger({ level: "error", sink: () => {} }),
    path: "/",
    search: "",
    socials: [],
    year: new Date().getUTCFullYear(),
    audience: visitorAudience,
    Block,
    ...overrides,
  };
}

/** Visible text of rendered HTML, whitespace collapsed: what a visitor reads. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
