// What `npm run profile:native` reads from Linux perf: the samples of one workerd process with their
// call chains (`perf script -F pid,period,ip,sym`), each put in the part of the runtime it was
// spent in. V8's own profiler (`npm run profile`) sees JavaScript only: the runtime's work on the
// Worker's behalf (headers, streams, the answer's compression, garbage collection, the request's
// entry and I/O) shows there as "(program)" at best. This names it.

export interface NativeSample {
  pid: number;
  /** CPU ns this sample stands for (perf's period for its cpu-clock event). */
  periodNs: number;
  /** Leaf first: each frame's address and symbol (`[unknown]` where perf has none, JIT code). */
  frames: Array<{ ip: string; sym: string }>;
}

/** Parses `perf script -F pid,period,ip,sym` output (call chains recorded with `-g`). */
export function parsePerfScript(text: string): NativeSample[] {
  const samples: NativeSample[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const [head, ...rest] = block.split("\n").filter((line) => line.trim() !== "");
    const fields = head?.trim().split(/\s+/);
    if (!fields || fields.length < 2 || !/^\d+$/.test(fields[0]!)) continue;
    const frames = rest.map((line) => {
      const match = /^\s*([0-9a-f]+)\s+(.*)$/.exec(line);
      return { ip: match?.[1] ?? "", sym: (match?.[2] ?? line).trim() };
    });
    samples.push({ pid: Number(fields[0]), periodNs: Number(fields[1]), frames });
  }
  return samples;
}

/** The runtime's API class (and method) a frame runs in: `workerd::api::Headers::set`, or mangled `...3api7Headers3set...`. */
export function apiFrame(sym: string): { name: string; method?: string } | undefined {
  const plain = /workerd::api::(?:\(anonymous namespace\)::)?(\w+)(?:::(\w+))?/.exec(sym);
  if (plain) return { name: plain[1]!, method: plain[2] };
  const mangled = /3api(?:12_GLOBAL__N_1)?(\d+)/.exec(sym);
  if (!mangled) return undefined;
  const at = mangled.index + mangled[0].length;
  const name = sym.slice(at, at + Number(mangled[1]));
  const method = /^(\d+)/.exec(sym.slice(at + name.length));
  const methodAt = at + name.length + (method?.[1]?.length ?? 0);
  return { name, method: method ? sym.slice(methodAt, methodAt + Number(method[1])) : undefined };
}

/** The Web APIs a Worker's code calls, by what they are for. */
const API_GROUPS: Array<[RegExp, string]> = [
  [/Read|Writ|Stream|Queue|Drain|valueToBytes|deferControllerStateChange/, "streams"],
  [/^Headers$|HeaderKey|HeaderString|normalizeHeaderValue/, "headers"],
  [/^Text(Encoder|Decoder)$/, "text encoding"],
  [/^(URL|url|URLSearchParams)$/, "URL"],
  [/Crypto|crypto/, "crypto"],
  [/^(AbortSignal|AbortController|EventTarget|Event)$/, "events, abort signals"],
];

const ENTRY = "request entry and I/O (workerd, kj, HTTP)";

/**
 * The Web API a frame runs in, by what it is for; the runtime's own plumbing (handing a request or
 * response across services, RPC, fetch between them) is the request's entry and I/O.
 */
function webApi(sym: string): string | undefined {
  const frame = apiFrame(sym);
  if (!frame) return undefined;
  if (frame.name === "ServiceWorkerGlobalScope" && frame.method !== "request") return "Web API: timers, other globals";
  const group = API_GROUPS.find(([pattern]) => pattern.test(frame.name))?.[1];
  return group ? `Web API: ${group}` : ENTRY;
}

const GZIP = /^(longest_match|deflate\w*|compress_block|build_tree|send_tree|pqdownheap|fill_window|Cr_z_\w+|crc32\w*|adler32\w*|_tr_\w+)/;
const GC =
  /Heap::CollectGarbage|Scavenger|MinorGC|MarkCompact|Sweeper|ConcurrentMarking|cppgc::internal::(Marker|Sweeper)|IncrementalMarking/;
/** Frames that are JavaScript: V8's builtins and interpreter, and JIT code (no symbol, not perf's end-of-chain marker). */
const isJs = ({ ip, sym }: { ip: string; sym: string }) =>
  sym.startsWith("Builtins_") || (sym.startsWith("[unknown]") && !/^f{16}$/.test(ip));

/**
 * Where a sample was spent, from its leaf outwards: the first frame that is the answer's compression,
 * garbage collection, a Web API the code called (headers, streams, encoders, crypto, URL, timers) or
 * JavaScript decides. A sample in none of them is the runtime's request entry and I/O (kj's event
 * loop, HTTP, the isolate's lock, handing a request or response across).
 */
export function categorise(frames: NativeSample["frames"]): string {
  for (const frame of frames) {
    if (GZIP.test(frame.sym)) return "gzip (the answer's compression)";
    if (GC.test(frame.sym)) return "garbage collection";
    const api = webApi(frame.sym);
    if (api) return api;
    if (isJs(frame)) return "JavaScript";
  }
  return ENTRY;
}

/** CPU ms per request of process `pid`, by category. */
export function perRequestByCategory(samples: NativeSample[], pid: number, requests: number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const sample of samples) {
    if (sample.pid !== pid) continue;
    const category = categorise(sample.frames);
    totals.set(category, (totals.get(category) ?? 0) + sample.periodNs / 1e6 / requests);
  }
  return totals;
}
