/**
 * Assets (resources/mapi/assets/main.yaml) and the signed upload of the real API, step by step:
 *   1. POST /v1/spaces/{id}/assets with the filename: a signed form (`post_url`, `fields`); the
 *      asset exists from here on, without a file
 *   2. POST the form with the file to `post_url` (S3 in the real API; here the stand-in itself,
 *      /upload/{key}), which checks the signed fields as S3 checks its policy
 *   3. GET /v1/spaces/{id}/assets/{id}/finish_upload
 * The filename may come in the JSON body (as the OpenAPI description has it) or in the query (as
 * @storyblok/management-api-client 0.7 sends it).
 */
import { createHmac } from "node:crypto";
import { type Answer, badRequest, type Call, notFound, paginated } from "./handlers-model.ts";
import { assetUrl, type Json, type SpaceStore } from "./store.ts";

const SIGNING_KEY = "stand-in-upload-key";
const sign = (key: string) => createHmac("sha256", SIGNING_KEY).update(key).digest("hex");

const CONTENT_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};
const contentTypeOf = (filename: string) => CONTENT_TYPES[filename.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

const findAsset = (store: SpaceStore, id: string | undefined) => store.assets.find((asset) => String(asset.id) === id);

export function listAssets({ store, query }: Call): Answer {
  const search = query.get("search");
  const found = store.assets.filter((asset) => !asset.deleted_at && (search === null || String(asset.short_filename).includes(search)));
  return paginated("assets", found, query);
}

function signRequest(call: Call): Json {
  const fromBody = (call.body ?? {}) as Json;
  const fromQuery = Object.fromEntries(call.query);
  return { ...fromQuery, ...fromBody };
}

export function signUpload(call: Call): Answer {
  const { store } = call;
  const request = signRequest(call);
  const filename = request.filename;
  if (typeof filename !== "string" || !/^[\w.-]+$/.test(filename)) return badRequest("filename is required (letters, digits, . _ -)");
  const size = typeof request.size === "string" && /^\d+x\d+$/i.test(request.size) ? request.size.toLowerCase() : "0x0";
  // with an asset's id, the upload replaces that asset's file (AssetSignRequest)
  if (request.id !== undefined) {
    const replaced = findAsset(store, String(request.id));
    return replaced ? signedForm(call, replaced) : notFound("asset");
  }
  const spaceId = store.space.id as number;
  const now = store.now();
  const asset: Json = {
    id: store.nextId(),
    filename: assetUrl(spaceId, size, filename),
    short_filename: filename,
    space_id: spaceId,
    content_type: contentTypeOf(filename),
    content_length: 0,
    created_at: now,
    updated_at: now,
    alt: "",
    title: "",
    copyright: "",
    source: "",
    focus: "",
    is_private: false,
    meta_data: {},
  };
  store.assets.push(asset);
  return signedForm(call, asset);
}

function signedForm({ store, origin }: Call, asset: Json): Answer {
  const key = new URL(String(asset.filename)).pathname.slice(1);
  store.uploads.set(String(asset.id), { assetId: asset.id as number, received: false });
  const fields = {
    key,
    acl: "public-read",
    "Content-Type": asset.content_type as string,
    policy: Buffer.from(key).toString("base64"),
    "x-amz-signature": sign(key),
  };
  return {
    status: 200,
    body: { id: String(asset.id), post_url: `${origin}/upload`, fields, pretty_url: asset.filename, public_url: asset.filename },
  };
}

/** Step 2: the form S3 would take. Answers 204 as S3 does for a POST without success_action_status. */
export async function receiveUpload(store: SpaceStore, form: FormData): Promise<Answer> {
  const key = form.get("key");
  const file = form.get("file");
  if (typeof key !== "string" || form.get("x-amz-signature") !== sign(key))
    return { status: 403, body: { error: "signature does not match" } };
  if (!(file instanceof Blob)) return badRequest("file is required");
  const asset = store.assets.find((item) => new URL(String(item.filename)).pathname.slice(1) === key);
  const upload = asset && store.uploads.get(String(asset.id));
  if (!asset || !upload) return notFound("upload");
  const bytes = new Uint8Array(await file.arrayBuffer());
  store.files.set(asset.id as number, { bytes, contentType: String(form.get("Content-Type") ?? file.type) });
  upload.received = true;
  return { status: 204 };
}

export function finishUpload({ store, params }: Call): Answer {
  const upload = store.uploads.get(params.id ?? "");
  const asset = findAsset(store, params.id);
  if (!upload || !asset) return notFound("asset");
  if (!upload.received) return badRequest("the file has not been uploaded");
  asset.content_length = store.files.get(upload.assetId)?.bytes.byteLength ?? 0;
  asset.updated_at = store.now();
  store.uploads.delete(params.id ?? "");
  return { status: 200, body: { message: "Asset uploaded successfully" } };
}

export function getAsset({ store, params }: Call): Answer {
  const asset = findAsset(store, params.id);
  return asset ? { status: 200, body: asset } : notFound("asset");
}
