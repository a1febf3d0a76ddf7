/**
 * The build's memory of its own steps: a step is made again only when the hash of its inputs
 * differs from the one recorded when it was last made, or when one of its outputs is gone.
 *
 * A step's inputs are the files its output depends on (content, sources, the build's own code,
 * package-lock.json for the tools' versions) and a recipe string for the rest (options). Inputs a
 * step only learns by running (the files esbuild bundled) are recorded with it and hashed the
 * next time. Records are JSON files in `.generated/build-cache/` (never committed), one per step:
 * a fresh clone has none and makes everything.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Reads a file of the checkout (a path relative to its root); undefined when there is none. */
export type ReadFile = (file: string) => Uint8Array | undefined;

/** What the last make of a step left behind. */
export interface StepRecord<T> {
  key: string;
  /** Inputs learnt while making (besides the declared ones). */
  learnt: string[];
  outputs: string[];
  result: T;
}

/** Where records are kept: a folder of JSON files, or (in tests) a Map. */
export interface RecordStore {
  get(step: string): StepRecord<unknown> | undefined;
  set(step: string, record: StepRecord<unknown>): void;
}

export interface Step<T> {
  name: string;
  /** Whatever else the output depends on, as text (none: ""). */
  recipe?: string;
  /** Files (relative to the checkout) whose bytes the output depends on. */
  inputs: readonly string[];
  /** Makes the outputs; answers the result to keep, the files it made and the inputs it learnt. */
  make: () => Promise<{ result: T; outputs: string[]; learnt?: string[] }>;
}

/** One hash of the recipe and every input's path and bytes (a missing file hashes as missing). */
export function inputKey(recipe: string, files: readonly string[], read: ReadFile): string {
  const hash = createHash("sha256").update(recipe);
  for (const file of [...new Set(files)].sort()) {
    const bytes = read(file);
    hash.update(`\0${file}\0${bytes ? bytes.length : "missing"}\0`);
    if (bytes) hash.update(bytes);
  }
  return hash.digest("hex");
}

/** The checkout's files, read from disk. */
export const diskFiles =
  (root: string): ReadFile =>
  (file) => {
    try {
      return readFileSync(join(root, file));
    } catch {
      return undefined;
    }
  };

/** Records as `<dir>/<step>.json`. */
export function folderStore(dir: string): RecordStore {
  const path = (step: string) => join(dir, `${step}.json`);
  return {
    get: (step) => (existsSync(path(step)) ? (JSON.parse(readFileSync(path(step), "utf8")) as StepRecord<unknown>) : undefined),
    set: (step, record) => {
      mkdirSync(dirname(path(step)), { recursive: true });
      writeFileSync(path(step), `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}

/** Runs steps, each only when its inputs changed or an output is gone; `made` names the steps that ran. */
export function buildCache(store: RecordStore, read: ReadFile) {
  const made: string[] = [];
  async function run<T>(step: Step<T>): Promise<T> {
    const last = store.get(step.name) as StepRecord<T> | undefined;
    const recipe = step.recipe ?? "";
    if (last && last.key === inputKey(recipe, [...step.inputs, ...last.learnt], read) && last.outputs.every((file) => read(file))) {
      return last.result;
    }
    const { result, outputs, learnt = [] } = await step.make();
    store.set(step.name, { key: inputKey(recipe, [...step.inputs, ...learnt], read), learnt, outputs, result });
    made.push(step.name);
    return result;
  }
  return { run, made };
}
