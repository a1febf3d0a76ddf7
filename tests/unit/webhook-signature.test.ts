import { describe, expect, it } from "vitest";
import { storyblokSignature, verifySignature } from "../../src/server/routes/webhook";

describe("webhook signature", () => {
  const body = new TextEncoder().encode('{"action":"published","story_id":1}');
  it("is the hex HMAC-SHA1 of the raw body", async () => {
    expect(await storyblokSignature("storyblok-webhook-geheim", body)).toBe("43f10d4d95d6c3263610ce0842ffbcc472be1c76");
  });

  it("verifies only the exact signature", async () => {
    const good = "43f10d4d95d6c3263610ce0842ffbcc472be1c76";
    expect(await verifySignature("storyblok-webhook-geheim", body, good)).toBe(true);
    expect(await verifySignature("storyblok-webhook-geheim", body, ` ${good.toUpperCase()} `)).toBe(true);
    for (const bad of [undefined, "", good.slice(1), `${good}0`, good.replace("4", "5"), `sha1=${good}`]) {
      expect(await verifySignature("storyblok-webhook-geheim", body, bad)).toBe(false);
    }
  });
});
