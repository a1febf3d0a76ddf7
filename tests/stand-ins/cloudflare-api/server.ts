/**
 * A Cloudflare API v4 stand-in over HTTP that real wrangler deploys against
 * (`CLOUDFLARE_API_BASE_URL=<url>`): every request is checked against Cloudflare's own OpenAPI
 * description of the operations wrangler uses (openapi.ts), answered in Cloudflare's envelope, and
 * logged, so a test can assert that wrangler sent nothing the real API would refuse for its shape.
 * Three routes are the stand-in's own: GET /_stand-in/state, GET /_stand-in/requests and
 * POST /_stand-in/faults (what `fail()` does, for a stand-in in another process).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocal, readBody } from "../node-server.ts";
import { Account } from "./account.ts";
import { type Answer, type Call, type Handler, type Part, refuse } from "./envelope.ts";
import { Description, type RequestShape } from "./openapi.ts";
import { DESCRIBED_ROUTES, extraRoutes } from "./routes.ts";
import type { AccountState } from "./state.ts";

export const DEFAULT_TOKEN = "local-cloudflare-token";
export const DEFAULT_ACCOUNT_ID = "c0ffee00c0ffee00c0ffee00c0ffee00";
export const DEFAULT_SUBDOMAIN = "stand-in";
const API_PREFIX = "/client/v4";
const MAX_BODY_BYTES = 100 * 1024 * 1024;
/** A stand-in left running (`npm run cloudflare:local`) keeps the newest requests only. */
const MAX_LOGGED = 10_000;

export interface StandInOptions {
  port?: number;
  token?: string;
  accountId?: string;
  /** The account's workers.dev subdomain at start (default "stand-in"); null: none registered yet. */
  subdomain?: string | null;
  /** A JSON file the account state is kept in (and read from at start), D1 databases beside it. */
  stateFile?: string;
}

/** Answer the next `times` requests matching `method` (any if unset) and `path` (a RegExp, or a substring of the path after /client/v4) with `status`. */
export interface FaultRule {
  method?: string;
  path: RegExp | string;
  status: 429 | 500 | 502 | 503;
  times: number;
  /** Seconds, sent as Retry-After (429 only). */
  retryAfter?: number;
}

export interface RequestRecord {
  seq: number;
  method: string;
  /** The path after /client/v4. */
  path: string;
  query: string;
  /** The description's (or the stand-in's own) path template; null when nothing matched. */
  template: string | null;
  operationId: string | null;
  /** Whether the OpenAPI description has this operation. */
  described: boolean;
  /** Whether the request conforms to the description (true for undescribed operations: nothing to check). */
  valid: boolean;
  reasons: string[];
  /** What the request carried that the description does not mention (undocumented query parameters, parts, binding kinds). */
  notes: string[];
  status: number;
  /** The first error code of the answer, when it was a refusal. */
  code?: number;
  fault?: boolean;
}

export interface CloudflareStandIn {
  /** What CLOUDFLARE_API_BASE_URL takes: the origin plus /client/v4. */
  url: string;
  origin: string;
  token: string;
  accountId: string;
  state(): AccountState;
  fail(rule: FaultRule): void;
  requests(): RequestRecord[];
  close(): Promise<void>;
}

interface Routed {
  handler?: Handler;
  params: Record<string, string>;
  template: string | null;
  operationId: string | null;
  described: boolean;
}

function route(description: Description, method: string, path: string): Routed {
  const found = description.find(method, path);
  if (found) {
    const { operation, params } = found;
    const handler = DESCRIBED_ROUTES[`${method} ${operation.template}`];
    return { handler, params, template: operation.template, operationId: operation.operationId, described: true };
  }
  for (const extra of extraRoutes) {
    const match = extra.method === method ? extra.pattern.exec(path) : null;
    if (!match) continue;
    const params = Object.fromEntries(extra.paramNames.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]));
    return { handler: extra.handler, params, template: extra.template, operationId: null, described: false };
  }
  return { params: {}, template: null, operationId: null, described: false };
}

async function parseBody(
  req: IncomingMessage,
  body: Buffer,
): Promise<{ shape: Omit<RequestShape, "params" | "query">; parts: Map<string, Part> }> {
  const contentType = String(req.headers["content-type"] ?? "");
  const parts = new Map<string, Part>();
  const shape: Omit<RequestShape, "params" | "query"> = { contentType, bodyBytes: body.byteLength };
  if (body.byteLength === 0) return { shape, parts };
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Request("http://stand-in/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(body),
    }).formData();
    for (const [name, value] of form.entries()) {
      const isFile = typeof value !== "string";
      parts.set(name, { text: isFile ? await value.text() : value, isFile, type: isFile ? value.type : "" });
    }
    shape.parts = new Map([...parts].map(([name, part]) => [name, { text: part.text, isFile: part.isFile }]));
  } else if (contentType.includes("json") || !contentType) {
    try {
      shape.json = JSON.parse(body.toString("utf8"));
    } catch (error) {
      shape.jsonError = (error as Error).message;
    }
  }
  return { shape, parts };
}

const bearerOf = (req: IncomingMessage) => /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ""))?.[1]?.trim() ?? "";

/** The API token for everything but the assets upload, which carries the upload session's JWT instead. */
function authorize(req: IncomingMessage, account: Account, routed: Routed): Answer | undefined {
  const bearer = bearerOf(req);
  if (routed.template?.endsWith("/workers/assets/upload")) return bearer ? undefined : refuse(400, 10000, "Authentication error");
  if (!bearer) return refuse(400, 10000, "Authentication error");
  if (bearer !== account.token) return refuse(403, 10000, "Authentication error");
  const accountId = routed.params.account_id;
  if (accountId !== undefined && accountId !== account.state.accountId) return refuse(403, 10000, "Authentication error");
  return undefined;
}

function takeFault(faults: FaultRule[], method: string, path: string): FaultRule | undefined {
  const rule = faults.find(
    (f) =>
      f.times > 0 &&
      (!f.method || f.method.toUpperCase() === method) &&
      (typeof f.path === "string" ? path.includes(f.path) : f.path.test(path)),
  );
  if (rule) rule.times--;
  return rule;
}

function faultAnswer(rule: FaultRule): Answer {
  const message =
    rule.status === 429 ? "Rate limited. Please wait and consider throttling your request speed" : "Internal Server Error (stand-in fault)";
  const answer = refuse(rule.status, rule.status === 429 ? 971 : 10013, message);
  return rule.status === 429 ? { ...answer, headers: { "retry-after": String(rule.retryAfter ?? 1) } } : answer;
}

interface Context {
  account: Account;
  description: Description;
  faults: FaultRule[];
  log: RequestRecord[];
  seq: number;
}

/** Checks a request, then answers it; the record says how it fared. */
async function handleApi(req: IncomingMessage, url: URL, body: Buffer, ctx: Context, record: RequestRecord): Promise<Answer> {
  const method = record.method;
  const routed = route(ctx.description, method, record.path);
  Object.assign(record, { template: routed.template, operationId: routed.operationId, described: routed.described });
  if (!routed.handler) return refuse(404, 7003, "No route for that URI");
  const { shape, parts } = await parseBody(req, body);
  if (routed.described) {
    const operation = ctx.description.find(method, record.path)?.operation;
    const checked = operation ? ctx.description.check(operation, { ...shape, params: routed.params, query: url.searchParams }) : undefined;
    const metadata = parts.get("metadata");
    const bindings =
      metadata && record.template?.includes("/workers/scripts/")
        ? ctx.description.checkBindings(safeJson(metadata.text)?.bindings)
        : undefined;
    record.reasons.push(...(checked?.reasons ?? []), ...(bindings?.reasons ?? []));
    record.notes.push(...(checked?.notes ?? []), ...(bindings?.notes ?? []));
    record.valid = record.reasons.length === 0;
  }
  const unauthorized = authorize(req, ctx.account, routed);
  if (unauthorized) return unauthorized;
  const fault = takeFault(ctx.faults, method, record.path);
  if (fault) {
    record.fault = true;
    return faultAnswer(fault);
  }
  if (!record.valid) return refuse(400, 10021, `The request does not match the API description: ${record.reasons.join("; ")}`);
  const call: Call = {
    account: ctx.account,
    params: routed.params,
    query: url.searchParams,
    json: shape.json,
    parts,
    bearer: bearerOf(req),
  };
  return routed.handler(call);
}

function safeJson(text: string): { bindings?: unknown } | undefined {
  try {
    return JSON.parse(text) as { bindings?: unknown };
  } catch {
    return undefined;
  }
}

function faultFromJson(json: Record<string, unknown>): FaultRule {
  const status = Number(json.status);
  if (![429, 500, 502, 503].includes(status)) throw new Error("status must be 429, 500, 502 or 503");
  const path = typeof json.pathPattern === "string" ? new RegExp(json.pathPattern) : String(json.path ?? "");
  return {
    method: typeof json.method === "string" ? json.method : undefined,
    path,
    status: status as FaultRule["status"],
    times: Math.max(0, Math.min(1000, Number(json.times ?? 1))),
    retryAfter: json.retryAfter === undefined ? undefined : Number(json.retryAfter),
  };
}

function handleOwn(req: IncomingMessage, url: URL, body: Buffer, ctx: Context): Answer | undefined {
  if (req.method === "GET" && url.pathname === "/_stand-in/state") return { status: 200, body: ctx.account.state };
  if (req.method === "GET" && url.pathname === "/_stand-in/requests") return { status: 200, body: ctx.log };
  if (req.method === "POST" && url.pathname === "/_stand-in/faults") {
    ctx.faults.push(faultFromJson(JSON.parse(body.toString("utf8")) as Record<string, unknown>));
    return { status: 200, body: { ok: true, faults: ctx.faults.length } };
  }
  return undefined;
}

async function answer(req: IncomingMessage, origin: string, ctx: Context): Promise<Answer> {
  const url = new URL(req.url ?? "/", origin);
  const body = await readBody(req, MAX_BODY_BYTES);
  const own = handleOwn(req, url, body, ctx);
  if (own) return own;
  const method = req.method ?? "GET";
  const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) || "/" : url.pathname;
  const record: RequestRecord = {
    seq: ++ctx.seq,
    method,
    path,
    query: url.search.replace(/^\?/, ""),
    template: null,
    operationId: null,
    described: false,
    valid: true,
    reasons: [],
    notes: [],
    status: 0,
  };
  ctx.log.push(record);
  if (ctx.log.length > MAX_LOGGED) ctx.log.shift();
  const result = url.pathname.startsWith(API_PREFIX)
    ? await handleApi(req, url, body, ctx, record)
    : refuse(404, 7003, "No route for that URI");
  record.status = result.status;
  const code = (result.body as { errors?: Array<{ code: number }> } | undefined)?.errors?.[0]?.code;
  if (code !== undefined) record.code = code;
  return result;
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
  res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
}

export async function startCloudflareStandIn(options: StandInOptions = {}): Promise<CloudflareStandIn> {
  const token = options.token ?? DEFAULT_TOKEN;
  const accountId = options.accountId ?? DEFAULT_ACCOUNT_ID;
  const account = new Account({
    accountId,
    token,
    stateFile: options.stateFile,
    subdomain: options.subdomain === undefined ? DEFAULT_SUBDOMAIN : options.subdomain,
  });
  const ctx: Context = { account, description: new Description(), faults: [], log: [], seq: 0 };
  let origin = "";
  const server = createServer((req, res) => {
    answer(req, origin, ctx).then(
      (result) => send(res, result),
      (error: Error) => send(res, refuse(400, 10001, `The stand-in could not read the request: ${error.message}`)),
    );
  });
  const listening = await listenLocal(server, options.port);
  origin = listening.url;
  return {
    url: `${origin}${API_PREFIX}`,
    origin,
    token,
    accountId,
    state: () => structuredClone(account.state),
    fail: (rule) => {
      ctx.faults.push({ ...rule });
    },
    requests: () => structuredClone(ctx.log),
    close: async () => {
      await listening.close();
      account.close();
    },
  };
}
