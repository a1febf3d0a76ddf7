import { createMiddleware } from "hono/factory";
import { isCrawler } from "../render/bots";
import type { AppBindings } from "../request-context";

/** Names the request (Cloudflare's ray id where there is one) and notes whether a crawler asks. */
export const requestContext = createMiddleware<AppBindings>(async (c, next) => {
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  c.set("isBot", isCrawler(c.req.header("user-agent")));
  await next();
});
