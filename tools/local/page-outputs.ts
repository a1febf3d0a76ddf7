// What visitors get, written to a folder so two versions of the code can be compared byte for
// byte: every page of the sitemap (both languages), each with `?pagina=2` where it has a second
// page, and a 404 in each language, rendered by the built Worker in workerd. The per-request nonce,
// the build's content hashes and the local origin (its port) are masked; everything else is the answer as sent.
//
// Two rounds: `cold/` (first visits: KV and the HTML memo empty, each with a full rate-limit
// bucket) and `warm/` (the same again, from KV and the memo).
//
//   npm run page-outputs -- <folder>     then: diff -r <before> <after>
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";
import { build, startLocalWorker, waitUntilUp } from "./local-worker.ts";

const PORT = Number(process.env.PAGE_OUTPUTS_PORT ?? 8797);
const base = `http://127.0.0.1:${PORT}`;
/** The content layer's token bucket (5 per second) is full again after this long. */
const BUCKET_REFILL_MS = 1100;
const SENT_HEADERS = ["content-type", "cache-control", "content-language", "link", "x-robots-tag", "content-security-policy"];

/** The nonce and the page view's token change per request, the build's hashes with any change to the client code: none is output to compare. */
function masked(text: string): string {
  return text
    .replaceAll(base, "http://site")
    .replace(/nonce-[A-Za-z0-9+/=_-]+/g, "nonce-*")
    .replace(/nonce="[^"]*"/g, 'nonce="*"')
    .replace(/<meta name="view-token" content="[^"]*"/g, '<meta name="view-token" content="*"')
    .replace(/(\/assets\/[\w-]+)\.[A-Za-z0-9]{8,10}\.(js|css)/g, "$1.*.$2")
    .replace(/(<meta name="build-id" content=")[^"]+/g, "$1*");
}

async function save(path: string, folder: string): Promise<void> {
  const res = await fetch(base + path, { redirect: "manual" });
  const headers = SENT_HEADERS.map((name) => `${name}: ${res.headers.get(name) ?? ""}`).join("\n");
  const file = join(folder, `${encodeURIComponent(path)}.txt`);
  writeFileSync(file, masked(`${res.status}\n${headers}\n\n${await res.text()}`));
}

/** `npm run page-outputs -- <folder>`. */
export async function main([out]: string[]): Promise<number> {
  if (!out) throw new Error("usage: npm run page-outputs -- <folder>");
  build();
  const persist = resolve(REPO_ROOT, ".wrangler/page-outputs");
  rmSync(persist, { recursive: true, force: true });
  const worker = startLocalWorker({ port: PORT, persist: ".wrangler/page-outputs", logLevel: "error" });
  try {
    await waitUntilUp(base);
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...new Set([...sitemap.matchAll(/href="([^"]+)"|<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? m[2]!).pathname))];
    const paths = [...pages, ...pages.map((path) => `${path}?pagina=2`), "/bestaat-niet", "/en/does-not-exist"];
    rmSync(out, { recursive: true, force: true });
    // twice: the first visit fills KV and the isolate's memo, the second is served from them
    for (const round of ["cold", "warm"]) {
      mkdirSync(join(out, round), { recursive: true });
      for (const path of paths) {
        // a first visit starts with a full rate-limit bucket, whatever the machine's speed: whether
        // its listings wait for a token (and stream in after the page) is then the same every run
        if (round === "cold") await new Promise((resolve) => setTimeout(resolve, BUCKET_REFILL_MS));
        await save(path, join(out, round));
      }
    }
    console.log(`${paths.length} answers written to ${out} (${pages.length} sitemap pages)`);
    return 0;
  } finally {
    worker.kill();
  }
}
