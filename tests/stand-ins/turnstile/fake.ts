/**
 * Siteverify for the workerd tests, as a `fetch`: the stand-in of ./siteverify.ts, plus an outage
 * (`down`: 5xx, or no answer at all until the caller gives up).
 */
import { createSiteverify, type Siteverify } from "./siteverify.ts";

export interface SiteverifyFake extends Siteverify {
  fetch: typeof fetch;
  /** Unset: answering. `5xx`: answers 503. `hang`: never answers (until aborted). */
  down?: "5xx" | "hang";
}

export function createSiteverifyFake(now?: () => number): SiteverifyFake {
  const siteverify = createSiteverify(now);
  const fake: SiteverifyFake = {
    ...siteverify,
    verified: siteverify.verified,
    fetch: async (input, init) => {
      if (fake.down === "5xx")
        return new Response("<html>502 Bad Gateway</html>", { status: 503, headers: { "content-type": "text/html" } });
      if (fake.down === "hang")
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
      return siteverify.answer(new Request(input, init));
    },
  };
  return fake;
}
