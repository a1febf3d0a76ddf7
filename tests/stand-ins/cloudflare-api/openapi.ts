/**
 * Cloudflare's own OpenAPI description of the operations wrangler uses (reference/, an extract of
 * cloudflare/api-schemas), as request validators: a request is checked for its path, its path and
 * query parameters and its body (JSON, or the JSON parts of a multipart body) before the stand-in
 * acts on it, so the stand-in cannot accept what the real API would refuse for its shape.
 */
import { readFileSync } from "node:fs";
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;

const DOC_ID = "https://stand-in.local/cloudflare-openapi.json";
const METHODS = ["get", "put", "post", "patch", "delete"] as const;

export interface Operation {
  method: string;
  /** The description's path template, e.g. `/accounts/{account_id}/d1/database/{database_id}`. */
  template: string;
  operationId: string;
  pattern: RegExp;
  paramNames: string[];
  literalSegments: number;
  pointer: string;
  node: Json;
}

export interface Checked {
  valid: boolean;
  reasons: string[];
  /** What the request carried that the description does not name (kept, not refused). */
  notes: string[];
}

/** A request's parts as the validator sees them; `parts` for multipart bodies (JSON parts parsed). */
export interface RequestShape {
  params: Record<string, string>;
  query: URLSearchParams;
  contentType: string;
  json?: unknown;
  jsonError?: string;
  parts?: Map<string, { text: string; isFile: boolean }>;
  bodyBytes: number;
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

function pointer(doc: Json, ref: string): unknown {
  return ref
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
}

/** Follows `$ref`s; returns the node and the pointer where it lives (what ajv compiles against). */
function follow(doc: Json, at: string): { node: Json; at: string } {
  let node = pointer(doc, at) as Json;
  for (let hops = 0; node && typeof node.$ref === "string" && hops < 20; hops++) {
    at = node.$ref;
    node = pointer(doc, at) as Json;
  }
  return { node, at };
}

/** The vendored copy, unless CLOUDFLARE_OPENAPI_FILE names another (a newer extract). */
export function loadDescription(): Json {
  const file = process.env.CLOUDFLARE_OPENAPI_FILE || new URL("./reference/openapi-subset.json", import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as Json;
}

const formatErrors = (where: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 8)
    .map((e) => `${where}${e.instancePath || ""} ${e.message ?? "invalid"}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);

/**
 * wrangler 4.164 names a D1 binding's database by `id`, which the description marks deprecated
 * ("renamed to `database_id`") yet still lists, while requiring `database_id`: the API takes both.
 */
function deprecatedD1Id(binding: Json, notes: string[]): Json {
  if (binding?.type !== "d1" || binding.database_id !== undefined || binding.id === undefined) return binding;
  notes.push(`d1 binding ${String(binding.name)} uses the deprecated \`id\` for \`database_id\``);
  return { ...binding, database_id: binding.id };
}

export class Description {
  readonly doc: Json;
  readonly operations: Operation[];
  private readonly ajv: Ajv;
  private readonly coercing: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: Json = loadDescription()) {
    this.doc = doc;
    // OpenAPI 3.0 schemas are draft-04-ish with `nullable`, `example`, `x-…`: ajv's default draft
    // with strict mode off reads them; parameters come as strings, hence a coercing twin.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    this.coercing = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
    for (const ajv of [this.ajv, this.coercing]) {
      addFormats(ajv);
      ajv.addSchema({ ...doc, $id: DOC_ID });
    }
    this.operations = this.collect();
  }

  private collect(): Operation[] {
    const operations: Operation[] = [];
    for (const [template, item] of Object.entries(this.doc.paths as Record<string, Json>)) {
      const segments = template.split("/").filter(Boolean);
      const paramNames = segments.filter((s) => s.startsWith("{")).map((s) => s.slice(1, -1));
      const source = segments.map((s) => (s.startsWith("{") ? "([^/]+)" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
      for (const method of METHODS) {
        const node = item[method] as Json | undefined;
        if (!node) continue;
        operations.push({
          method: method.toUpperCase(),
          template,
          operationId: String(node.operationId),
          pattern: new RegExp(`^/${source}$`),
          paramNames,
          literalSegments: segments.length - paramNames.length,
          pointer: `#/paths/${escapePointer(template)}/${method}`,
          node,
        });
      }
    }
    // a literal segment beats a parameter (`/workers/subdomain` before `/workers/{x}`)
    return operations.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  find(method: string, path: string): { operation: Operation; params: Record<string, string> } | undefined {
    for (const operation of this.operations) {
      if (operation.method !== method) continue;
      const match = operation.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(operation.paramNames.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]));
      return { operation, params };
    }
    return undefined;
  }

  private validator(at: string, coerce = false): ValidateFunction {
    const key = `${coerce ? "c" : "s"}${at}`;
    let fn = this.compiled.get(key);
    if (!fn) {
      const ajv = coerce ? this.coercing : this.ajv;
      fn = ajv.getSchema(`${DOC_ID}${at}`);
      if (!fn) throw new Error(`no schema at ${at}`);
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /**
   * Validates one value against the schema at a pointer of the description. A `oneOf` that more
   * than one branch passes is the description's ambiguity, not the request's fault (the script
   * upload's `migrations` is single-step or stepped, and neither branch excludes the other): it
   * becomes a note, not a reason.
   */
  validateAt(at: string, value: unknown, where: string, notes: string[] = []): string[] {
    const fn = this.validator(at);
    if (fn(value)) return [];
    const overlapping = (e: ErrorObject) =>
      e.keyword === "oneOf" && Array.isArray((e.params as { passingSchemas?: unknown }).passingSchemas);
    for (const e of fn.errors ?? [])
      if (overlapping(e)) notes.push(`${where}${e.instancePath} matches more than one oneOf branch of the description`);
    return formatErrors(
      where,
      (fn.errors ?? []).filter((e) => !overlapping(e)),
    );
  }

  check(operation: Operation, request: RequestShape): Checked {
    const reasons: string[] = [];
    const notes: string[] = [];
    this.checkParameters(operation, request, reasons, notes);
    this.checkBody(operation, request, reasons, notes);
    return { valid: reasons.length === 0, reasons, notes };
  }

  private checkParameters(operation: Operation, request: RequestShape, reasons: string[], notes: string[]): void {
    const parameters = (operation.node.parameters as Json[] | undefined) ?? [];
    const known = new Set<string>();
    for (const [i, parameter] of parameters.entries()) {
      const name = String(parameter.name);
      const at = `${operation.pointer}/parameters/${i}/schema`;
      if (parameter.in === "path") {
        reasons.push(...this.validateParameter(at, request.params[name], `path ${name}`));
      } else if (parameter.in === "query") {
        known.add(name);
        const value = request.query.get(name);
        if (value === null) {
          if (parameter.required) reasons.push(`query ${name} is required`);
        } else reasons.push(...this.validateParameter(at, value, `query ${name}`));
      }
    }
    for (const name of new Set(request.query.keys())) if (!known.has(name)) notes.push(`query ${name} is not in the description`);
  }

  private validateParameter(at: string, value: string | undefined, where: string): string[] {
    const fn = this.validator(at, true);
    return fn(value) ? [] : formatErrors(where, fn.errors);
  }

  private checkBody(operation: Operation, request: RequestShape, reasons: string[], notes: string[]): void {
    const bodyRef = operation.node.requestBody as Json | undefined;
    if (!bodyRef) {
      if (request.bodyBytes > 0) notes.push("a body the description does not describe");
      return;
    }
    const { node: body, at: bodyAt } = follow(this.doc, `${operation.pointer}/requestBody`);
    const content = (body.content ?? {}) as Record<string, Json>;
    if (request.bodyBytes === 0) {
      // DELETE script lists an application/json body with no schema: nothing to send
      const schemaless = Object.values(content).every((media) => !media.schema);
      if (body.required && !schemaless) reasons.push("the request body is required");
      return;
    }
    const type = request.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
    if (!(type in content)) {
      reasons.push(`content type ${type || "(none)"} is not one of ${Object.keys(content).join(", ")}`);
      return;
    }
    const mediaAt = `${bodyAt}/content/${escapePointer(type)}`;
    if (type === "multipart/form-data") {
      reasons.push(...this.checkParts(`${mediaAt}/schema`, request, notes));
      return;
    }
    if (!type.includes("json")) return;
    if (request.jsonError) reasons.push(`body is not JSON: ${request.jsonError}`);
    else if (content[type]?.schema) reasons.push(...this.validateAt(`${mediaAt}/schema`, request.json, "body", notes));
  }

  /** Which schema describes a multipart part: a named property, `<any part name>`, or additionalProperties (in any `oneOf` branch). */
  private partSchema(schemaAt: string, name: string): string | undefined {
    const { node: schema, at } = follow(this.doc, schemaAt);
    const branches = Array.isArray(schema.oneOf) ? schema.oneOf.map((_, i) => `${at}/oneOf/${i}`) : [at];
    for (const branchAt of branches) {
      const { node: branch, at: resolved } = follow(this.doc, branchAt);
      const properties = (branch.properties ?? {}) as Json;
      if (name in properties) return `${resolved}/properties/${escapePointer(name)}`;
    }
    for (const branchAt of branches) {
      const { node: branch, at: resolved } = follow(this.doc, branchAt);
      const properties = (branch.properties ?? {}) as Json;
      if ("<any part name>" in properties) return `${resolved}/properties/${escapePointer("<any part name>")}`;
      if (branch.additionalProperties && typeof branch.additionalProperties === "object") return `${resolved}/additionalProperties`;
    }
    return undefined;
  }

  private checkParts(schemaAt: string, request: RequestShape, notes: string[]): string[] {
    const reasons: string[] = [];
    for (const [name, part] of request.parts ?? []) {
      const at = this.partSchema(schemaAt, name);
      if (!at) {
        notes.push(`part ${name} is not in the description`);
        continue;
      }
      const { node: schema } = follow(this.doc, at);
      if (schema.type === "object") {
        let value: unknown;
        try {
          value = JSON.parse(part.text);
        } catch {
          reasons.push(`part ${name} is not JSON`);
          continue;
        }
        reasons.push(...this.validateAt(at, value, `part ${name}`, notes));
      } else if (schema.type === "string" && schema.format !== "binary") {
        reasons.push(...this.validateAt(at, part.text, `part ${name}`));
      }
    }
    return reasons;
  }

  /** Each binding of a script's metadata against the description's schema for its kind (`x-binding-kinds`). */
  checkBindings(bindings: unknown): { reasons: string[]; notes: string[] } {
    const kinds = (this.doc["x-binding-kinds"] ?? {}) as Record<string, Json>;
    const reasons: string[] = [];
    const notes: string[] = [];
    if (!Array.isArray(bindings)) return { reasons, notes };
    for (const [i, binding] of bindings.entries()) {
      const type = String((binding as Json)?.type);
      if (!(type in kinds)) {
        notes.push(`binding kind ${type} is not in the description`);
        continue;
      }
      const checked = deprecatedD1Id(binding as Json, notes);
      reasons.push(...this.validateAt(`#/x-binding-kinds/${escapePointer(type)}`, checked, `binding ${i} (${type})`, notes));
    }
    return { reasons, notes };
  }
}
