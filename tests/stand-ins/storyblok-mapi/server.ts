/**
 * A Storyblok Management API stand-in over HTTP: exactly the endpoints `npm run space:push` uses,
 * in memory, checked against Storyblok's OpenAPI description (tests/node/mapi-openapi.test.ts).
 * Like the real API it wants a personal access token in `Authorization` (401 otherwise) and
 * answers 429 to a client that asks more than `requestsPerSecond` times within a second.
 * Two routes are its own, not the API's: POST /upload (where the signed upload form posts, S3 in
 * the real API) and GET /_stand-in/state (what it holds, counted, and a digest of it).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenLocal, readBody } from "../node-server.ts";
import { finishUpload, getAsset, listAssets, receiveUpload, signUpload } from "./handlers-assets.ts";
import {
  type Answer,
  type Call,
  componentGroups,
  components,
  createEntry,
  datasources,
  getSpace,
  listEntries,
  notFound,
  updateEntry,
  updateSpace,
} from "./handlers-model.ts";
import { createStory, getStory, listStories, listVersions, updateStory } from "./handlers-stories.ts";
import { createSpaceStore, type SlugAnswer, type SpaceStore, storeCounts, storeDigest } from "./store.ts";

type Handler = (call: Call) => Answer;

const ROUTES: Array<[string, string, Handler]> = [
  ["GET", "", getSpace],
  ["PUT", "", updateSpace],
  ["GET", "/component_groups", componentGroups.list],
  ["POST", "/component_groups", componentGroups.create],
  ["GET", "/components", components.list],
  ["POST", "/components", components.create],
  ["PUT", "/components/:id", components.update],
  ["GET", "/datasources", datasources.list],
  ["POST", "/datasources", datasources.create],
  ["PUT", "/datasources/:id", datasources.update],
  ["GET", "/datasource_entries", listEntries],
  ["POST", "/datasource_entries", createEntry],
  ["PUT", "/datasource_entries/:id", updateEntry],
  ["GET", "/stories", listStories],
  ["POST", "/stories", createStory],
  ["GET", "/stories/:id", getStory],
  ["PUT", "/stories/:id", updateStory],
  ["GET", "/story_versions", listVersions],
  ["GET", "/assets", listAssets],
  ["POST", "/assets", signUpload],
  ["GET", "/assets/:id", getAsset],
  ["GET", "/assets/:id/finish_upload", finishUpload],
];

export interface StandInOptions {
  spaceId: number;
  /** The personal access token to accept; undefined accepts any non-empty token. */
  token?: string;
  requestsPerSecond?: number;
  port?: number;
  clock?: () => number;
  /** How story answers give translated slugs (default `translated_slugs`). */
  slugAnswer?: SlugAnswer;
  /** Requests to fail, each once, before the stand-in acts on them. */
  faults?: readonly Fault[];
  /** Sees every API request and its answer (the OpenAPI conformance test records them). */
  onExchange?: (exchange: Exchange) => void;
}

/**
 * "Fail the `nth` request of `kind`": a request kind is its method and route as ROUTES names it
 * ("PUT /stories/:id", "GET /assets/:id/finish_upload"), or "POST /upload" for the signed form.
 * The space itself is "GET /". The answer is a server error, or "reset": the connection dropped
 * without an answer.
 */
export interface Fault {
  kind: string;
  nth: number;
  answer: 500 | 502 | 503 | "reset";
}

/** Which fault, if any, the next request of a kind meets. */
function faultInjector(faults: readonly Fault[] = []) {
  const seen = new Map<string, number>();
  return (kind: string): Fault["answer"] | undefined => {
    const count = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, count);
    return faults.find((fault) => fault.kind === kind && fault.nth === count)?.answer;
  };
}

type Outcome = Answer | "reset";

export interface Exchange {
  method: string;
  url: URL;
  requestBody: unknown;
  answer: Answer;
}

export interface StandIn {
  url: string;
  store: SpaceStore;
  close: () => Promise<void>;
}

const MAX_BODY_BYTES = 20 * 1024 * 1024;

function matchPattern(pattern: string, rest: readonly string[]): Record<string, string> | undefined {
  const parts = pattern.split("/");
  if (parts.length !== rest.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    if (part.startsWith(":")) params[part.slice(1)] = rest[i] ?? "";
    else if (part !== rest[i]) return undefined;
  }
  return params;
}

function route(
  method: string,
  path: string,
  spaceId: number,
): { handler: Handler; params: Record<string, string>; kind: string } | undefined {
  const prefix = `/v1/spaces/${spaceId}`;
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return undefined;
  const rest = path.slice(prefix.length).split("/");
  for (const [verb, pattern, handler] of ROUTES) {
    const params = verb === method ? matchPattern(pattern, rest) : undefined;
    if (params) return { handler, params, kind: `${verb} ${pattern || "/"}` };
  }
  return undefined;
}

function send(res: ServerResponse, answer: Answer): void {
  const headers = { ...answer.headers, ...(answer.body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }) };
  res.writeHead(answer.status, headers);
  res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
}

/** Sliding one-second window: at most `limit` requests in any second, else 429. */
function rateLimiter(limit: number, clock: () => number) {
  const recent: number[] = [];
  return (): boolean => {
    const now = clock();
    while (recent.length && (recent[0] ?? 0) <= now - 1000) recent.shift();
    if (recent.length >= limit) return false;
    recent.push(now);
    return true;
  };
}

const faultAnswer = (fault: Fault["answer"]): Outcome => (fault === "reset" ? fault : { status: fault, body: { error: "stand-in fault" } });

async function answerRequest(
  req: IncomingMessage,
  origin: string,
  store: SpaceStore,
  options: StandInOptions & { allow: () => boolean; fault: (kind: string) => Fault["answer"] | undefined },
): Promise<Outcome> {
  const url = new URL(req.url ?? "/", origin);
  const body = await readBody(req, MAX_BODY_BYTES);
  if (req.method === "POST" && url.pathname === "/upload") {
    const fault = options.fault("POST /upload");
    if (fault) return faultAnswer(fault);
    return receiveUpload(
      store,
      await new Request(url, { method: "POST", headers: req.headers as Record<string, string>, body }).formData(),
    );
  }
  if (req.method === "GET" && url.pathname === "/_stand-in/state")
    return { status: 200, body: { counts: storeCounts(store), digest: storeDigest(store), throttled: store.throttled } };
  const auth = req.headers.authorization;
  if (!auth || (options.token !== undefined && auth !== options.token)) return { status: 401, body: { error: "Unauthorized" } };
  if (!options.allow()) {
    store.throttled++;
    return { status: 429, body: { error: "Too Many Requests" } };
  }
  const found = route(req.method ?? "GET", url.pathname, options.spaceId);
  if (!found) return notFound(url.pathname.startsWith(`/v1/spaces/${options.spaceId}/`) ? "resource" : "space");
  const fault = options.fault(found.kind);
  if (fault) return faultAnswer(fault);
  let parsed: unknown = {};
  if (body.byteLength) {
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      return { status: 400, body: { error: "body is not JSON" } };
    }
  }
  const answer = found.handler({ store, params: found.params, query: url.searchParams, body: parsed, origin });
  options.onExchange?.({
    method: req.method ?? "GET",
    url,
    requestBody: body.byteLength ? parsed : undefined,
    answer: structuredClone(answer),
  });
  return answer;
}

export async function startMapiStandIn(options: StandInOptions): Promise<StandIn> {
  const clock = options.clock ?? Date.now;
  const store = createSpaceStore(options.spaceId, clock, options.slugAnswer);
  const settings = { ...options, allow: rateLimiter(options.requestsPerSecond ?? 3, clock), fault: faultInjector(options.faults) };
  let origin = "";
  const server: Server = createServer((req, res) => {
    answerRequest(req, origin, store, settings).then(
      (answer) => (answer === "reset" ? req.socket.destroy() : send(res, answer)),
      (error: Error) => send(res, { status: 400, body: { error: error.message } }),
    );
  });
  const listening = await listenLocal(server, options.port);
  origin = listening.url;
  return { url: origin, store, close: listening.close };
}
