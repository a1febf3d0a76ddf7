/**
 * Cloudflare's answer envelope and what a handler is given. Every answer of the v4 API, success or
 * not, is `{ success, errors: [{ code, message }], messages, result }`; wrangler prints each
 * error as "message [code: N]" and branches on the first code.
 */
import type { Account } from "./account.ts";

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Part {
  text: string;
  isFile: boolean;
  type: string;
}

export interface Call {
  account: Account;
  params: Record<string, string>;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: a request body, already checked against the description
  json: any;
  parts: Map<string, Part>;
  /** The bearer credential the request carried (the API token, or an assets JWT). */
  bearer: string;
}

export type Handler = (call: Call) => Answer;

export interface ResultInfo {
  page?: number;
  per_page?: number;
  count?: number;
  total_count?: number;
  total_pages?: number;
}

export function ok(result: unknown, resultInfo?: ResultInfo, status = 200): Answer {
  return { status, body: { success: true, errors: [], messages: [], result, ...(resultInfo ? { result_info: resultInfo } : {}) } };
}

export function refuse(status: number, code: number, message: string, ...more: Array<{ code: number; message: string }>): Answer {
  return { status, body: { success: false, errors: [{ code, message }, ...more], messages: [], result: null } };
}

/** One page of a list, with the `result_info` wrangler's paged fetches stop on (`page * per_page < total_count`). */
export function page<T>(items: readonly T[], query: URLSearchParams, defaultPerPage: number): Answer {
  const perPage = Math.max(1, Number(query.get("per_page") ?? defaultPerPage) || defaultPerPage);
  const pageNumber = Math.max(1, Number(query.get("page") ?? 1) || 1);
  const slice = items.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  return ok(slice, {
    page: pageNumber,
    per_page: perPage,
    count: slice.length,
    total_count: items.length,
    total_pages: Math.max(1, Math.ceil(items.length / perPage)),
  });
}

/** Tells a handler's refusal from the value a helper returns when it does not refuse. */
export const isAnswer = (value: unknown): value is Answer =>
  typeof value === "object" && value !== null && typeof (value as Answer).status === "number" && "body" in value;

export const notFound = (code: number, message: string) => refuse(404, code, message);
