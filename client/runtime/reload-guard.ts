/** A chunk that fails to load means a new build replaced the old files: reload, but never in a loop. */
export const RELOAD_GUARD_MS = 10_000;

export interface ReloadGuardDeps {
  path: string;
  now: () => number;
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
}

/** Reloads at most once per path within 10 s; returns whether it reloaded. */
export function reloadOnce({ path, now, storage, reload }: ReloadGuardDeps): boolean {
  const key = `koraal:reloaded:${path}`;
  const last = Number(storage.getItem(key));
  if (last && now() - last < RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now()));
  reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(
    message,
  );
}
