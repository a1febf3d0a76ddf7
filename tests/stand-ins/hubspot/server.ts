/**
 * HubSpot's APIs on this machine, over HTTP: the in-memory HubSpot of ./api.ts behind a Node
 * server, so `npm start` (with HUBSPOT_API_ORIGIN set to its URL) delivers signups here and a
 * person can follow one end to end. Its own route, not HubSpot's: GET /_stand-in/received lists
 * every request received with its answer and the shape problems found in it, and what is held.
 */
import { createServer } from "node:http";
import { createHubSpotApi, type HubSpotApi, type HubSpotSettings, type Received } from "./api.ts";
import { listenLocal, readBody, type Listening } from "../node-server.ts";

const MAX_BODY_BYTES = 1024 * 1024;

export interface HubSpotStandIn extends Listening {
  api: HubSpotApi;
}

export interface HubSpotStandInOptions extends HubSpotSettings {
  port?: number;
  /** Sees every request once answered (the local command prints it). */
  onReceived?: (received: Received) => void;
}

export async function startHubSpotStandIn(options: HubSpotStandInOptions): Promise<HubSpotStandIn> {
  const api = createHubSpotApi(options);
  let origin = "";
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin);
      if (req.method === "GET" && url.pathname === "/_stand-in/received") {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(describeState(api), null, 2));
        return;
      }
      const body = await readBody(req, MAX_BODY_BYTES);
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === "string" ? [[name, value] as [string, string]] : [],
      );
      const request = new Request(url, { method: req.method, headers, body: body.byteLength ? body : undefined });
      const { response, received } = await api.exchange(request);
      options.onReceived?.(received);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: Error) => {
      res.writeHead(400, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ status: "error", message: error.message, category: "VALIDATION_ERROR" }));
    });
  });
  const listening = await listenLocal(server, options.port);
  origin = listening.url;
  return { ...listening, api };
}

/** What the stand-in holds, as JSON a person can read. */
export function describeState(api: HubSpotApi) {
  const { received, accepted, contacts, statuses, blocklist } = api.state;
  return {
    received,
    accepted,
    contacts: [...contacts.values()],
    subscriptionStatuses: Object.fromEntries(statuses),
    blocklist: [...blocklist],
  };
}

/** One line per request for a console: method, path, answer, and the shape problems if any. */
export function receivedLine(received: Received): string {
  const problems = received.problems.length ? `  SHAPE PROBLEMS: ${received.problems.join("; ")}` : "";
  return `${received.method} ${received.path} -> ${received.status}${problems}\n  ${JSON.stringify(received.body)}`;
}
