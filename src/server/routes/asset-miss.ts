import type { Context } from "hono";
import type { AppBindings } from "../request-context";

/**
 * A path whose last segment has a file extension (`/favicon.ico`, `/app.js.map`, `/wp-login.php`)
 * is a file the static assets did not have, never a page: no story slug contains a dot. It gets
 * a small 404 without the content layer or the error screen (browsers ask for such files on
 * their own, scanners by the thousand). Redirects (route rules, CMS) have been checked before.
 */
export function isAssetLike(path: string): boolean {
  return /\.[A-Za-z0-9]{1,10}$/.test(path.slice(path.lastIndexOf("/") + 1));
}

export function assetMiss(c: Context<AppBindings>, path: string): Response {
  return c.text(`Page Not Found: ${path}`, 404, { "Cache-Control": "no-store" });
}
