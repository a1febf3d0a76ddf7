import { Hono, type Context } from "hono";
import { ContentError } from "../content";
import { loadPage, pageListings, type LoadedPage, type PageRequest } from "../content/page";
import { RESOLVE_RELATIONS } from "../content/relations";
import { goneKey } from "../content/localise";
import { ancestorsOf, pagePathIn, pathOfSlug, type PageIndex } from "../content/routable";
import type { Timer } from "../../shared/dates/deadline";
import { isDataSlug, isPageStory, pageTypeOf, storyKind, type StoryKind } from "../../shared/pages/page-types";
import { storySlugForPath } from "../../shared/links/story-path";
import { pageSeo } from "../../shared/pages/page-seo";
import { DEFAULT_LANG, isLang, localisedPath, splitLangPath, type Lang } from "../../shared/i18n/lang";
import type { PreviewHealth } from "../../site/preview-props";
import { listingPage } from "../../shared/listings/listings";
import { isClosed } from "../../shared/vacancy/vacancy";
import { dictionary } from "../../shared/i18n";
import { StoryBody } from "../../site/story-body";
import { partId } from "../../site/part-id";
import type { BlokOf, RootComponentName } from "../../site/blocks/types";
import { previewAccess } from "../preview/token";
import type { AppBindings } from "../request-context";
import { respondWithError, respondWithPage, respondWithPreview, type PageInput } from "../render/respond";
import { assetMiss, isAssetLike } from "./asset-miss";
import { noRouteMatches, noRouteMessage, pageValidationFailed, pageValidationMessage } from "./http-error";

type Ctx = Context<AppBindings>;

/** The team page (the folder of team members' start page): where an article's author is introduced. */
const TEAM_PAGE_SLUG = "team/";

/** The visual editor names the language being edited in the preview URL. */
export const PREVIEW_LANG_PARAM = "_storyblok_lang";

export interface PageRouteDeps {
  /** The clock preview links are checked against. */
  now: () => number;
  /** How the listings' grace period waits (default: real time). */
  timer?: Timer;
}

/**
 * Every other path is a page from the CMS. One request, one direction: decide who asks (once) ->
 * find the story -> load the page (content/page.ts) -> render and respond (render/respond.tsx).
 */
export function createPageRoutes(deps: PageRouteDeps) {
  const pages = new Hono<AppBindings>();
  pages.get("*", async (c) => {
    const requested = decodeURIComponent(c.get("url").pathname);
    if (isAssetLike(requested)) return assetMiss(c, requested);
    // Only a valid visual-editor link sees drafts (uncached) and data stories; anyone else is a visitor.
    const editor = await previewAccess(c.get("url"), { ...c.get("visualEditor"), now: deps.now() });
    if (editor) c.set("editor", true);
    return editor ? editorPage(c, requested) : visitorPage(c, requested, deps);
  });
  pages.all("*", (c) => respondWithError(c, 405, "Method Not Allowed", { Allow: "GET, HEAD" }));
  return pages;
}

/**
 * A visitor's page: published content only, one URL per page; rendered with HTML parts from the
 * isolate's memo, its listings asked for only when the memo lacks its body (render/respond.tsx).
 */
async function visitorPage(c: Ctx, requested: string, deps: PageRouteDeps): Promise<Response> {
  const url = c.get("url");
  const { lang, path } = splitLangPath(requested);
  const index = await c.get("content").pageIndex();
  const target = visitorTarget(path, lang, index);
  // a path no page has is an answer, not a failure: no error to throw, catch and build a stack for
  if (target === "invalid") return respondWithError(c, 404, pageValidationMessage(requested));
  if (target === "unknown") return respondWithError(c, 404, noRouteMessage(requested));
  // One URL per page: another spelling of it (percent-encoded letters) is sent to the real one.
  if (url.pathname !== target.path) return c.redirect(target.path + url.search, 301);
  const request: PageRequest = {
    slug: target.slug,
    lang: target.lang,
    version: "published",
    index,
    listingPage: listingPage(url.searchParams),
    now: c.get("now")(),
  };
  const loaded = await load(c, requested, request);
  if (!isPageStory(loaded.story)) throw pageValidationFailed(requested);
  // a vacancy past its closing date is gone from the moment it closes, by the request's clock
  if (isClosed(loaded.story, request.now)) return respondWithError(c, 410, dictionary(target.lang).error.gone);
  const page = {
    ...pageFields(loaded, target, "page"),
    structuredData: {
      story: loaded.story,
      ancestors: ancestorsOf(index, target.slug, target.lang),
      teamPath: pagePathIn(index, TEAM_PAGE_SLUG, target.lang),
    },
    pageType: pageTypeOf(loaded.story),
    cv: loaded.cv,
    gone: goneKey(loaded.gone),
    bodyId: partId.body(path, request.listingPage),
    listings: () => pageListings(c.get("content"), loaded.story, request, c.get("logger"), loaded.gone),
  };
  return respondWithPage(c, page, deps.timer);
}

/**
 * An editor's preview: drafts of any story in the language the editor edits, never memoised; the
 * preview bundle re-renders the page in the browser, so it gets every listing, resolved.
 */
async function editorPage(c: Ctx, requested: string): Promise<Response> {
  const url = c.get("url");
  const { lang, path } = splitLangPath(requested);
  const index = await c.get("content").pageIndex();
  const target = editorTarget(url, path, lang, index);
  if (target === "invalid" || target === "unknown") throw pageValidationFailed(requested);
  c.set("lang", target.lang); // the language the editor edits: the preview's, and its error screen's
  const request: PageRequest = {
    slug: target.slug,
    lang: target.lang,
    version: "draft",
    index,
    listingPage: listingPage(url.searchParams),
    now: c.get("now")(),
  };
  const loaded = await load(c, requested, request);
  const kind = storyKind(loaded.story);
  if (!kind) throw pageValidationFailed(requested);
  const listings = pageListings(c.get("content"), loaded.story, request, c.get("logger"), loaded.gone).byUid;
  const resolved = await Promise.all([...listings].map(async ([uid, listing]) => [uid, await listing] as const));
  const health = await previewHealth(c, loaded, target.lang);
  return respondWithPreview(c, pageFields(loaded, target, kind), {
    kind,
    bridge: c.get("visualEditor").bridge,
    storyId: loaded.story.id,
    content: loaded.story.content,
    listings: Object.fromEntries(resolved),
    resolveRelations: [...RESOLVE_RELATIONS],
    health,
  });
}

/**
 * What the preview's content-health panel reads besides the draft: the links list, and in a
 * preview of another language the Dutch draft (what an untranslated field falls back to).
 */
async function previewHealth(c: Ctx, loaded: LoadedPage, lang: Lang): Promise<PreviewHealth> {
  const content = c.get("content");
  const slug = loaded.story.default_full_slug ?? loaded.story.full_slug;
  const [links, dutch] = await Promise.all([
    content.links(),
    lang === DEFAULT_LANG ? undefined : content.story(slug, { version: "draft" }),
  ]);
  return {
    story: { name: loaded.story.name, full_slug: slug },
    links: links.value.map(({ uuid, slug, published, is_folder }) => ({ uuid, slug, published, is_folder })),
    dutch: dutch?.value.story.content,
  };
}

/** Loads the page, timed (Server-Timing); a story that does not exist is the route's 404. */
async function load(c: Ctx, requested: string, request: PageRequest): Promise<LoadedPage> {
  const content = c.get("content");
  const started = performance.now();
  const timing = c.get("timing");
  try {
    const loaded = await loadPage(content, request, c.get("logger"));
    timing.add("content", { dur: performance.now() - started, desc: loaded.source });
    return loaded;
  } catch (error) {
    timing.add("content", { dur: performance.now() - started, desc: "error" });
    if (error instanceof ContentError && error.notFound) throw noRouteMatches(requested);
    throw error;
  } finally {
    timing.add("origin", { desc: content.origin });
  }
}

/** A story's content as the document reads it: a page type's, or in a preview the theme's or a data story's. */
type PageContent = BlokOf<RootComponentName>;

/** What the document shows of a loaded page, for visitors and editors alike. */
function pageFields(loaded: LoadedPage, target: { lang: Lang; path: string }, kind: StoryKind): PageInput {
  const content = loaded.story.content as PageContent;
  const seo = pageSeo(loaded.story);
  return {
    status: 200,
    theme: loaded.theme,
    title: kind === "theme" ? "Thema" : seo.title,
    description: seo.description,
    image: seo.image,
    rels: loaded.rels,
    lang: target.lang,
    canonicalPath: target.path,
    translations: loaded.alternates,
    body: <StoryBody kind={kind} content={content} />,
  };
}

/** The slug of the page a visitor may find at the path; null for malformed paths and data folders. */
export function slugForPath(path: string): string | null {
  const slug = storySlugForPath(path);
  return slug === null || isDataSlug(slug) ? null : slug;
}

type Target = { slug: string; lang: Lang; path: string } | "invalid" | "unknown";

/**
 * A visitor's path, in its language, to the story it shows: only published pages of that
 * language exist (an English URL never shows a Dutch page), without an API call or KV write.
 */
function visitorTarget(path: string, lang: Lang, index: PageIndex): Target {
  const pathSlug = slugForPath(path);
  if (!pathSlug) return "invalid";
  const slug = index.stories[lang].get(pathSlug);
  return slug === undefined ? "unknown" : { slug, lang, path: localisedPath(lang, pathOfSlug(pathSlug)) };
}

/**
 * The visual editor opens a story at its default path and names the language it edits in
 * `_storyblok_lang` (a translated path under `/en` works too). Any story can be previewed.
 */
function editorTarget(url: URL, path: string, pathLang: Lang, index: PageIndex): Target {
  const slug = storySlugForPath(path);
  if (!slug) return "invalid";
  const asked = url.searchParams.get(PREVIEW_LANG_PARAM);
  const lang = isLang(asked) ? asked : pathLang;
  return { slug: index.stories[pathLang].get(slug) ?? slug, lang, path: url.pathname };
}
