/**
 * Static assets: an upload session answers which of the manifest's hashes the account lacks
 * (in buckets) and a JWT; the upload takes those files, base64, with that JWT instead of the API
 * token, and its last answer carries the completion JWT a script upload's `metadata.assets.jwt`
 * must carry. When nothing is missing, the session's own JWT is the completion token.
 */
import { type Answer, type Call, ok, refuse } from "./envelope.ts";

const BUCKET_SIZE = 10;

interface ManifestEntry {
  hash: string;
  size: number;
}

export function createUploadSession(call: Call): Answer {
  const script = call.params.script_name ?? "";
  const manifest = call.json.manifest as Record<string, ManifestEntry>;
  const hashes = [...new Set(Object.values(manifest).map((entry) => entry.hash))];
  const held = new Set(call.account.state.assetHashes);
  const missing = hashes.filter((hash) => !held.has(hash));
  if (missing.length === 0) return ok({ jwt: call.account.signAssetsToken({ kind: "completion", script, hashes }), buckets: [] });
  const buckets: string[][] = [];
  for (let i = 0; i < missing.length; i += BUCKET_SIZE) buckets.push(missing.slice(i, i + BUCKET_SIZE));
  return ok({ jwt: call.account.signAssetsToken({ kind: "upload", script, hashes }), buckets });
}

export function uploadAssets(call: Call): Answer {
  const token = call.account.readAssetsToken(call.bearer);
  if (token?.kind !== "upload") return refuse(401, 10000, "Authentication error: the assets upload needs the upload session's JWT");
  const wanted = new Set(token.hashes);
  for (const [hash, part] of call.parts) {
    if (!wanted.has(hash)) return refuse(400, 10021, `The file ${hash} is not in this upload session's manifest`);
    if (!/^[A-Za-z0-9+/=\s]*$/.test(part.text)) return refuse(400, 10021, `The file ${hash} is not base64`);
  }
  const held = new Set(call.account.state.assetHashes);
  for (const hash of call.parts.keys()) held.add(hash);
  call.account.state.assetHashes = [...held];
  call.account.changed();
  if (token.hashes.some((hash) => !held.has(hash))) return { ...ok({}), status: 202 };
  return ok({ jwt: call.account.signAssetsToken({ kind: "completion", script: token.script, hashes: token.hashes }) }, undefined, 201);
}
