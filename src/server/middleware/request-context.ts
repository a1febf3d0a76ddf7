import { createMiddleware } from "hono/factory";
import { splitLangPath } from "../../shared/i18n/lang";
import { isCrawler } from "../render/bots";
import type { HtmlMemo } from "../render/html-memo";
import { Answer, type AppBindings } from "../request-context";

/** What lives as long as the isolate and every request reads: the app's clock and the memo of HTML parts. */
export interface IsolateContext {
  now: () => number;
  htmlMemo: HtmlMemo;
}

/**
 * Parses the request's URL once, names the request (Cloudflare's ray id where there is one), notes
 * whether a crawler asks, and in which language; hands it the isolate's clock and HTML memo, and
 * the record of when its answer has gone out.
 */
export function requestContext({ now, htmlMemo }: IsolateContext) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const url = new URL(c.req.url);
    c.set("url", url);
    c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
    c.set("isBot", isCrawler(c.req.header("user-agent")));
    c.set("lang", splitLangPath(url.pathname).lang);
    c.set("now", now);
    c.set("htmlMemo", htmlMemo);
    const answer = new Answer();
    c.set("answer", answer);
    try {
      await next();
    } finally {
      answer.returned();
    }
  });
}
