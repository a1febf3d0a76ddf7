import { createMiddleware } from "hono/factory";
import { splitLangPath } from "../../shared/i18n/lang";
import { isCrawler } from "../render/bots";
import type { AppBindings } from "../request-context";

/** Parses the request's URL once, names the request (Cloudflare's ray id where there is one), notes whether a crawler asks, and in which language. */
export const requestContext = createMiddleware<AppBindings>(async (c, next) => {
  const url = new URL(c.req.url);
  c.set("url", url);
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  c.set("isBot", isCrawler(c.req.header("user-agent")));
  c.set("lang", splitLangPath(url.pathname).lang);
  await next();
});
