import { createMiddleware } from "hono/factory";
import { withBaseHeaders } from "../render/security";
import type { AppBindings } from "../request-context";
import { ServerTiming } from "./server-timing";

/** One log line per request with its status and duration; security headers and the request id on every answer. */
export const logging = createMiddleware<AppBindings>(async (c, next) => {
  c.set("timing", new ServerTiming());
  const started = performance.now();
  await next();
  // assigning c.res makes Hono copy the response and every header: only when there is a new one
  const res = withBaseHeaders(c.res);
  if (res !== c.res) c.res = res;
  c.res.headers.set("X-Request-Id", c.get("requestId"));
  c.get("logger").info("request", {
    method: c.req.method,
    path: c.get("url").pathname,
    status: c.res.status,
    ms: Math.round(performance.now() - started),
  });
});
