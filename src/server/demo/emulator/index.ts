/**
 * The embedded content source: a Storyblok Content Delivery API (v2) emulator that is a plain
 * `fetch` function over a `SpaceSnapshot`. It answers the same paths, parameters, status codes,
 * headers and JSON shapes as https://api.storyblok.com/v2/cdn (checked against Storyblok's own
 * OpenAPI description in tests/node/emulator-openapi.test.ts), so the site runs the production
 * code path offline and tests can inject the failures the real service has (429, 5xx, slow
 * answers, dropped connections).
 *
 * Deliberate simplifications, each invisible to a client that follows the documentation:
 * - A published request without `cv` is answered as if the 301 to `?cv=<latest>` had been followed.
 * - Requests with `cv` behave like the CDN: the first answer for a URL is kept and replayed until
 *   the URL changes (so a stale `cv` keeps returning stale content, as in production).
 * - `filter_query`, `search_term`, date filters and `from_release` are accepted and ignored (the
 *   snapshot has no releases).
 * - `language` and `fallback_lang` translate stories as field-level translation does (see
 *   ./i18n.ts); a `language` the space does not have answers in the default language. Filters and
 *   sorting (`starts_with`, `by_slugs`, `sort_by=content.*`) work on the default language's values,
 *   and link fields inside content keep their stored `cached_url` (resolve_links gives the
 *   translated `full_slug`).
 */
import type { SpaceSnapshot } from "../../content/snapshot";
import type { Version } from "../../../shared/content";
import { authorize, cdnCacheKey, readRequest, remember, sleep, throwIfAborted, toResponse } from "./transport";
import { matchRoute } from "./routes";
import { answerRoute } from "./dispatch";
import { publishStory, renameStory, unpublishStory } from "./editing";
import { type Answer, type Ctx, type State, UNAUTHORIZED_BODY, type View, buildView, mergeDrafts, statusText } from "./model";
import { answerLanguage } from "./i18n";
import { assertUniqueSlugs } from "./slugs";

export type Fault = { status: number; headers?: Record<string, string>; body?: unknown } | { delayMs: number } | { networkError: true };

export interface EmulatorOptions {
  /** Clock for publish(): timestamps and the new cache version. */
  now?: () => number;
  /** Called for every request before it is handled; return a fault to inject it. */
  fault?: (url: URL) => Fault | undefined;
}

export interface Emulator {
  fetch: typeof fetch;
  /** Promotes the draft of `fullSlug` to published and bumps the space's cache version. */
  publish(fullSlug: string): void;
  /**
   * Renames the story's slug in its draft (its translated slug with `language`), as an editor does
   * before publishing; answers the draft's full_slug, to `publish`. Throws for an unknown story or a bad slug.
   */
  rename(fullSlug: string, slug: string, language?: string): string;
  /** Takes the published version of `fullSlug` offline (the API answers 404 for it) and bumps the cache version. */
  unpublish(fullSlug: string): void;
  /** The current cache version (`space.version`). */
  readonly cacheVersion: number;
}

export function createEmulator(snapshot: SpaceSnapshot, options: EmulatorOptions = {}): Emulator {
  const now = options.now ?? Date.now;
  const loaded = loadSpace(snapshot);
  const { state } = loaded;
  // Storyblok refuses a second entry with one slug in one folder; a space it would refuse is not served
  assertUniqueSlugs([...state.published.values()]);
  assertUniqueSlugs(mergeDrafts(state));

  async function emulatorFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const { url, method, signal } = readRequest(input, init);
    throwIfAborted(signal);
    const fault = options.fault?.(url);
    if (fault && "networkError" in fault) throw new TypeError("fetch failed");
    if (fault && "delayMs" in fault) await sleep(fault.delayMs, signal);
    else if (fault)
      return toResponse({ status: fault.status, body: fault.body ?? { error: statusText(fault.status) }, headers: fault.headers });
    return toResponse(handle(loaded, method, url));
  }

  return {
    fetch: emulatorFetch as typeof fetch,
    publish: (fullSlug: string) => publishStory(state, fullSlug, now()),
    unpublish: (fullSlug: string) => unpublishStory(state, fullSlug, now()),
    rename: (fullSlug: string, slug: string, language?: string) => renameStory(state, fullSlug, slug, language),
    get cacheVersion() {
      return state.version;
    },
  };
}

/** The emulator's own copy of the snapshot (publishing changes it) and the CDN's replay cache. */
interface LoadedSpace {
  space: SpaceSnapshot["space"];
  tokens: SpaceSnapshot["tokens"];
  datasources: SpaceSnapshot["datasources"];
  state: State;
  cdnCache: Map<string, Answer>;
}

function loadSpace(snapshot: SpaceSnapshot): LoadedSpace {
  const space = structuredClone(snapshot.space);
  return {
    space,
    tokens: { ...snapshot.tokens },
    datasources: structuredClone(snapshot.datasources),
    state: {
      version: space.version,
      published: new Map(structuredClone(snapshot.stories).map((story) => [story.uuid, story])),
      drafts: new Map(structuredClone(snapshot.drafts).map((story) => [story.uuid, story])),
      views: {},
    },
    cdnCache: new Map<string, Answer>(),
  };
}

/** The stories a version sees, built once per version until the next publish. */
function view({ state, space }: LoadedSpace, version: Version): View {
  const built =
    state.views[version] ?? buildView(version === "draft" ? mergeDrafts(state) : [...state.published.values()], space.language_codes);
  state.views[version] = built;
  return built;
}

function handle(loaded: LoadedSpace, method: string, url: URL): Answer {
  const { space, state, cdnCache } = loaded;
  const route = matchRoute(url.pathname);
  if (!route) return { status: 404, body: { error: "Not Found" } };
  if (method !== "GET") return { status: 405, body: { error: statusText(405) }, headers: { allow: "GET" } };

  const params = url.searchParams;
  const access = authorize(params.get("token"), loaded.tokens);
  if (!access) return { status: 401, body: UNAUTHORIZED_BODY };
  const version: Version = params.get("version") === "draft" ? "draft" : "published";
  // A public token only ever sees published content; the real API answers a plain 401.
  if (version === "draft" && access !== "preview") return { status: 401, body: UNAUTHORIZED_BODY };

  const cacheable = version === "published" && route.kind !== "space" && params.has("cv");
  const key = cacheable ? cdnCacheKey(url) : "";
  const replay = cacheable ? cdnCache.get(key) : undefined;
  if (replay) return replay;

  const languages = space.language_codes;
  const ctx: Ctx = {
    params,
    version,
    view: view(loaded, version),
    cv: state.version,
    spaceId: space.id,
    published: state.published,
    languages,
    language: answerLanguage(params.get("language"), languages),
    fallback: params.get("fallback_lang") ?? undefined,
  };
  const answer = answerRoute(route, ctx, { space: { ...space, version: state.version }, datasources: loaded.datasources });
  if (cacheable && answer.status === 200) remember(cdnCache, key, answer);
  return answer;
}
