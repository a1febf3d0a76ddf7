/** The local sites the browser tests run against, all started at once by sites.ts (see playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT || 8799);
/** The same site with all three third-party scripts switched on. */
export const TRACKING_PORT = Number(process.env.E2E_TRACKING_PORT || PORT - 1);

export const TRACKING_SETTINGS = {
  GTM_ID: "GTM-TEST123",
  COOKIE_CONSENT_ID: "3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f",
  SALES_TRACKING_ID: "LI-TEST1234ABCD",
} as const;
/** The tracking site's local state (KV, D1: its field-measurement store too). */
export const TRACKING_STATE = ".wrangler/e2e-tracking-state";
/** The site with late listings over an empty cache on every request (tests/e2e/late-content-worker.ts). */
export const LATE_PORT = Number(process.env.E2E_LATE_PORT || PORT - 4); // 8795: 8797 and 8796 are page-outputs and profile
/** The site of the field-measurement test (tests/e2e/vitals.spec.ts): a store no other test writes to. */
export const VITALS_PORT = Number(process.env.E2E_VITALS_PORT || PORT - 5);
export const VITALS_STATE = ".wrangler/e2e-vitals-state";

/**
 * The site with the signup's bot check on (Turnstile), against the stand-in started beside it
 * (sites.ts), and HubSpot's double opt-in on: a signup is told to confirm it from the inbox.
 */
export const TURNSTILE_PORT = Number(process.env.E2E_TURNSTILE_PORT || PORT - 6);
export const TURNSTILE_STAND_IN_PORT = Number(process.env.E2E_TURNSTILE_STAND_IN_PORT || PORT - 7);
export const TURNSTILE_STAND_IN = `http://127.0.0.1:${TURNSTILE_STAND_IN_PORT}`;
export const TURNSTILE_SETTINGS = {
  TURNSTILE_SECRET_KEY: "local-turnstile-stand-in-secret",
  TURNSTILE_SITE_KEY: "1x00000000000000000000BB",
  TURNSTILE_VERIFY_URL: `${TURNSTILE_STAND_IN}/turnstile/v0/siteverify`,
} as const;

export interface Site {
  port: number;
  /** Its local state (KV, D1), relative to the checkout: emptied before each run. */
  persist: string;
  /** Its vars besides the local ones every local run has. */
  vars?: Record<string, string>;
  /** Another Worker entry than wrangler.toml's `main`. */
  entry?: string;
}

/** Every site, as sites.ts serves them: the built site as `npm start` serves it, and four variants. */
export const SITES: readonly Site[] = [
  { port: PORT, persist: ".wrangler/e2e-state" },
  { port: TRACKING_PORT, persist: TRACKING_STATE, vars: TRACKING_SETTINGS },
  { port: LATE_PORT, persist: ".wrangler/e2e-late-state", entry: "tests/e2e/late-content-worker.ts" },
  { port: VITALS_PORT, persist: VITALS_STATE },
  { port: TURNSTILE_PORT, persist: ".wrangler/e2e-turnstile-state", vars: { ...TURNSTILE_SETTINGS, HUBSPOT_DOUBLE_OPT_IN: "true" } },
];

/** What sites.ts prints once every site answers (the browser tests wait for it). */
export const SITES_UP = "browser-test sites up";
