// The order vitest hands test files to its workers: the longest first, across projects. Vitest's
// own order runs the projects one after the other (by name), so the Node project's slowest files
// (a TypeScript checker, the Storyblok CLI) started only once every integration file had, and ran
// on alone at the end while the other workers sat idle.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const known = (file: TestSpecification) => cache.getTestSpecificationResult(file);
    return [...files].sort((a, b) => {
      const [ra, rb] = [known(a), known(b)];
      // files without a recorded run (new, renamed) and files that failed last time go first
      if (!ra || !rb) return ra ? 1 : rb ? -1 : 0;
      if (ra.failed !== rb.failed) return ra.failed ? -1 : 1;
      return rb.duration - ra.duration;
    });
  }
}
