/**
 * What an HTML answer can reach under `wrangler dev` on this machine, for `npm run bench`: the
 * site's stylesheet as a static asset and copies of the site's pages (home, the 404 screen), each
 * sent as a constant string (`/<name>/constant`) and as React's stream of that one string
 * (`/<name>/react`). Nothing else: no KV, no nonce, no log line. The bench puts the pages in
 * (POST /<name>) before it measures.
 */
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server.edge";

const HTML = { "content-type": "text/html; charset=utf-8" };
const pages = new Map<string, string>();

export default {
  async fetch(request: Request): Promise<Response> {
    const [, name = "", mode] = new URL(request.url).pathname.split("/");
    if (request.method === "POST" && mode === undefined) {
      pages.set(name, await request.text());
      return new Response(null, { status: 204 });
    }
    const page = pages.get(name);
    if (page !== undefined && mode === "constant") return new Response(page, { headers: HTML });
    if (page !== undefined && mode === "react") {
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the bench's own copy of the site's page, never a visitor's input
      const stream = await renderToReadableStream(createElement("div", { dangerouslySetInnerHTML: { __html: page } }));
      return new Response(stream, { headers: HTML });
    }
    return new Response("Not Found", { status: 404 });
  },
};
