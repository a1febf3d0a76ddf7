// `npm run profile:native` puts each perf sample of the Worker's workerd in the part of the runtime
// it was spent in (tools/perf/perf-samples.ts): from the leaf outwards, the first frame that says.
import { describe, expect, it } from "vitest";
import { apiFrame, categorise, parsePerfScript, perRequestByCategory } from "../../tools/perf/perf-samples.ts";

const JIT = "    55f6e0582dd5 [unknown]";
const END = "    ffffffffffffffff [unknown]";
const CALLBACK = "         3f320e9 Builtins_CallApiCallbackGeneric";

/** `perf script -F pid,period,ip,sym` output: one sample per block, leaf first. */
const script = [
  [" 10    1000000 ", "         1 longest_match", "         2 workerd::api::CompressionStream::write", JIT],
  [" 10    1000000 ", "         1 tcmalloc::tcmalloc_internal::alloc_small", "         2 workerd::api::Headers::set", CALLBACK, JIT],
  [" 10    1000000 ", JIT, "         3 Builtins_JSEntry", "         4 workerd::api::ServiceWorkerGlobalScope::request"],
  [" 10    1000000 ", "         1 v8::internal::Scavenger::ScavengeObject", "         2 v8::internal::Heap::CollectGarbage", JIT],
  [" 10    1000000 ", "         1 kj::_::waitImpl", "         2 workerd::api::ServiceWorkerGlobalScope::request", END],
  [
    " 10    1000000 ",
    "         1 _ZN7workerd3jsg14MethodCallbackINS_6server12_GLOBAL__N_129JsgWorkerdIsolate_TypeWrapperEXadsoKcL_ZZNS_3api7Fetcher15registerMembersEE",
    JIT,
  ],
  [" 10    1000000 ", "         1 _ZN7workerd3api11TextEncoder6encodeERNS_3jsg4LockE", CALLBACK, JIT],
  [" 11    1000000 ", JIT],
]
  .map((lines) => lines.join("\n"))
  .join("\n\n");

describe("native profile", () => {
  const samples = parsePerfScript(script);

  it("reads each sample's process, period and frames, leaf first", () => {
    expect(samples).toHaveLength(8);
    expect(samples[1]).toEqual({
      pid: 10,
      periodNs: 1_000_000,
      frames: [
        { ip: "1", sym: "tcmalloc::tcmalloc_internal::alloc_small" },
        { ip: "2", sym: "workerd::api::Headers::set" },
        { ip: "3f320e9", sym: "Builtins_CallApiCallbackGeneric" },
        { ip: "55f6e0582dd5", sym: "[unknown]" },
      ],
    });
  });

  it("names the runtime's API class and method, demangled or not", () => {
    expect(apiFrame("workerd::api::Headers::set")).toEqual({ name: "Headers", method: "set" });
    expect(apiFrame("_ZN7workerd3api11TextEncoder6encodeERNS_3jsg4LockE")).toEqual({ name: "TextEncoder", method: "encode" });
    expect(apiFrame("v8::internal::Heap::CollectGarbage")).toBeUndefined();
  });

  it("puts each sample where the first frame from its leaf says", () => {
    expect(samples.map((sample) => categorise(sample.frames))).toEqual([
      "gzip (the answer's compression)",
      "Web API: headers",
      "JavaScript",
      "garbage collection",
      // perf's end-of-chain marker is not JIT code
      "request entry and I/O (workerd, kj, HTTP)",
      // a service binding's fetch between workerd's services is plumbing, not a Web API the code called
      "request entry and I/O (workerd, kj, HTTP)",
      "Web API: text encoding",
      "JavaScript",
    ]);
  });

  it("counts one process's samples as CPU ms per request", () => {
    const parts = perRequestByCategory(samples, 10, 2);
    expect(parts.get("request entry and I/O (workerd, kj, HTTP)")).toBe(1);
    expect(parts.get("JavaScript")).toBe(0.5);
    expect([...parts.values()].reduce((sum, ms) => sum + ms, 0)).toBe(3.5);
  });
});
