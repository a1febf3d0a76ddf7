// The publish load test (`npm run bench:publish`, scripts/bench-publish.ts): the built site under
// wrangler dev, N clients loading real pages in both languages, and in the middle what an editor
// does: unpublish home, publish it again 6 s later, then publish the theme. It counts every answer
// that is not a 200 (but the 404 of an unpublished home), the answers that still show the old
// content after a webhook announced the new (stale), per second, and how long until every client
// has seen the new content. What is new is read from the drafts the publishes promote
// (content/drafts/): a text only the draft has, searched for in every answer.
// Loopback only; bounded: the clients stop after `durationMs`, every request after 15 s.
import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { hmacHex } from "../../src/shared/digest.ts";
import { REPO_ROOT as ROOT } from "../repo-root.ts";
import { build, startLocalWorker, waitUntilUp } from "../local/local-worker.ts";
import { type Answer, type Change, type Summary, summarise, watchedTexts } from "./publish-count.ts";

/** Home in both languages, every other request of every client: what the home publish changes. */
export const HOME_PAGES = ["/", "/en"] as const;
/** The other pages, in between (each client starts at another one): what the theme publish changes too. */
export const OTHER_PAGES = [
  "/contact",
  "/en/contact",
  "/cases",
  "/diensten",
  "/en/services",
  "/insights",
  "/en/insights",
  "/vacatures",
  "/over-ons",
  "/diensten/app-ontwikkeling",
] as const;
const PAGES = [...HOME_PAGES, ...OTHER_PAGES];

/** The page a client asks for as its `i`th request. */
export const pageFor = (client: number, i: number): string =>
  i % 2 === 0 ? HOME_PAGES[(client + i / 2) % HOME_PAGES.length]! : OTHER_PAGES[(client + (i - 1) / 2) % OTHER_PAGES.length]!;

const SECRET = "publish-load-geheim";
const PUBLISH_PATH = "/api/storyblok/emulator/publish";
/** A request that has no answer after this long counts as status 0. */
const REQUEST_TIMEOUT_MS = 15_000;
/** How long the clients load pages: the last step (28 s) and the 14 s after it. */
const DURATION_MS = 42_000;
/** Each client stops after this many requests even if time is left (a bound on a very fast machine). */
const MAX_REQUESTS_PER_CLIENT = 20_000;

/** One editor's action at `at` ms after the clients started. */
interface Step {
  at: number;
  slug: string;
  action: "published" | "unpublished";
  label: string;
  /** What each page shows once the step is live (publish) or which pages are gone (unpublish). */
  expect: Pick<Change, "shows" | "gone">;
}

export interface PublishLoadOptions {
  port: number;
  clients: number;
  /** wrangler's local state, emptied first: the run starts from a cold KV. */
  persist: string;
}

export interface PublishLoadResult {
  summary: Summary;
  durationMs: number;
  /** Worker log events (`content.origin`, `content.unavailable`, ...) counted per step: from its webhook to the next one. */
  events: Array<{ label: string; counts: Record<string, number> }>;
}

const isEnglish = (path: string) => path === "/en" || path.startsWith("/en/");

/** A text a draft holds: the publish of that draft makes it visible. */
function draftText(file: string, pick: (content: DraftContent) => string | undefined): string {
  const draft = JSON.parse(readFileSync(`${ROOT}/content/drafts/${file}`, "utf8")) as { content: DraftContent };
  const text = pick(draft.content);
  if (!text) throw new Error(`content/drafts/${file}: the text the load test looks for is gone`);
  return text;
}
type DraftContent = { body?: Array<Record<string, string>>; footer?: Array<Record<string, string>> };

/** Unpublish home, publish it 6 s later (as the issue's editor did), then publish the theme. */
export function steps(): Step[] {
  const home = {
    "/": draftText("home.json", (c) => c.body?.[0]?.title),
    "/en": draftText("home.json", (c) => c.body?.[0]?.title__i18n__en),
  };
  const footer = {
    nl: draftText("theme/theme.json", (c) => c.footer?.[0]?.title),
    en: draftText("theme/theme.json", (c) => c.footer?.[0]?.title__i18n__en),
  };
  const theme = Object.fromEntries(PAGES.map((path) => [path, isEnglish(path) ? footer.en : footer.nl]));
  return [
    { at: 8_000, slug: "home", action: "unpublished", label: "unpublish home", expect: { gone: Object.keys(home) } },
    { at: 14_000, slug: "home", action: "published", label: "publish home", expect: { shows: home } },
    { at: 28_000, slug: "theme/theme", action: "published", label: "publish theme", expect: { shows: theme } },
  ];
}

export async function runPublishLoad(options: PublishLoadOptions): Promise<PublishLoadResult> {
  rmSync(`${ROOT}/${options.persist}`, { recursive: true, force: true });
  const server = startLocalWorker({
    port: options.port,
    persist: options.persist,
    logLevel: "info",
    stdout: "pipe",
    stderr: "pipe",
    vars: { STORYBLOK_WEBHOOK_SECRET: SECRET },
  });
  const log = workerEvents(server);
  const base = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilUp(base);
    for (const path of PAGES) await get(base, path, []); // every page cached once, as a visited site has it
    return await underLoad(base, options.clients, log);
  } finally {
    log.quiet();
    server.kill("SIGTERM");
  }
}

async function underLoad(base: string, clients: number, log: WorkerEvents): Promise<PublishLoadResult> {
  const plan = steps();
  const watched = watchedTexts(plan.map((step) => step.expect));
  const started = performance.now();
  const since = () => performance.now() - started;
  const answers: Answer[] = [];
  const changes: Change[] = [];
  const stepMarks: Array<{ label: string; at: number }> = [];
  const load = Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; i < MAX_REQUESTS_PER_CLIENT && since() < DURATION_MS; i++) {
      const path = pageFor(client, i);
      const startedAt = since();
      const { status, texts } = await get(base, path, watched);
      answers.push({ client, path, startedAt, endedAt: since(), status, texts });
    }
  });
  const editor = (async () => {
    for (const step of plan) {
      await sleep(step.at - since());
      const sentAt = since();
      stepMarks.push({ label: step.label, at: log.now() });
      await announce(base, step);
      // the change counts from the webhook's answer: a request started after it must show it
      changes.push({ label: step.label, sentAt, at: since(), ...step.expect });
    }
  })();
  await Promise.all([...load, editor]);
  const events = stepMarks.map((mark, i) => ({ label: mark.label, counts: log.countBetween(mark.at, stepMarks[i + 1]?.at) }));
  return { summary: summarise(answers, changes, clients), durationMs: since(), events };
}

/** The local publish route: the emulator changes the story, then the site gets the webhook Storyblok would send. */
async function announce(base: string, step: Step): Promise<void> {
  const body = JSON.stringify({ full_slug: step.slug, action: step.action });
  const response = await fetch(base + PUBLISH_PATH, {
    method: "POST",
    headers: { "content-type": "application/json", "webhook-signature": await hmacHex("SHA-1", SECRET, body) },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  if (response.status !== 202) throw new Error(`${step.label}: the local publish route answered ${response.status}`);
}

async function get(base: string, path: string, watched: readonly string[]): Promise<{ status: number; texts: Set<string> }> {
  try {
    const response = await fetch(base + path, { redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await response.text();
    return { status: response.status, texts: new Set(watched.filter((text) => body.includes(text))) };
  } catch {
    return { status: 0, texts: new Set() };
  }
}

interface WorkerEvents {
  now: () => number;
  /** From now on wrangler's own messages are not passed on (its shutdown's). */
  quiet: () => void;
  /** Log events by name among the lines that arrived in [from, to). */
  countBetween: (from: number, to?: number) => Record<string, number>;
}

/**
 * The Worker's JSON log lines by event name and arrival time: wrangler writes info lines to stdout,
 * warnings and errors to stderr (where its own messages go too: those are passed on).
 */
function workerEvents(server: ChildProcess): WorkerEvents {
  const seen: Array<{ at: number; event: string }> = [];
  let quiet = false;
  const read = (stream: NodeJS.ReadableStream | null, passOn: boolean) => {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        const event = /"event":"([\w.]+)"/.exec(line)?.[1];
        if (event) seen.push({ at: performance.now(), event });
        else if (passOn && !quiet && line.trim()) process.stderr.write(`${line}\n`);
      }
    });
  };
  read(server.stdout, false);
  read(server.stderr, true);
  return {
    now: () => performance.now(),
    quiet: () => {
      quiet = true;
    },
    countBetween: (from, to = Number.POSITIVE_INFINITY) => {
      const counts: Record<string, number> = {};
      for (const { at, event } of seen) if (at >= from && at < to) counts[event] = (counts[event] ?? 0) + 1;
      return counts;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The run as text: totals, each step's figures, then the answers per second. */
export function report(result: PublishLoadResult, clients: number): string {
  const { summary } = result;
  const statuses = Object.entries(summary.byStatus)
    .map(([status, n]) => `${n}x ${status}`)
    .join(", ");
  const lines = [
    `publish load: ${clients} clients, ${PAGES.length} pages, ${(result.durationMs / 1000).toFixed(1)} s: ${summary.answers} answers (${statuses})`,
    `non-200 answers (but an unpublished home's 404): ${summary.errors}; stale answers: ${summary.stale}`,
  ];
  for (const [i, change] of summary.changes.entries()) {
    const every = change.everyClientMs === undefined ? "never, by some client" : `${(change.everyClientMs / 1000).toFixed(2)} s`;
    const live = change.firstLiveMs.map((ms) => (ms === undefined ? "-" : (ms / 1000).toFixed(1))).join(" ");
    const seconds = change.seconds.slice(0, lastBusySecond(change.seconds) + 2);
    lines.push(
      "",
      `${change.label} (webhook answered at ${(change.at / 1000).toFixed(2)} s): every client ${change.label.startsWith("unpublish") ? "got the 404" : "saw the new content"} after ${every}`,
      `  each client's first (s): ${live}`,
      `  stale ${change.stale}, errors ${change.errors}; the last stale answer ended ${(change.lastStaleMs / 1000).toFixed(2)} s after the webhook`,
      `  per second after the webhook (answers/stale/errors): ${seconds.map((s) => `${s.answers}/${s.stale}/${errorCount(s.errors)}`).join(" ")}`,
      `  worker log until the next step: ${formatCounts(result.events[i]?.counts ?? {})}`,
    );
  }
  lines.push("", "per second since the clients started (answers, errors by status, stale):");
  for (const second of summary.seconds) {
    const errors = Object.entries(second.errors).map(([status, n]) => `${n}x ${status}`);
    lines.push(
      `  ${String(second.second).padStart(3)}  ${String(second.answers).padStart(4)}  ${errors.join(", ") || "-"}  ${second.stale || "-"}`,
    );
  }
  return lines.join("\n");
}

const errorCount = (errors: Record<number, number>) => Object.values(errors).reduce((sum, n) => sum + n, 0);
const lastBusySecond = (seconds: Summary["seconds"]) => seconds.findLastIndex((s) => s.stale > 0 || errorCount(s.errors) > 0);
const formatCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([event]) => event.startsWith("content.") || event.startsWith("webhook."))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([event, n]) => `${event} ${n}`)
    .join(", ");

/** The promise the site makes: every client sees a publish within this long of the webhook. */
const LIVE_WITHIN_MS = 5000;

/**
 * `npm run bench:publish`: builds, then runs the publish load test against the local site:
 * PUBLISH_LOAD_CLIENTS clients (default 12) on BENCH_PORT (default 8763). 1 when a client got a
 * non-200 answer (but an unpublished page's 404) or did not see a publish within 5 s of its webhook.
 */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const clients = Number(env.PUBLISH_LOAD_CLIENTS || 12);
  build();
  const result = await runPublishLoad({ port: Number(env.BENCH_PORT || 8763), clients, persist: ".wrangler/bench-publish-state" });
  console.log(`\n${report(result, clients)}`);
  const late = result.summary.changes.filter((change) => change.everyClientMs === undefined || change.everyClientMs > LIVE_WITHIN_MS);
  if (result.summary.errors === 0 && late.length === 0) return 0;
  const lateLabels = late.map((change) => change.label).join(", ") || "none";
  console.log(`\nnot met: ${result.summary.errors} non-200 answers; later than ${LIVE_WITHIN_MS / 1000} s: ${lateLabels}`);
  return 1;
}
