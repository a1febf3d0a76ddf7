import type { DatasourceEntry, LinkEntry, LoadedStory, Story, Version } from "../../shared/content";
export declare const DEFAULT_PER_PAGE = 25;
export interface StoryParams {
    version?: Version;
    cv?: number;
    resolve_relations?: string;
    resolve_links?: "url" | "story" | "link";
    language?: string;
}
export interface ListParams extends StoryParams {
    starts_with?: string;
    by_uuids?: string;
    per_page?: number;
    page?: number;
    sort_by?: string;
    excluding_slugs?: string;
    content_type?: string;
    is_startpage?: boolean;
}
export interface StoryList {
    stories: Story[];
    rels: Story[];
    total: number;
    perPage: number;
}
/** The Storyblok Content Delivery API as the site uses it. */
export interface StoryblokApi {
    story(slug: string, params?: StoryParams): Promise<LoadedStory>;
    stories(params?: ListParams): Promise<StoryList>;
    links(params?: {
        version?: Version;
        cv?: number;
        include_dates?: 0 | 1;
    }): Promise<LinkEntry[]>;
    datasourceEntries(datasource: string, params?: {
        cv?: number;
    }): Promise<DatasourceEntry[]>;
    /** The space's current cache version. */
    cacheVersion(): Promise<number>;
}
export interface StoryblokApiOptions {
    endpoint: string;
    token: string;
    /** The guarded fetch (token bucket, 429 retry, status check) every request goes through. */
    fetch: typeof fetch;
    onMissingToken?: () => void;
}
/**
 * storyblok-js-client does the API work (query building, relation and link resolution with
 * by_uuids chunks of 50, pagination). Our guarded fetch does rate limiting and retries, so the
 * client's own throttle is opened wide. The client swallows errors thrown by fetch into plain
 * objects, so each call captures the `ContentError` itself and rethrows it intact.
 */
export declare function createStoryblokApi({ endpoint, token, fetch, onMissingToken }: StoryblokApiOptions): StoryblokApi;
