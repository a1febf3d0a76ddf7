/**
 * The Management API stand-in (tests/stand-ins/storyblok-mapi/) checked against Storyblok's own OpenAPI
 * description of the Management API, as tests/node/emulator-openapi.test.ts checks the CDN
 * emulator: every request a push and a pull make (path, method, query parameters, JSON body) must
 * be an operation the description has, and every answer a status it documents, with a body that
 * validates against the documented schema (ajv) and the documented pagination headers.
 *
 * The description is vendored in tests/fixtures/storyblok-mapi (tests/helpers/openapi-dir.ts);
 * STORYBLOK_MAPI_OPENAPI_DIR overrides where.
 */
import { join } from "node:path";
import $RefParser from "@apidevtools/json-schema-ref-parser";
import type { ErrorObject } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { schema, storyFolders } from "../../content-model/index.ts";
import { buildSnapshot } from "../../tools/build/build-snapshot.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { embeddedAssetReader } from "../../tools/space/push/asset-source.ts";
import { desiredSpace } from "../../tools/space/push/desired.ts";
import { createMapi } from "../../tools/space/push/mapi.ts";
import { pushSpace } from "../../tools/space/push/push.ts";
import { readBackSpace } from "../../tools/space/push/read-back.ts";
import { type Exchange, type StandIn, startMapiStandIn } from "../stand-ins/storyblok-mapi/server.ts";
import { openApiDir } from "../helpers/openapi-dir";

type Json = Record<string, unknown>;
const SPACE_ID = 287341;
const TOKEN = "conformance-token";
const DOCS = ["spaces", "component_folders", "components", "datasources", "datasource_entries", "stories", "assets"];

const specDir = () =>
  openApiDir({
    env: "STORYBLOK_MAPI_OPENAPI_DIR",
    name: "storyblok-mapi",
    marker: "resources/mapi/stories/main.yaml",
    label: "Storyblok Management API OpenAPI description",
  });

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** Request bodies: OpenAPI's rule that a required readOnly property is required in answers only. */
const requestAjv = new Ajv2020({ strict: false, allErrors: true });
addFormats(requestAjv);

function withoutReadOnlyRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutReadOnlyRequired);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutReadOnlyRequired(value)])) as Json;
  const properties = out.properties as Record<string, Json> | undefined;
  if (Array.isArray(out.required) && properties) out.required = out.required.filter((name: string) => !properties[name]?.readOnly);
  return out;
}
interface Operation {
  doc: string;
  template: string;
  at: string;
  node: Json;
  pathParameters: Json[];
}
const operations: Operation[] = [];
const documents = new Map<string, Json>();

async function loadDocuments(): Promise<void> {
  for (const name of DOCS) {
    const doc = (await $RefParser.bundle(join(specDir(), "resources/mapi", name, "main.yaml"), {
      parse: { yaml: { parse: (file: { data: unknown }) => parseYaml(String(file.data)) } },
    })) as Json;
    documents.set(name, doc);
    ajv.addSchema({ ...doc, $id: `https://openapi.test/mapi/${name}` });
    requestAjv.addSchema({ ...(withoutReadOnlyRequired(doc) as Json), $id: `https://openapi.test/mapi/${name}` });
    for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const method of ["get", "post", "put", "delete"]) {
        const node = item[method] as Json | undefined;
        if (node)
          operations.push({
            doc: name,
            template,
            at: `#/paths/${template.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}`,
            node,
            pathParameters: (item.parameters as Json[]) ?? [],
          });
      }
    }
  }
}

function pointer(doc: Json, ref: string): Json {
  return ref
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc) as Json;
}

/** Follows `$ref`s within a bundled document. */
function follow(doc: Json, at: string): { node: Json; at: string } {
  let node = pointer(doc, at);
  while (node && typeof node.$ref === "string" && node.$ref.startsWith("#")) {
    at = node.$ref;
    node = pointer(doc, at);
  }
  return { node, at };
}

/** The operation for a request: literal segments win over `{parameters}` (assets/bulk_destroy before assets/{id}). */
function operationFor(method: string, path: string): Operation | undefined {
  const matching = operations.filter(
    (op) => op.at.endsWith(`/${method.toLowerCase()}`) && new RegExp(`^${op.template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
  );
  return matching.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0];
}

const describeErrors = (what: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).slice(0, 6).map((error) => `${what}${error.instancePath} ${error.message} (${error.schemaPath})`);

function validateAt(op: Operation, at: string, value: unknown, what: string, validator = ajv): string[] {
  const validate = validator.getSchema(`https://openapi.test/mapi/${op.doc}${at}`);
  if (!validate) return [`no schema at ${at}`];
  return validate(value) ? [] : describeErrors(what, validate.errors);
}

function requestProblems(op: Operation, exchange: Exchange): string[] {
  const doc = documents.get(op.doc) as Json;
  const parameters = [...op.pathParameters, ...((op.node.parameters as Json[]) ?? [])].map(
    (parameter, i) => follow(doc, `${op.at}/parameters/${i}`).node ?? parameter,
  );
  const documented = new Set(parameters.filter((parameter) => parameter?.in === "query").map((parameter) => parameter.name));
  const problems = [...exchange.url.searchParams.keys()]
    .filter((key) => !documented.has(key))
    .map((key) => `query parameter ${key} is not documented`);
  if (exchange.requestBody !== undefined) {
    if (!op.node.requestBody) problems.push("a body is not documented");
    else
      problems.push(
        ...validateAt(
          op,
          `${follow(doc, `${op.at}/requestBody`).at}/content/application~1json/schema`,
          exchange.requestBody,
          "request body",
          requestAjv,
        ),
      );
  }
  return problems;
}

function answerProblems(op: Operation, exchange: Exchange): string[] {
  const doc = documents.get(op.doc) as Json;
  const responseAt = `${op.at}/responses/${exchange.answer.status}`;
  if (!pointer(doc, responseAt)) return [`status ${exchange.answer.status} is not documented`];
  const { node: response, at } = follow(doc, responseAt);
  const problems: string[] = [];
  for (const header of Object.keys(follow(doc, `${at}/headers`).node ?? {})) {
    if (exchange.answer.headers?.[header.toLowerCase()] === undefined) problems.push(`header ${header} is missing`);
  }
  if (response.content) problems.push(...validateAt(op, `${at}/content/application~1json/schema`, exchange.answer.body, "body"));
  return problems;
}

let standIn: StandIn;
const exchanges: Exchange[] = [];

beforeAll(async () => {
  await loadDocuments();
  standIn = await startMapiStandIn({
    spaceId: SPACE_ID,
    token: TOKEN,
    requestsPerSecond: 10_000,
    onExchange: (exchange) => exchanges.push(exchange),
  });
  const mapi = createMapi({ token: TOKEN, spaceId: SPACE_ID, baseUrl: standIn.url, requestsPerSecond: 1000 });
  const desired = desiredSpace(buildSnapshot(join(REPO_ROOT, "content")), schema, storyFolders);
  const ctx = { mapi, dryRun: false, readAsset: embeddedAssetReader(join(REPO_ROOT, "public")), log: () => {}, changes: [] };
  await pushSpace(ctx, desired);
  // what an editor might have changed since: the next push updates it back
  const { store } = standIn;
  Object.assign(store.components[3] ?? {}, { display_name: "Anders" });
  Object.assign(store.datasources[0] ?? {}, { name: "Omleidingen" });
  Object.assign(store.datasourceEntries[0] ?? {}, { value: "/elders" });
  const home = store.stories.find((story) => story.full_slug === "home") as Json;
  home.content = { ...(home.content as Json), title: "Anders" };
  // an upload a failed run left unfinished: the next push finishes it into the same asset
  Object.assign(store.assets[0] ?? {}, { content_length: 0 });
  await pushSpace({ ...ctx, changes: [] }, desired);
  await pushSpace({ ...ctx, changes: [] }, desired);
  await readBackSpace(mapi);
  // the other documented shape of translated slugs, and the one asset read the push no longer needs
  store.slugAnswer = "localized_paths";
  await readBackSpace(mapi);
  await mapi.get(`/assets/${store.assets[0]?.id}`);
}, 120_000);
afterAll(() => standIn?.close());

describe("the stand-in against Storyblok's Management API description", () => {
  it("answers every request of a push and a pull as the description documents it", () => {
    const used = new Set<string>();
    const problems: string[] = [];
    for (const exchange of exchanges) {
      const what = `${exchange.method} ${exchange.url.pathname}${exchange.url.search}`;
      const op = operationFor(exchange.method, exchange.url.pathname);
      if (!op) {
        problems.push(`${what}: no such operation`);
        continue;
      }
      used.add(`${exchange.method} ${op.template}`);
      problems.push(...[...requestProblems(op, exchange), ...answerProblems(op, exchange)].map((problem) => `${what}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect([...used].sort()).toEqual([
      "GET /v1/spaces/{space_id}",
      "GET /v1/spaces/{space_id}/assets",
      "GET /v1/spaces/{space_id}/assets/{asset_id}",
      "GET /v1/spaces/{space_id}/assets/{signed_response_object_id}/finish_upload",
      "GET /v1/spaces/{space_id}/component_groups",
      "GET /v1/spaces/{space_id}/components",
      "GET /v1/spaces/{space_id}/datasource_entries",
      "GET /v1/spaces/{space_id}/datasources",
      "GET /v1/spaces/{space_id}/stories",
      "GET /v1/spaces/{space_id}/stories/{story_id}",
      "GET /v1/spaces/{space_id}/story_versions",
      "POST /v1/spaces/{space_id}/assets",
      "POST /v1/spaces/{space_id}/component_groups",
      "POST /v1/spaces/{space_id}/components",
      "POST /v1/spaces/{space_id}/datasource_entries",
      "POST /v1/spaces/{space_id}/datasources",
      "POST /v1/spaces/{space_id}/stories",
      "PUT /v1/spaces/{space_id}",
      "PUT /v1/spaces/{space_id}/components/{component_id}",
      "PUT /v1/spaces/{space_id}/datasource_entries/{datasource_entry_id}",
      "PUT /v1/spaces/{space_id}/datasources/{datasource_id}",
      "PUT /v1/spaces/{space_id}/stories/{story_id}",
    ]);
  });

  /** A GET to the stand-in: its status, and what the description finds wrong with the answer. */
  async function documentedGet(path: string, headers: Record<string, string>) {
    const res = await fetch(`${standIn.url}/v1/spaces/${SPACE_ID}${path}`, { headers });
    const exchange = {
      method: "GET",
      url: new URL(res.url),
      requestBody: undefined,
      answer: { status: res.status, body: await res.json() },
    };
    return { status: res.status, problems: answerProblems(operationFor("GET", exchange.url.pathname) as Operation, exchange) };
  }

  it("refuses a missing or wrong token with 401 and the documented body", async () => {
    for (const headers of [{}, { authorization: "wrong" }] as Array<Record<string, string>>) {
      expect(await documentedGet("/components", headers)).toEqual({ status: 401, problems: [] });
    }
  });

  it("answers an unknown story with 404, a documented status", async () => {
    expect(await documentedGet("/stories/999", { authorization: TOKEN })).toEqual({ status: 404, problems: [] });
  });

  it("refuses a second entry with one slug in one folder, folders included, as Storyblok does", async () => {
    const folder = standIn.store.stories.find((story) => story.is_folder && story.full_slug === "cases") as Json;
    const startPage = standIn.store.stories.find((story) => story.full_slug === "cases/") as Json;
    expect([startPage.is_startpage, startPage.parent_id]).toEqual([true, folder.id]);
    for (const story of [
      { name: "Cases", slug: "cases", parent_id: 0 },
      { name: "Cases", slug: "cases", parent_id: folder.id },
      { name: "Linde", slug: "linde-roosterapp", parent_id: folder.id },
    ]) {
      const res = await fetch(`${standIn.url}/v1/spaces/${SPACE_ID}/stories`, {
        method: "POST",
        headers: { authorization: TOKEN, "content-type": "application/json" },
        body: JSON.stringify({ story }),
      });
      expect({ story, status: res.status, body: await res.json() }).toEqual({
        story,
        status: 422,
        body: { slug: ["has already been taken"] },
      });
    }
  });
});
