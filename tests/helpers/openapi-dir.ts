import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPO_ROOT } from "../../tools/repo-root.ts";

/**
 * Where one of Storyblok's OpenAPI descriptions is: the folder named by `env` if set, else the
 * copy vendored in tests/fixtures (a fresh clone has no ../shared), else ../shared/reference.
 * `marker` is a file the description must hold.
 */
export function openApiDir({ env, name, marker, label }: { env: string; name: string; marker: string; label: string }): string {
  const candidates = [process.env[env], join(REPO_ROOT, "tests/fixtures", name), resolve(REPO_ROOT, "../shared/reference", name)].filter(
    (dir): dir is string => Boolean(dir),
  );
  const found = candidates.find((dir) => existsSync(join(dir, marker)));
  if (!found) throw new Error(`${label} not found; looked in ${candidates.join(", ")}`);
  return found;
}
