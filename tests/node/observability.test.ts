/**
 * What Cloudflare keeps of the site's requests matches what the privacy page says (issue 53):
 * Workers Logs with the Worker's own lines only, no invocation logs (URL, headers, client address
 * of every request), query strings redacted; in every deployed environment, which inherit it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const CONFIG = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

describe("Workers Logs settings", () => {
  it.each([undefined, "production", "staging"])(
    "env %s: the Worker's own lines, every one; no invocation logs; no query strings",
    (env) => {
      const config = unstable_readConfig({ config: CONFIG, env });
      expect(config.observability).toEqual({
        enabled: true,
        redact_query_string: true,
        logs: { enabled: true, invocation_logs: false, head_sampling_rate: 1 },
      });
    },
  );

  it("the privacy page says so in both languages", () => {
    const text = readFileSync(fileURLToPath(new URL("../../content/stories/privacy.json", import.meta.url)), "utf8");
    expect(text).toContain("Cloudflare's eigen logboek van elk verzoek (met adres, headers en IP-adres) staat uit.");
    expect(text).toContain("Cloudflare's own log of every request (with address, headers and IP address) is off.");
  });
});
