import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import warmUpPage from "../../.generated/warm-up.js";
import snapshot from "../../.generated/snapshot.js";
import { streamHtml } from "../../src/server/render/stream";
import { timersAsMicrotasks, warmUpListings, warmUpRenderer, type WarmUpPage } from "../../src/server/render/warm-up";
import { createLogger, type LogLevel } from "../../src/shared/log";
import { listingQuery } from "../../src/shared/listings/listing-queries";
import { walkBloks } from "../../src/shared/listings/listings";

function recordingLogger() {
  const lines: Array<{ level: LogLevel; line: Record<string, unknown> }> = [];
  return { lines, logger: createLogger({ level: "debug", sink: (level, line) => lines.push({ level, line: JSON.parse(line) }) }) };
}

const silent = createLogger({ level: "error", sink: () => {} });
const TIMERS = ["setTimeout", "setInterval", "clearTimeout", "clearInterval"] as const;
type TimerName = (typeof TIMERS)[number];
type Timer = (callback: unknown, ...rest: unknown[]) => unknown;

/** Runs `work` with each timer global replaced by `stand(name, the real one)`; the real ones are back after. */
async function withTimers<T>(stand: (name: TimerName, real: Timer) => Timer, work: (real: Record<TimerName, Timer>) => Promise<T>) {
  const real = Object.fromEntries(TIMERS.map((name) => [name, globalThis[name]])) as Record<TimerName, Timer>;
  for (const name of TIMERS) Object.assign(globalThis, { [name]: stand(name, real[name]) });
  try {
    return await work(real);
  } finally {
    Object.assign(globalThis, real);
  }
}

/**
 * Runs `warmUpRenderer` as a fresh isolate does (src/server/index.ts): where workerd refuses
 * timers and reading a body through `Response` (refused here too, and each ask noted), and
 * where the first request can come no sooner than the first turn of the event loop after the
 * start-up's microtasks (`first` says which came first: the warm-up's bytes, or that turn; the
 * turn is `scheduler.wait`'s, which no stand-in for `setTimeout` can move).
 */
async function startIsolate(page: WarmUpPage) {
  const { lines, logger } = recordingLogger();
  const refused: string[] = [];
  const refuse =
    (name: string) =>
    (_callback: unknown, ...rest: unknown[]) => {
      refused.push(`${name}(${rest.join(", ")})`);
      throw new Error("Disallowed operation called within global scope");
    };
  const readText = Response.prototype.text;
  Response.prototype.text = refuse("Response.text") as never;
  try {
    return await withTimers(refuse, async () => {
      const startingTimer = globalThis.setTimeout;
      const turn = scheduler.wait(0).then(() => "a turn of the event loop");
      const first = await Promise.race([warmUpRenderer(page, logger).then((bytes) => ({ bytes })), turn]);
      return { first, refused, lines, setTimeoutGivenBack: globalThis.setTimeout === startingTimer };
    });
  } finally {
    Response.prototype.text = readText;
  }
}

// A fresh isolate renders the warm-up page while it starts, with React's timers run as
// microtasks (warm-up.tsx says what that assumes of React; each test here fails when one of
// those assumptions stops holding).
describe("warmUpRenderer", () => {
  it("renders every page within the start-up's microtasks, asks for no timer, and gives setTimeout back", async () => {
    const started = await startIsolate(warmUpPage);
    expect(started).toEqual({ first: { bytes: expect.any(Number) }, refused: [], lines: [], setTimeoutGivenBack: true });
    expect((started.first as { bytes: number }).bytes).toBeGreaterThan(200_000);
  });

  it("logs a failure and gives up, leaving the isolate as it was: setTimeout given back", async () => {
    const broken: WarmUpPage = { ...warmUpPage, theme: { ...warmUpPage.theme, content: null as never } };
    const { lines, ...started } = await startIsolate(broken);
    expect(started).toEqual({ first: { bytes: 0 }, refused: [], setTimeoutGivenBack: true });
    expect(lines.map(({ level, line }) => [level, line.event])).toEqual([["error", "warmup.failed"]]);
  });
});

describe("timersAsMicrotasks", () => {
  it("runs a callback asked for with no delay as a microtask, in the order asked, with the id 0", async () => {
    const handedOn: unknown[][] = [];
    const standIn = timersAsMicrotasks(((...args: unknown[]) => handedOn.push(args)) as typeof setTimeout);
    const ran: string[] = [];
    const ids = [standIn(() => ran.push("first"), 0), standIn(() => ran.push("second"))];
    ran.push("asked");
    await Promise.resolve();
    expect({ ids, ran, handedOn }).toEqual({ ids: [0, 0], ran: ["asked", "first", "second"], handedOn: [] });
  });

  it("hands any other timer to the real setTimeout as asked: a delay, arguments", () => {
    const handedOn: unknown[][] = [];
    const standIn = timersAsMicrotasks(((...args: unknown[]) => handedOn.push(args)) as typeof setTimeout);
    const callback = () => {};
    const ids = [standIn(callback, 5), standIn(callback, 0, "x")];
    expect({ ids, handedOn }).toEqual({
      ids: [1, 2],
      handedOn: [
        [callback, 5],
        [callback, 0, "x"],
      ],
    });
  });
});

// What warm-up.tsx assumes of React's server renderer itself, seen with the real timers.
describe("React's stream renderer (what the warm-up's stand-in stands in for)", () => {
  /** Every timer call during `work`, as [name, typeof callback, ...the rest]; the timers still work. */
  async function timersAskedDuring(work: (realSetTimeout: Timer) => Promise<unknown>) {
    const asked: unknown[][] = [];
    const record =
      (name: TimerName, real: Timer) =>
      (callback: unknown, ...rest: unknown[]) => {
        asked.push([name, typeof callback, ...rest]);
        return real(callback, ...rest);
      };
    await withTimers(record, (real) => work(real.setTimeout));
    return asked;
  }

  it("sets one timer as its work starts: setTimeout(callback, 0)", async () => {
    const asked = await timersAskedDuring(async () => {
      const { response } = await streamHtml(<p>klaar</p>, { status: 200, headers: {}, logger: silent });
      expect(await response.text()).toBe("<p>klaar</p>");
    });
    expect(asked).toEqual([["setTimeout", "function", 0]]);
  });

  it("sets one more for a task that waited past the first one, also setTimeout(callback, 0)", async () => {
    let open!: (cases: string) => void;
    const listing = new Promise<string>((resolve) => (open = resolve));
    const Listing = () => <p>{use(listing)}</p>;
    const asked = await timersAskedDuring(async (realSetTimeout) => {
      const page = (
        <main>
          <Suspense fallback={<i>even geduld</i>}>
            <Listing />
          </Suspense>
        </main>
      );
      const { response } = await streamHtml(page, { status: 200, headers: {}, logger: silent });
      // the listing comes a turn of the event loop after the shell, as one from the network would
      realSetTimeout(() => open("vijf cases"), 0);
      expect(await response.text()).toContain("<p>vijf cases</p>");
    });
    expect(asked).toEqual([
      ["setTimeout", "function", 0],
      ["setTimeout", "function", 0],
    ]);
  });
});

describe("the warm-up page (tools/build/warm-up-page.ts)", () => {
  const components = (value: unknown) => new Set([...walkBloks(value)].map((blok) => blok.component));
  const pages = warmUpPage.pages.map((page) => page.content);

  it("uses every block the demo space's pages use, and every page type", () => {
    const used = components(
      snapshot.stories.filter((story) => !["Theme", "TeamMember"].includes(story.content.component)).map((s) => s.content),
    );
    expect([...used].filter((name) => !components(pages).has(name))).toEqual([]);
  });

  it("hands every listing on it cards of its type", async () => {
    const listings = warmUpPage.pages.flatMap((story) => [...warmUpListings(story, warmUpPage).entries()]);
    expect(listings.length).toBeGreaterThanOrEqual(5); // cases, insights, sectors, team, vacancies
    for (const [uid, listing] of listings) {
      const blok = [...walkBloks(pages)].find((b) => b._uid === uid);
      const { stories } = await listing;
      expect(stories.length, blok?.component).toBeGreaterThan(0);
      for (const story of stories) expect(story.content.component).toBe(listingQuery(blok!)?.content_type);
    }
  });

  it("carries none of the demo space's text", () => {
    const words = JSON.stringify(warmUpPage);
    for (const story of snapshot.stories) expect(words).not.toContain(story.uuid);
    expect(words).not.toContain("Koraal zei vaker nee");
  });
});
