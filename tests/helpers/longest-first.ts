// The order vitest hands test files to its workers: project by project (the Node ones, then
// workerd), the longest first within each (files without a recorded run, and files that failed
// last time, before them).
//
// Project by project because each worker that turns from a Node file to a workerd file starts a
// workerd of its own, which loads the Worker's module graph again: files of both kinds in one
// longest-first order did that again and again (`npm run check`'s tests 124 s and 232 s of CPU,
// against 81-86 s and 149-159 s in this order; workerd first: 93 s). The Node projects go first:
// their slowest files (node-slow's child processes, a TypeScript checker) start at once, and
// workerd's many short files fill the cores around them.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const PROJECT_ORDER = ["node-slow", "node", "workerd"];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const known = (file: TestSpecification) => cache.getTestSpecificationResult(file);
    const rank = (file: TestSpecification) => PROJECT_ORDER.indexOf(file.project.name);
    return [...files].sort((a, b) => {
      if (rank(a) !== rank(b)) return rank(a) - rank(b);
      const [ra, rb] = [known(a), known(b)];
      if (!ra || !rb) return ra ? 1 : rb ? -1 : 0;
      if (ra.failed !== rb.failed) return ra.failed ? -1 : 1;
      return rb.duration - ra.duration;
    });
  }
}
