/** The two local sites the browser tests run against (see playwright.config.ts). */
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
/** The site the field-measurement test starts for itself (tests/e2e/vitals.spec.ts): a store no other test writes to. */
export const VITALS_PORT = Number(process.env.E2E_VITALS_PORT || PORT - 5);
