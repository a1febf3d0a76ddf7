import { openLocalD1 } from "../helpers/local-d1.ts";

export type StoredVital = Record<string, string | number>;

export interface VitalsStore {
  /** The data points written since `sinceMs`, in the order they were stored. */
  since(sinceMs: number): Promise<StoredVital[]>;
  /** Removes every data point (for a site's own store only: another test's may be counting). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local site's field-measurement store (the `vitals` table of its D1 state), read beside the
 * running site. Read from the store, not from the page: Chromium sends a beacon of a page being left
 * after the page is gone, where Playwright (and DevTools) no longer see its requests.
 */
export async function openVitalsStore(state: string): Promise<VitalsStore> {
  const { db, close } = await openLocalD1(state);
  return {
    async since(sinceMs) {
      const query = db.prepare("SELECT * FROM vitals WHERE timestamp >= ? ORDER BY id").bind(Math.floor(sinceMs));
      return (await query.all<StoredVital>()).results;
    },
    async clear() {
      await db.prepare("DELETE FROM vitals").run();
    },
    close,
  };
}
