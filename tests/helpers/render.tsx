import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { Block } from "../../src/site/blocks/blocks";
import type { Listing } from "../../src/site/blocks/listings";
import type { Blok, Story } from "../../src/shared/content";
import { createLogger, type LogLevel } from "../../src/shared/log";
import { SiteProvider, type CustomerBlok } from "../../src/site/site-context";
import { defaultAlternates, dictionary, type Lang } from "../../src/shared/i18n";

export interface RenderOptions {
  customers?: CustomerBlok[];
  relations?: Story[];
  /** Listing results by blok `_uid`, as the page route would load them. */
  listings?: Record<string, Listing>;
  path?: string;
  /** The page's language (default Dutch): the site context's `lang`, `t` and `alternates`. */
  lang?: Lang;
  search?: string;
}

export interface Rendered {
  html: string;
  logs: Array<{ level: LogLevel; event: string; [key: string]: unknown }>;
}

/** Renders one blok through the registry, exactly as a page would (Suspense resolved), and captures logs. */
export async function renderBlok(blok: Blok, options: RenderOptions = {}): Promise<Rendered> {
  return renderNode(<Block blok={blok} />, options);
}

export async function renderNode(node: ReactNode, options: RenderOptions = {}): Promise<Rendered> {
  const logs: Rendered["logs"] = [];
  const logger = createLogger({ level: "debug", sink: (_level, line) => logs.push(JSON.parse(line)) });
  const stream = await renderToReadableStream(
    <SiteProvider
      value={{
        customers: options.customers ?? [],
        relations: new Map((options.relations ?? []).map((s) => [s.uuid, s])),
        listings: new Map(Object.entries(options.listings ?? {}).map(([uid, listing]) => [uid, Promise.resolve(listing)])),
        logger,
        lang: options.lang ?? "nl",
        t: dictionary(options.lang ?? "nl"),
        alternates: defaultAlternates(options.lang ?? "nl"),
        path: options.path ?? "/",
        search: options.search ?? "",
        socials: [],
        preview: false,
      }}
    >
      {node}
    </SiteProvider>,
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  return { html, logs };
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
