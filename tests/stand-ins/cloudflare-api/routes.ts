/**
 * Which handler answers which operation. Operations of the OpenAPI extract are named by its path
 * templates (so the validator and the router agree on what a request is); EXTRA_ROUTES are the
 * ones wrangler calls that the extract does not describe, answered from wrangler's own types.
 */
import type { Handler } from "./envelope.ts";
import { createUploadSession, uploadAssets } from "./handlers-assets.ts";
import {
  createPreview,
  createPreviewDeployment,
  deletePreview,
  editPreview,
  getPreview,
  getPreviewDeployment,
  patchPreviewDeployment,
} from "./handlers-previews.ts";
import {
  createDeployment,
  deleteScript,
  getVersion,
  listDeployments,
  listScripts,
  listVersions,
  uploadScript,
  uploadVersion,
} from "./handlers-scripts.ts";
import { createD1, createKv, getD1, getKv, listD1, listKv, queryD1, rawD1 } from "./handlers-storage.ts";
import {
  accounts,
  attachDomain,
  createWorker,
  createZoneRoute,
  durableObjectNamespaces,
  getAccountSubdomain,
  getSchedules,
  getScriptSettings,
  getScriptSubdomain,
  getService,
  getSettings,
  getWorker,
  listDomains,
  listSecrets,
  listZoneRoutes,
  listZones,
  memberships,
  patchScriptSettings,
  patchSecrets,
  patchSettings,
  patchWorker,
  postScriptSubdomain,
  putAccountSubdomain,
  putSchedules,
  putSecret,
  scriptRoutes,
  verifyToken,
} from "./handlers-worker.ts";

const A = "/accounts/{account_id}";
const S = `${A}/workers/scripts/{script_name}`;
const P = `${A}/workers/workers/{worker_id}/previews/{preview_id}`;

/** Keyed "METHOD template" exactly as the description spells the template. */
export const DESCRIBED_ROUTES: Record<string, Handler> = {
  [`GET ${A}/storage/kv/namespaces`]: listKv,
  [`POST ${A}/storage/kv/namespaces`]: createKv,
  [`GET ${A}/storage/kv/namespaces/{namespace_id}`]: getKv,
  [`GET ${A}/d1/database`]: listD1,
  [`POST ${A}/d1/database`]: createD1,
  [`GET ${A}/d1/database/{database_id}`]: getD1,
  [`POST ${A}/d1/database/{database_id}/query`]: queryD1,
  [`POST ${A}/d1/database/{database_id}/raw`]: rawD1,
  [`GET ${A}/workers/scripts`]: listScripts,
  [`PUT ${S}`]: uploadScript,
  [`DELETE ${S}`]: deleteScript,
  [`GET ${S}/settings`]: getSettings,
  [`PATCH ${S}/settings`]: patchSettings,
  [`GET ${S}/script-settings`]: getScriptSettings,
  [`PATCH ${S}/script-settings`]: patchScriptSettings,
  [`GET ${S}/secrets`]: listSecrets,
  [`PUT ${S}/secrets`]: putSecret,
  [`PATCH ${S}/secrets-bulk`]: patchSecrets,
  [`GET ${A}/workers/subdomain`]: getAccountSubdomain,
  [`PUT ${A}/workers/subdomain`]: putAccountSubdomain,
  [`POST ${S}/subdomain`]: postScriptSubdomain,
  [`GET ${S}/schedules`]: getSchedules,
  [`PUT ${S}/schedules`]: putSchedules,
  [`GET ${S}/deployments`]: listDeployments,
  [`POST ${S}/deployments`]: createDeployment,
  [`GET ${S}/versions`]: listVersions,
  [`POST ${S}/versions`]: uploadVersion,
  [`GET ${S}/versions/{version_id}`]: getVersion,
  [`POST ${S}/assets-upload-session`]: createUploadSession,
  [`POST ${A}/workers/assets/upload`]: uploadAssets,
  [`GET ${A}/workers/workers/{worker_id}`]: getWorker,
  [`GET ${A}/workers/durable_objects/namespaces`]: durableObjectNamespaces,
  [`GET ${A}/workers/domains`]: listDomains,
  [`PUT ${A}/workers/domains`]: attachDomain,
  "GET /zones": listZones,
  "GET /zones/{zone_id}/workers/routes": listZoneRoutes,
  "POST /zones/{zone_id}/workers/routes": createZoneRoute,
  "GET /memberships": memberships,
  "GET /user/tokens/verify": verifyToken,
};

/** Called by wrangler, absent from the extract: [method, template, handler]. */
export const EXTRA_ROUTES: Array<[string, string, Handler]> = [
  ["GET", "/accounts", accounts],
  ["GET", `${A}/workers/services/{script_name}`, getService],
  ["GET", `${S}/subdomain`, getScriptSubdomain],
  ["GET", `${S}/routes`, scriptRoutes],
  ["POST", `${A}/workers/workers`, createWorker],
  ["PATCH", `${A}/workers/workers/{worker_id}`, patchWorker],
  ["POST", `${A}/workers/workers/{worker_id}/previews`, createPreview],
  ["GET", P, getPreview],
  ["PATCH", P, editPreview],
  ["DELETE", P, deletePreview],
  ["POST", `${P}/deployments`, createPreviewDeployment],
  ["GET", `${P}/deployments/{deployment_id}`, getPreviewDeployment],
  ["PATCH", `${P}/deployments/{deployment_id}`, patchPreviewDeployment],
];

export interface ExtraRoute {
  method: string;
  template: string;
  pattern: RegExp;
  paramNames: string[];
  handler: Handler;
}

export const extraRoutes: ExtraRoute[] = EXTRA_ROUTES.map(([method, template, handler]) => {
  const segments = template.split("/").filter(Boolean);
  const source = segments.map((s) => (s.startsWith("{") ? "([^/]+)" : s)).join("/");
  const paramNames = segments.filter((s) => s.startsWith("{")).map((s) => s.slice(1, -1));
  return { method, template, pattern: new RegExp(`^/${source}$`), paramNames, handler };
});
