/**
 * What an HTML answer can reach under `wrangler dev` on this machine, for `npm run bench`: the
 * site's stylesheet as a static asset and a copy of the site's home page, sent as a constant
 * string and as React's stream of that one string. Nothing else: no KV, no nonce, no log line.
 * The bench puts the page in (POST /page) before it measures.
 */
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server.edge";

const HTML = { "content-type": "text/html; charset=utf-8" };
let page = "";

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/page" && request.method === "POST") {
      page = await request.text();
      return new Response(null, { status: 204 });
    }
    if (pathname === "/constant") return new Response(page, { headers: HTML });
    if (pathname === "/react") {
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the bench's own copy of the site's page, never a visitor's input
      const stream = await renderToReadableStream(createElement("div", { dangerouslySetInnerHTML: { __html: page } }));
      return new Response(stream, { headers: HTML });
    }
    return new Response("Not Found", { status: 404 });
  },
};
