import { createMiddleware } from "hono/factory";
import type { LogLevel } from "../../shared/log";
import { withBaseHeaders } from "../render/security";
import type { AppBindings } from "../request-context";
import { ServerTiming } from "./server-timing";

/**
 * Whether a request writes our own `request` log line, and at which level: always when it logged
 * a warning or an error (at that level) or answered 5xx (error); otherwise only a sampled fraction
 * (info). Cloudflare's invocation logs are off (`[observability.logs]` in wrangler.toml: they
 * would keep every client's address), so this line is the request's only record beyond the
 * platform's counts; its per-request facts are in `Server-Timing` and `X-Request-Id`; a JSON line
 * costs more CPU than the rest of a warm page's own work.
 */
export function requestLogLevel(worst: LogLevel | undefined, status: number, sampled: boolean): LogLevel | undefined {
  if (worst === "error" || status >= 500) return "error";
  if (worst === "warn") return "warn";
  return sampled ? "info" : undefined;
}

/** Security headers and the request id on every answer; the request's log line when it is due (`requestLogLevel`). */
export function logging(random: () => number = Math.random) {
  return createMiddleware<AppBindings>(async (c, next) => {
    c.set("timing", new ServerTiming());
    const started = performance.now();
    await next();
    // assigning c.res makes Hono copy the response and every header: only when there is a new one
    const res = withBaseHeaders(c.res);
    if (res !== c.res) c.res = res;
    c.res.headers.set("X-Request-Id", c.get("requestId"));
    const rate = c.get("config").requestLogSampleRate;
    const level = requestLogLevel(c.get("worstLogged")(), c.res.status, rate > 0 && random() < rate);
    if (level === undefined) return;
    c.get("logger")[level]("request", {
      method: c.req.method,
      path: c.get("url").pathname,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
}
