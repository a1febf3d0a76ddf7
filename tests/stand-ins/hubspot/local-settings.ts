/** The portal, form, token and subscription type the stand-in plays, for the tests and `npm run hubspot:local`. */
export const LOCAL_HUBSPOT = {
  portalId: "26457891",
  formGuid: "4f1d3c2b-8a7e-4b6d-9c0f-1e2d3c4b5a69",
  token: "pat-eu1-11111111-2222-3333-4444-555555555555",
  subscriptionTypeId: 7654321,
} as const;
