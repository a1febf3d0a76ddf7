import snapshot from "../../.generated/snapshot.js";
import { createEmulator } from "../../src/server/demo/emulator";
import { createApp } from "../../src/server/index";

/** The site on the emulator, with the cases listing held back until the test calls `open`. */
export function slowListing() {
  const emulator = createEmulator(snapshot);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const contentFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/v2/cdn/stories" && url.searchParams.get("starts_with") === "cases/") await gate;
    return emulator.fetch(input, init);
  };
  return { app: createApp({ contentFetch }), open };
}
