/** A beacon as the measurement chunk sends it (client/vitals.ts): every field well-formed. */
export const GOOD_BEACON = {
  pageType: "CaseDetail",
  lang: "nl",
  build: "0123456789",
  navigation: "navigate",
  device: "mobile",
  connection: "4g",
  LCP: 1234.56,
  CLS: 0.012345,
  INP: 48,
  FCP: 800.4,
  TTFB: 120.6,
};
