/**
 * Every relative link in README.md and the pages under docs/ leads somewhere: the file or folder
 * it names exists, and an anchor (`#section`) is the id GitHub gives one of the target page's
 * headings. A page moved or a heading renamed fails here, naming the file and line of each link
 * it broke. Links to other sites are not followed (no network in the tests).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

interface Link {
  line: number;
  target: string;
}

/** How the check reads the tree: whether a path exists, and a Markdown page's text. */
interface Pages {
  exists(path: string): boolean;
  read(path: string): string;
}

const FENCE = /^\s*(```|~~~)/;

/** The page's lines with fenced code blocks and inline code blanked: their text is not Markdown. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (FENCE.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, "");
  });
}

const INLINE_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/;

/** Every link target of a page, inline (`[text](target)`, images too) or a reference definition. */
function linksOf(markdown: string): Link[] {
  return proseLines(markdown).flatMap((text, index) => {
    const definition = REFERENCE_DEFINITION.exec(text);
    if (definition) return [{ line: index + 1, target: definition[1]! }];
    return [...text.matchAll(INLINE_LINK)].map((match) => ({ line: index + 1, target: match[1]! }));
  });
}

/** The id GitHub gives a heading's text: lower case, punctuation dropped, each space a hyphen. */
function headingId(text: string): string {
  const rendered = text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The ids of a page's headings; a repeated one gets `-1`, `-2`, ... as on GitHub. */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const id = headingId(heading[1]!);
    let unique = id;
    for (let n = 1; ids.has(unique); n++) unique = `${id}-${n}`;
    ids.add(unique);
  }
  return ids;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** What is wrong with one link of `page` (a path from the root), or nothing. */
function problemOf(page: string, link: Link, pages: Pages): string | undefined {
  if (EXTERNAL.test(link.target)) return undefined;
  const [path = "", anchor] = link.target.split("#", 2);
  const target = path ? join(dirname(page), decodeURIComponent(path)).replace(/\/$/, "") : page;
  const where = `${page}:${link.line}: ${link.target}`;
  if (!pages.exists(target)) return `${where}: ${target} does not exist`;
  if (anchor === undefined || !target.endsWith(".md")) return undefined;
  if (headingIds(pages.read(target)).has(anchor)) return undefined;
  return `${where}: ${target} has no heading with the id "${anchor}"`;
}

/**
 * Paths written in code spans (`src/server/index.ts`), from the repository's root: a span that
 * starts with one of its top folders and names a file or folder. A span with a placeholder or a
 * pattern (`<name>`, `*`, `{a,b}`, `...`) or a command line (a space) is no path.
 */
const TOP_FOLDERS = /^(src|tests|tools|scripts|client|content-model|content|public|migrations|docs|\.github)\//;

function codePathsOf(markdown: string): Link[] {
  let fenced = false;
  return markdown.split("\n").flatMap((text, index) => {
    if (FENCE.test(text)) fenced = !fenced;
    if (fenced) return [];
    return [...text.matchAll(/`([^`]+)`/g)]
      .map((match) => match[1]!.replace(/[:#].*$/, "").replace(/\/$/, ""))
      .filter((span) => TOP_FOLDERS.test(span) && !/[\s<>*{}]|\.\.\./.test(span))
      .map((target) => ({ line: index + 1, target }));
  });
}

/** Every path in a code span of the pages named that does not exist, in page and line order. */
function deadCodePaths(names: string[], pages: Pages): string[] {
  return names.flatMap((page) =>
    codePathsOf(pages.read(page))
      .filter((path) => !pages.exists(path.target))
      .map((path) => `${page}:${path.line}: \`${path.target}\` does not exist`),
  );
}

/** Every dead link of the pages named, in page and line order. */
function deadLinks(names: string[], pages: Pages): string[] {
  return names.flatMap((page) =>
    linksOf(pages.read(page))
      .map((link) => problemOf(page, link, pages))
      .filter((problem) => problem !== undefined),
  );
}

/** README.md and every Markdown page under docs/, as paths from the root. */
function documentation(): string[] {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name))
    .sort();
  return ["README.md", ...docs];
}

const repository: Pages = {
  exists: (path) => !relative(ROOT, resolve(ROOT, path)).startsWith("..") && existsSync(join(ROOT, path)),
  read: (path) => readFileSync(join(ROOT, path), "utf8"),
};

/** An in-memory tree for the checker's own tests. */
function tree(files: Record<string, string>): Pages {
  const paths = Object.keys(files);
  return {
    exists: (path) => paths.some((file) => file === path || file.startsWith(`${path}/`)),
    read: (path) => files[path] ?? "",
  };
}

describe("links in the documentation", () => {
  it("README.md and docs/ have no dead relative link or anchor", () => {
    expect(deadLinks(documentation(), repository)).toEqual([]);
  });

  it("README.md and docs/ name no path in a code span that does not exist", () => {
    // docs/performance.md is a log of dated runs: it names the files as they were called then
    const current = documentation().filter((page) => page !== "docs/performance.md");
    expect(deadCodePaths(current, repository)).toEqual([]);
  });

  it("reads paths in code spans from the root, not placeholders, patterns or commands", () => {
    const pages = tree({
      "docs/a.md": "See `src/a.ts`, `src/gone.ts:12`, `src/blocks/<name>.tsx`, `tests/*.ts`, `npm run x`.\n\n```\n`src/fenced.ts`\n```\n",
      "src/a.ts": "",
    });
    expect(deadCodePaths(["docs/a.md"], pages)).toEqual(["docs/a.md:1: `src/gone.ts` does not exist"]);
  });

  it("README.md is a manual of at most 350 lines (the figures' history lives in docs/performance.md)", () => {
    expect(repository.read("README.md").trimEnd().split("\n").length).toBeLessThanOrEqual(350);
  });

  it("names a missing file and a missing heading, with page and line", () => {
    const pages = tree({
      "README.md": "# Site\n\nSee [the guide](docs/guide.md#set-up) and [gone](docs/gone.md).\n\n[ref]: docs/guide.md#nowhere\n",
      "docs/guide.md": "# Guide\n\n## Set up\n",
    });
    expect(deadLinks(["README.md"], pages)).toEqual([
      "README.md:3: docs/gone.md: docs/gone.md does not exist",
      'README.md:5: docs/guide.md#nowhere: docs/guide.md has no heading with the id "nowhere"',
    ]);
  });

  it("resolves a link from its own page's folder, and anchors within the page", () => {
    const pages = tree({
      "docs/a.md": "# A page\n\n[back](../README.md#quick-start), [here](#a-page), [there](#b-page), [folder](decisions/)\n",
      "docs/decisions/README.md": "# Decisions\n",
      "README.md": "## Quick start\n",
    });
    expect(deadLinks(["docs/a.md"], pages)).toEqual(['docs/a.md:3: #b-page: docs/a.md has no heading with the id "b-page"']);
  });

  it("gives headings GitHub's ids: code, punctuation and repeats", () => {
    const page = "## 2026-11-26 (third): the 404's `npm run profile:native`\n\n## Settings\n\n## Settings\n";
    expect([...headingIds(page)]).toEqual(["2026-11-26-third-the-404s-npm-run-profilenative", "settings", "settings-1"]);
  });

  it("does not read links in code, nor follow other sites", () => {
    const pages = tree({
      "README.md": "```md\n[x](missing.md)\n```\n\n`[y](missing.md)` and [site](https://hono.dev) and <http://127.0.0.1:8787>\n",
    });
    expect(deadLinks(["README.md"], pages)).toEqual([]);
  });
});
