/**
 * Stories a request reads together (a page and its theme): each read asks the cache first, and
 * those that miss it are loaded in one call once every read of the batch has either asked for its
 * story or settled without (a cache hit, a last-known-good copy, a failure). One story missing
 * alone is loaded on its own.
 */
import { together, type OriginCall } from "./admission";
import { ContentError } from "./errors";

export interface StoryBatch<T> {
  /** The story at `slug` in cache version `cv`, loaded with the batch's other misses (`call`: how its call waits, admission.ts). */
  load(slug: string, cv: number, call: OriginCall): Promise<T>;
  /** The read of `slug` is over; if it never asked to load, the batch stops waiting for it. */
  settled(slug: string): void;
}

export interface StoryBatchLoaders<T> {
  one: (slug: string, cv: number, call: OriginCall) => Promise<T>;
  /** The stories found (a slug without one is absent: a 404 for its read). */
  many: (slugs: string[], cv: number, call: OriginCall) => Promise<Map<string, T>>;
}

interface Wanted<T> {
  cv: number;
  call: OriginCall;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function createStoryBatch<T>(slugs: readonly string[], loaders: StoryBatchLoaders<T>): StoryBatch<T> {
  const waiting = new Set(slugs);
  const wanted = new Map<string, Wanted<T>>();
  let sent = false;

  const send = () => {
    if (sent || [...waiting].some((slug) => !wanted.has(slug))) return;
    sent = true;
    const byCv = new Map<number, Map<string, Wanted<T>>>();
    for (const [slug, want] of wanted) byCv.set(want.cv, (byCv.get(want.cv) ?? new Map()).set(slug, want));
    for (const [cv, group] of byCv) void sendGroup(cv, group);
  };

  const sendGroup = async (cv: number, group: Map<string, Wanted<T>>) => {
    if (group.size === 1) {
      for (const [slug, want] of group) await loaders.one(slug, cv, want.call).then(want.resolve, want.reject);
      return;
    }
    try {
      const found = await loaders.many([...group.keys()], cv, together([...group.values()].map((want) => want.call)));
      for (const [slug, want] of group) {
        const story = found.get(slug);
        if (story === undefined) want.reject(new ContentError(404, "Not Found"));
        else want.resolve(story);
      }
    } catch (error) {
      for (const want of group.values()) want.reject(error);
    }
  };

  return {
    load(slug, cv, call) {
      // a read that comes after the batch went (or is not in it) loads on its own
      if (sent || !waiting.has(slug) || wanted.has(slug)) return loaders.one(slug, cv, call);
      const promise = new Promise<T>((resolve, reject) => wanted.set(slug, { cv, call, resolve, reject }));
      send();
      return promise;
    },
    settled(slug) {
      if (wanted.has(slug)) return;
      waiting.delete(slug);
      send();
    },
  };
}
