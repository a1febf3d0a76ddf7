/**
 * The build's step cache (tools/build/build-cache.ts): a step is made again exactly when one of
 * its inputs (declared, or learnt while making) changed or one of its outputs is gone. Files and
 * records are held in memory here; the build itself reads the checkout and
 * `.generated/build-cache/`.
 */
import { describe, expect, it } from "vitest";
import { codeOf } from "../../tools/build/build.ts";
import { buildCache, inputKey, type RecordStore, type StepRecord } from "../../tools/build/build-cache.ts";

/** A checkout in memory: file -> text. */
function files(initial: Record<string, string>) {
  const texts = new Map(Object.entries(initial));
  return {
    texts,
    read: (file: string) => (texts.has(file) ? new TextEncoder().encode(texts.get(file)) : undefined),
  };
}

function memoryStore(): RecordStore {
  const records = new Map<string, StepRecord<unknown>>();
  return { get: (step) => records.get(step), set: (step, record) => void records.set(step, record) };
}

/** A step that bundles `entry` and what it names on its first line (`uses: a.ts b.ts`), learning those files. */
function bundleStep(checkout: ReturnType<typeof files>, makes: string[]) {
  return {
    name: "bundle",
    inputs: ["entry.ts"],
    make: async () => {
      makes.push("bundle");
      const uses = /^uses: (.*)$/m.exec(checkout.texts.get("entry.ts") ?? "")?.[1]?.split(" ") ?? [];
      checkout.texts.set("out/bundle.js", [checkout.texts.get("entry.ts"), ...uses.map((file) => checkout.texts.get(file))].join("\n"));
      return { result: { bytes: checkout.texts.get("out/bundle.js")?.length }, outputs: ["out/bundle.js"], learnt: uses };
    },
  };
}

describe("the build's step cache", () => {
  it("keys a step on its recipe and every input's path and bytes, in any order", () => {
    const { read } = files({ "a.ts": "a", "b.ts": "b" });
    const key = inputKey("", ["a.ts", "b.ts"], read);
    expect(inputKey("", ["b.ts", "a.ts", "a.ts"], read)).toBe(key);
    expect(inputKey("minify", ["a.ts", "b.ts"], read)).not.toBe(key);
    expect(inputKey("", ["a.ts", "c.ts"], read)).not.toBe(inputKey("", ["a.ts"], read)); // a missing file counts
    expect(inputKey("", ["a.ts", "b.ts"], files({ "a.ts": "a", "b.ts": "B" }).read)).not.toBe(key);
    // the bytes of one file are not confused with the start of the next
    expect(inputKey("", ["a.ts", "b.ts"], files({ "a.ts": "ab", "b.ts": "" }).read)).not.toBe(key);
  });

  it("makes a step once, then not again while nothing changed, and gives the recorded result", async () => {
    const checkout = files({ "entry.ts": "uses: lib.ts", "lib.ts": "export const x = 1;" });
    const store = memoryStore();
    const makes: string[] = [];
    const first = buildCache(store, checkout.read);
    expect(await first.run(bundleStep(checkout, makes))).toEqual({ bytes: 32 });
    const second = buildCache(store, checkout.read);
    expect(await second.run(bundleStep(checkout, makes))).toEqual({ bytes: 32 });
    expect([first.made, second.made, makes]).toEqual([["bundle"], [], ["bundle"]]);
  });

  it("makes it again when a declared input, a learnt input or the recipe changed, or an output is gone", async () => {
    const checkout = files({ "entry.ts": "uses: lib.ts", "lib.ts": "export const x = 1;" });
    const store = memoryStore();
    const makes: string[] = [];
    const run = async (recipe = "") => {
      const cache = buildCache(store, checkout.read);
      await cache.run({ ...bundleStep(checkout, makes), recipe });
      return cache.made.length;
    };
    expect(await run()).toBe(1);
    checkout.texts.set("lib.ts", "export const x = 2;"); // learnt from the first make
    expect([await run(), await run()]).toEqual([1, 0]);
    checkout.texts.set("entry.ts", "uses: lib.ts other.ts"); // declared; now names a file that does not exist yet
    expect([await run(), await run()]).toEqual([1, 0]);
    checkout.texts.set("other.ts", "export const y = 1;");
    expect([await run(), await run()]).toEqual([1, 0]);
    expect([await run("minify"), await run("minify")]).toEqual([1, 0]);
    checkout.texts.delete("out/bundle.js");
    expect([await run("minify"), await run("minify")]).toEqual([1, 0]);
    expect(makes).toHaveLength(6);
  });

  it("records nothing for a step that failed: the next build makes it again", async () => {
    const checkout = files({ "entry.ts": "uses: lib.ts", "lib.ts": "x" });
    const store = memoryStore();
    const failing = { name: "bundle", inputs: ["entry.ts"], make: () => Promise.reject(new Error("syntax error")) };
    await expect(buildCache(store, checkout.read).run(failing)).rejects.toThrow("syntax error");
    expect(store.get("bundle")).toBeUndefined();
    const makes: string[] = [];
    await buildCache(store, checkout.read).run(bundleStep(checkout, makes));
    expect(makes).toEqual(["bundle"]);
  });

  it("finds the code a build step runs: the checkout's modules it imports as values, not types or packages", async () => {
    const code = await codeOf("tools/build/build-snapshot.ts");
    expect(code).toEqual(
      expect.arrayContaining([
        "tools/build/build-snapshot.ts",
        "tools/build/content-check.ts",
        "tools/build/asset-catalog.ts",
        "content-model/index.ts",
        "src/shared/image-url.ts",
      ]),
    );
    expect(code.filter((file) => file.startsWith("node_modules/") || file === "src/shared/content.ts")).toEqual([]);
  });
});
