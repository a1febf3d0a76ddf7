import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Debian's Chromium, never a downloaded browser: CHROMIUM_PATH, else /usr/bin/chromium. Where it is
 * missing and apt-get runs as root, it is installed; otherwise the run stops with one instruction.
 */
export function findChromium(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (existsSync(candidate)) return candidate;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && root && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package with apt-get ...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null", { stdio: "inherit" });
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`No Chromium at ${candidate}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`);
}

/** Flags for a sandboxed CI machine with no network beyond the package registries (the browser tests' and `npm run lighthouse`'s). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Chromium 156 builds the address bar's popup as a WebUI page in a renderer of its own, headless
  // too: about a second of CPU at start and more on every navigation, on the two cores the page
  // under test needs. With it, Lighthouse saw the first frame of many views presented 1-3 s late
  // (Speed Index 2.2-3.6 s where the page had painted at 0.8 s); a phone's browser has no such page.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];
