/**
 * Siteverify on this machine, over HTTP, for `npm start` and the browser tests
 * (TURNSTILE_VERIFY_URL=<url>/turnstile/v0/siteverify). Also serves a stand-in of the widget's
 * script at /turnstile/v0/api.js: `turnstile.render(el, { callback })` calls back with a token
 * the stand-in minted, as a passed invisible challenge would (the real script cannot load offline).
 */
import { createServer } from "node:http";
import { listenLocal, readBody, type Listening } from "../node-server.ts";
import { createSiteverify, type Siteverify } from "./siteverify.ts";

export const SITEVERIFY_PATH = "/turnstile/v0/siteverify";
export const WIDGET_SCRIPT_PATH = "/turnstile/v0/api.js";

export interface TurnstileStandIn extends Listening {
  siteverify: Siteverify;
}

export async function startTurnstileStandIn(port?: number): Promise<TurnstileStandIn> {
  const siteverify = createSiteverify();
  let origin = "";
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin);
      if (req.method === "GET" && url.pathname === WIDGET_SCRIPT_PATH) {
        res.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" });
        res.end(widgetScript(siteverify.mint()));
        return;
      }
      if (req.method === "POST" && url.pathname === "/turnstile/v0/token") {
        res.writeHead(200, { "content-type": "text/plain", "access-control-allow-origin": "*" });
        res.end(siteverify.mint());
        return;
      }
      if (req.method === "GET" && url.pathname === "/_stand-in/verified") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(siteverify.verified.map(({ token, codes }) => ({ token, codes }))));
        return;
      }
      if (req.method !== "POST" || url.pathname !== SITEVERIFY_PATH) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ success: false, "error-codes": ["not-found"] }));
        return;
      }
      const body = await readBody(req, 64 * 1024);
      const headers = { "content-type": String(req.headers["content-type"] ?? "") };
      const response = await siteverify.answer(new Request(url, { method: "POST", headers, body }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    })().catch((error: Error) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ success: false, "error-codes": ["bad-request"], messages: [error.message] }));
    });
  });
  const listening = await listenLocal(server, port);
  origin = listening.url;
  return { ...listening, siteverify };
}

/**
 * The widget's script as the stand-in plays it, for explicit rendering (`?onload=<callback>`): a
 * passed invisible challenge writes a token minted by the stand-in into the hidden
 * `cf-turnstile-response` field of its box and calls `callback`; `reset` asks for a new one.
 */
function widgetScript(token: string): string {
  return `(function(){var src=document.currentScript&&document.currentScript.src;var next=${JSON.stringify(token)};
function fresh(el,o){fetch(src.replace(/api.js.*$/,"token"),{method:"POST"}).then(function(r){return r.text()}).then(function(t){put(el,o,t)})}
function put(el,o,t){var i=el.querySelector("input[name=cf-turnstile-response]");if(!i){i=document.createElement("input");i.type="hidden";i.name="cf-turnstile-response";el.appendChild(i)}i.value=t;if(o&&o.callback)o.callback(t)}
var widgets=[];window.turnstile={render:function(el,o){widgets.push([el,o]);setTimeout(function(){put(el,o,next)},0);return "stand-in"},reset:function(el){widgets.forEach(function(w){if(!el||w[0]===el)fresh(w[0],w[1])})},remove:function(){}};
var cb=src&&new URL(src).searchParams.get("onload");if(cb&&window[cb])setTimeout(window[cb],0)})();`;
}
