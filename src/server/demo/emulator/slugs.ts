import type { Story } from "../../../shared/content";

/**
 * Storyblok keeps slugs unique within a parent, folders and stories alike: a folder cannot have a
 * root story of the same name beside it (its page is its start page, `cases/`). The emulator refuses
 * a space that breaks the rule, so content that Storyblok would refuse cannot be served offline.
 */
export interface SlugEntry {
  kind: "folder" | "story";
  /** The entry's full_slug (a folder's without a trailing slash). */
  fullSlug: string;
}

export interface SlugClash {
  /** The folder both entries are in; "" for the root. */
  folder: string;
  slug: string;
  entries: [SlugEntry, SlugEntry];
}

/** The folder a story or folder is in ("" at the root); a start page ("blog/") is in the folder its slug names. */
export function parentPath(fullSlug: string): string {
  const trimmed = fullSlug.replace(/\/$/, "");
  if (fullSlug.endsWith("/")) return trimmed;
  const cut = trimmed.lastIndexOf("/");
  return cut < 0 ? "" : trimmed.slice(0, cut);
}

/** Every folder the stories' paths imply (folders are not in the snapshot). */
export function folderPaths(stories: readonly Story[]): Set<string> {
  const paths = new Set<string>();
  for (const story of stories) for (let path = parentPath(story.full_slug); path; path = parentPath(path)) paths.add(path);
  return paths;
}

/** Every pair of entries (folders implied by the stories' paths, and the stories) sharing one slug in one folder. */
export function slugClashes(stories: readonly Story[]): SlugClash[] {
  const entries = [
    ...[...folderPaths(stories)].sort().map((path) => ({ kind: "folder" as const, fullSlug: path, slug: path.split("/").pop() ?? path })),
    ...stories.map((story) => ({ kind: "story" as const, fullSlug: story.full_slug, slug: story.slug })),
  ];
  const seen = new Map<string, SlugEntry>();
  const clashes: SlugClash[] = [];
  for (const { kind, fullSlug, slug } of entries) {
    const folder = parentPath(fullSlug);
    const key = `${folder}\u0000${slug}`;
    const first = seen.get(key);
    if (first) clashes.push({ folder, slug, entries: [first, { kind, fullSlug }] });
    else seen.set(key, { kind, fullSlug });
  }
  return clashes;
}

export function describeClash({ folder, slug, entries }: SlugClash): string {
  const where = folder ? `in folder "${folder}"` : "at the root";
  const [first, second] = entries;
  const folderEntry = entries.find((entry) => entry.kind === "folder");
  // the mistake this rule exists for: a page beside the folder of the same name
  const hint = first.kind !== second.kind && folderEntry ? `; make it the folder's start page, full_slug "${folderEntry.fullSlug}/"` : "";
  return `slug "${slug}" is used twice ${where}, by ${first.kind} "${first.fullSlug}" and ${second.kind} "${second.fullSlug}"${hint}`;
}

export class SlugClashError extends Error {
  override name = "SlugClashError";
  readonly clashes: readonly SlugClash[];
  constructor(clashes: readonly SlugClash[]) {
    super(`Storyblok would refuse this space: ${clashes.map(describeClash).join("; ")}`);
    this.clashes = clashes;
  }
}

/** Throws a SlugClashError naming every clash, as Storyblok refuses the second entry. */
export function assertUniqueSlugs(stories: readonly Story[]): void {
  const clashes = slugClashes(stories);
  if (clashes.length) throw new SlugClashError(clashes);
}
