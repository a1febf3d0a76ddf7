import { env } from "cloudflare:workers";
import { cvAuthority } from "../../src/server/content/cv-authority";

/**
 * What a publish leaves behind for every isolate, as the isolate that received the webhook records
 * it: the new cv in KV (cold isolates) and at the authority (every isolate's next check).
 */
export async function recordCacheVersion(cv: number, readAt: number): Promise<void> {
  await env.CONTENT_CACHE.put("cv:current", String(cv));
  await cvAuthority(env.CV_AUTHORITY).report(cv, readAt);
}
