// What the publish load test (publish-load.ts) makes of its answers: pure counting, no I/O, so the
// rules that decide "error", "stale" and "live" are tested on their own (tests/node/publish-count.test.ts).

/** One answer a client got, times in ms since the run started. */
export interface Answer {
  client: number;
  path: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status; 0 when no answer came (network error, the client's own timeout). */
  status: number;
  /** Which of the watched texts (every change's `shows`) the body held: bodies are not kept. */
  texts: ReadonlySet<string>;
}

/**
 * An editor's change, as the webhook announced it: from `at` (its answer) on, each named path must
 * show it; a request started between `sentAt` and `at` may show it or what was there before.
 */
export interface Change {
  label: string;
  sentAt: number;
  at: number;
  /** A publish: the text each path shows once the new content is live. */
  shows?: Readonly<Record<string, string>>;
  /** An unpublish: these paths are gone, a 404 is their right answer. */
  gone?: readonly string[];
}

/** How one answer is judged against the changes announced before it was asked. */
export type Verdict = "ok" | "error" | "stale" | "gone";

/** The change a path's answer is held to: the last one naming the path announced before the request started. */
export function changeFor(changes: readonly Change[], path: string, startedAt: number): Change | undefined {
  let found: Change | undefined;
  for (const change of changes) {
    if (change.at > startedAt) continue;
    if (change.shows?.[path] !== undefined || change.gone?.includes(path)) {
      if (!found || change.at >= found.at) found = change;
    }
  }
  return found;
}

/** What a path must answer after `changes`: a 404 (gone), or a 200 with every text published to it since. */
export function expectation(changes: readonly Change[], path: string): { gone: boolean; texts: string[] } {
  let gone = false;
  let texts: string[] = [];
  for (const change of [...changes].sort((a, b) => a.at - b.at)) {
    const text = change.shows?.[path];
    if (change.gone?.includes(path)) [gone, texts] = [true, []];
    else if (text !== undefined) [gone, texts] = [false, [...texts, text]];
  }
  return { gone, texts };
}

const RANK: Record<Verdict, number> = { ok: 0, gone: 0, stale: 1, error: 2 };

/**
 * ok: 200 with everything published to its path so far; gone: the 404 of an unpublished path;
 * stale: a 200 without some published text (or where the path is gone); error: any other status.
 * A request that started while a webhook was on its way is held to the better of before and after.
 */
export function verdict(answer: Answer, changes: readonly Change[]): Verdict {
  const announced = judge(
    answer,
    expectation(
      changes.filter((change) => change.at <= answer.startedAt),
      answer.path,
    ),
  );
  const underway = judge(
    answer,
    expectation(
      changes.filter((change) => change.sentAt <= answer.startedAt),
      answer.path,
    ),
  );
  return RANK[underway] < RANK[announced] ? underway : announced;
}

function judge(answer: Answer, { gone, texts }: ReturnType<typeof expectation>): Verdict {
  if (gone) {
    if (answer.status === 404) return "gone";
    return answer.status === 200 ? "stale" : "error";
  }
  if (answer.status !== 200) return "error";
  return texts.every((text) => answer.texts.has(text)) ? "ok" : "stale";
}

/** Per second since the run started (or since a change): answers, errors by status, stale answers. */
export interface Second {
  second: number;
  answers: number;
  errors: Record<number, number>;
  stale: number;
}

export interface ChangeSummary {
  label: string;
  at: number;
  /** Answers held to this change that were stale (or, for an unpublish, still showing the page). */
  stale: number;
  errors: number;
  /** Per second after the change (second 0 is the first), the answers held to it. */
  seconds: Second[];
  /** The first answer of each client that showed the change, in ms after the change; undefined: the client never did. */
  firstLiveMs: Array<number | undefined>;
  /** When every client had seen the change (the slowest client's first), in ms after it; undefined: some client never did. */
  everyClientMs: number | undefined;
  /** The end of the last stale answer held to this change, in ms after it (0: none). */
  lastStaleMs: number;
}

/** The texts a body is searched for: every change's promised text. */
export function watchedTexts(changes: ReadonlyArray<Pick<Change, "shows">>): string[] {
  return [...new Set(changes.flatMap((change) => Object.values(change.shows ?? {})))];
}

export interface Summary {
  answers: number;
  byStatus: Record<number, number>;
  /** Non-200 answers other than the 404s of an unpublished page. */
  errors: number;
  stale: number;
  changes: ChangeSummary[];
  /** Per second since the run started. */
  seconds: Second[];
}

export function summarise(answers: readonly Answer[], changes: readonly Change[], clients: number): Summary {
  const judged = answers.map((answer) => ({ answer, verdict: verdict(answer, changes) }));
  const byStatus: Record<number, number> = {};
  for (const { answer } of judged) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
  return {
    answers: answers.length,
    byStatus,
    errors: judged.filter((j) => j.verdict === "error").length,
    stale: judged.filter((j) => j.verdict === "stale").length,
    changes: changes.map((change) => summariseChange(change, judged, changes, clients)),
    seconds: perSecond(judged, 0),
  };
}

type Judged = { answer: Answer; verdict: Verdict };

function summariseChange(change: Change, judged: readonly Judged[], changes: readonly Change[], clients: number): ChangeSummary {
  const held = judged.filter(({ answer }) => changeFor(changes, answer.path, answer.startedAt) === change);
  const live: Array<number | undefined> = Array.from({ length: clients }, () => undefined);
  for (const { answer, verdict } of held) {
    const ms = answer.endedAt - change.at;
    const shown = change.gone ? verdict === "gone" : verdict === "ok";
    if (shown && (live[answer.client] === undefined || ms < live[answer.client]!)) live[answer.client] = ms;
  }
  const stale = held.filter((j) => j.verdict === "stale");
  const seconds = perSecond(held, change.at);
  return {
    label: change.label,
    at: change.at,
    stale: stale.length,
    errors: held.filter((j) => j.verdict === "error").length,
    seconds,
    firstLiveMs: live,
    everyClientMs: live.some((ms) => ms === undefined) ? undefined : Math.max(...(live as number[])),
    lastStaleMs: Math.max(0, ...stale.map(({ answer }) => answer.endedAt - change.at)),
  };
}

/** Answers by the second in which they ended, counted from `from`; empty seconds in between are kept. */
function perSecond(judged: readonly Judged[], from: number): Second[] {
  const seconds: Second[] = [];
  for (const { answer, verdict } of judged) {
    const index = Math.max(0, Math.floor((answer.endedAt - from) / 1000));
    while (seconds.length <= index) seconds.push({ second: seconds.length, answers: 0, errors: {}, stale: 0 });
    const second = seconds[index]!;
    second.answers++;
    if (verdict === "error") second.errors[answer.status] = (second.errors[answer.status] ?? 0) + 1;
    if (verdict === "stale") second.stale++;
  }
  return seconds;
}
