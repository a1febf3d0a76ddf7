#!/usr/bin/env node
// `npm run bench:publish`: builds, then runs the publish load test (tools/perf/publish-load.ts)
// against the local site: PUBLISH_LOAD_CLIENTS clients (default 12), BENCH_PORT (default 8763).
// Exits 1 when a client got a non-200 answer (but an unpublished page's 404) or did not see a
// publish within 5 s of its webhook.
import { build } from "./local-worker.ts";
import { report, runPublishLoad } from "../tools/perf/publish-load.ts";

/** The promise the site makes: every client sees a publish within this long of the webhook. */
const LIVE_WITHIN_MS = 5000;

const clients = Number(process.env.PUBLISH_LOAD_CLIENTS || 12);
build();
const result = await runPublishLoad({ port: Number(process.env.BENCH_PORT || 8763), clients, persist: ".wrangler/bench-publish-state" });
console.log(`\n${report(result, clients)}`);
const late = result.summary.changes.filter((change) => change.everyClientMs === undefined || change.everyClientMs > LIVE_WITHIN_MS);
if (result.summary.errors > 0 || late.length > 0) {
  console.log(
    `\nnot met: ${result.summary.errors} non-200 answers; later than ${LIVE_WITHIN_MS / 1000} s: ${late.map((c) => c.label).join(", ") || "none"}`,
  );
  process.exitCode = 1;
}
