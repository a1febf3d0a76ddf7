import { storyblokTime } from "./datetime";

/**
 * A vacancy closes at its `validThrough` (the closing date): from that moment it is gone from
 * listings, the sitemap and search engines, and its page answers 410, by the request's clock:
 * no publish and no cache to wait for. A story without one (or another content type) never closes.
 */
export function isClosed(story: { content: { component: string; validThrough?: unknown } }, now: number): boolean {
  const closes = closingTime(story.content);
  return closes !== undefined && closes <= now;
}

/** When a vacancy's content closes; undefined when it has no closing date or is no vacancy. */
export function closingTime(content: { component: string; validThrough?: unknown }): number | undefined {
  if (content.component !== "Vacancy" || typeof content.validThrough !== "string") return undefined;
  return storyblokTime(content.validThrough);
}
