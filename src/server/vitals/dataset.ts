import type { AppEnv, VitalsStore } from "../env";
import type { VitalsDataset } from "./data-point";
import { d1Dataset } from "./local-dataset";

/**
 * The one place that picks where field measurements go: Workers Analytics Engine (the `VITALS`
 * binding) in production, the local D1 store where `VITALS_STORE=d1` (what `npm start`, the
 * browser tests and the workerd tests set: Analytics Engine has no local simulation).
 */
export function vitalsDataset(env: AppEnv, store: VitalsStore, defer: (work: Promise<unknown>) => void, now: () => number): VitalsDataset {
  return store === "d1" ? d1Dataset(env.DB, defer, now) : env.VITALS;
}
