// The deploy's gate: the smoke check (tools/smoke/) against a version's URL, as failure lines.
import { runSmoke } from "../smoke/smoke.ts";

export interface GateOptions {
  /** The origin the site names in its own URLs (the target's SITE_URL), when it is not the one checked. */
  siteUrl?: string;
  /** Where the requests go instead, presenting the checked origin's host (tests: a local build of the version). */
  connectTo?: string;
}

/** One line per failed check; none when the version passed. */
export async function smokeLines(base: string, { siteUrl, connectTo }: GateOptions = {}): Promise<string[]> {
  const { failures } = await runSmoke({ base, siteUrl, connectTo });
  return failures.map((failure) => `FAIL ${failure.check} ${failure.url}: ${failure.message}`);
}
