// `npm run content:health`: the content rules (src/shared/content-health/) over a space, as the site
// reads it. Exits 1 when any story has an error (`error`: visitors see something broken).
//
//   npm run content:health                     content/ (the embedded space), through its CDN emulator
//   npm run content:health -- --json           the findings as JSON, for machines (an error, too: {"error": ...})
//   npm run content:health -- --lang en        the text in English (default Dutch, the editors' language)
//   STORYBLOK_TOKEN=.. npm run content:health  a real space (published), then `storyblok stories validate`
//                                              when STORYBLOK_SPACE_ID is set (needs `npx storyblok login`)
//   npm run content:health -- --remote         the deployed site's latest publish reports (SITE_URL)
//   npm run content:health -- --base URL       another site's, e.g. a local `npm start`
//
// Reports are asked for with a request signed the way preview links are (the space's preview token:
// STORYBLOK_PREVIEW_TOKEN and STORYBLOK_SPACE_ID, or the embedded space's local one).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { schema } from "../../content-model/index.ts";
import { checkedSnapshot } from "../build/build-snapshot.ts";
import type { EmbeddedSpace } from "../../src/server/demo/embedded.ts";
import {
  CONTENT_HEALTH_PATH,
  checkStory,
  countFindings,
  type Finding,
  type HealthListing,
  type HealthReport,
} from "../../src/shared/content-health/index.ts";
import { modelFacts } from "../../src/shared/content-health/model-facts.ts";
import { modelLabels } from "../../src/shared/content-health/model-labels.ts";
import { en } from "../../src/shared/i18n/en.ts";
import { nl } from "../../src/shared/i18n/nl.ts";
import { isLang, type Lang } from "../../src/shared/i18n/lang.ts";
import { previewLink } from "../../src/shared/preview-link.ts";
import { isClosed } from "../../src/shared/vacancy/vacancy.ts";
import type { Story } from "../../src/shared/content.ts";
import { REPO_ROOT } from "../repo-root.ts";
import { apiBase, CALL_TIMEOUT_MS, readSpace, spaceReader, type SpaceApi } from "../space/space-reader.ts";

interface Args {
  json: boolean;
  remote: boolean;
  base?: string;
  content: string;
  lang: Lang;
}

function readArgs(argv: string[]): Args {
  const args: Args = { json: false, remote: false, content: join(REPO_ROOT, "content"), lang: "nl" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") args.json = true;
    else if (arg === "--remote") args.remote = true;
    else if (arg === "--base") args.base = argv[++i];
    else if (arg === "--content") args.content = argv[++i] ?? args.content;
    else if (arg === "--lang") {
      const lang = argv[++i] ?? "";
      if (!isLang(lang)) throw new Error(`--lang takes nl or en, not "${lang}"`);
      args.lang = lang;
    } else throw new Error(`unknown option ${arg} (use --json, --lang nl|en, --remote, --base <origin>, --content <dir>)`);
  }
  if (args.base !== undefined && !/^https?:\/\//.test(args.base)) throw new Error("--base needs an origin, e.g. http://127.0.0.1:8787");
  return args;
}

/** A space to check: where its API is, and the token it is read with (published content unless `version` says draft). */
export type SpaceSource = SpaceApi & { token: string; version?: "published" | "draft" };

/** The build's module of the embedded space: its CDN emulator (made by `npm run build`). */
const EMBEDDED_SPACE = join(REPO_ROOT, "src/server/.generated/embedded-space.js");

/**
 * content/ through the build's CDN emulator, with what the build's content check finds in it as
 * findings of their own (`content.invalid`): the build refuses such content, the health check
 * reports it beside every other finding, the usable stories checked all the same.
 */
export async function emulatorFor(contentDir: string): Promise<{ source: SpaceSource; invalid: Finding[] }> {
  if (!existsSync(EMBEDDED_SPACE)) throw new Error("run `npm run build` first: the check reads content/ through the build's CDN emulator");
  const { createEmulator } = (await import(pathToFileURL(EMBEDDED_SPACE).href)) as EmbeddedSpace;
  const { snapshot, problems } = checkedSnapshot(contentDir);
  if (!snapshot) throw new Error(`${contentDir} cannot be read as a space:\n${problems.join("\n")}`);
  // a function in this process, not a network API: no pacing
  const source = {
    base: "https://emulator.invalid/v2",
    token: snapshot.tokens.public,
    fetch: createEmulator(snapshot).fetch,
    ratePerSecond: Infinity,
  };
  // the files are named from the folder above the content directory's: named from inside it here
  const inside = (problem: string) =>
    problem.startsWith(`${basename(contentDir)}/`) ? problem.slice(basename(contentDir).length + 1) : problem;
  return { source, invalid: problems.map((problem) => invalidContent(inside(problem))) };
}

/** One problem of the build's content check (`<file>: <what>`) as an error finding of that file. */
function invalidContent(problem: string): Finding {
  const [, file = "", what = problem] = /^([^:]+): (.*)$/s.exec(problem) ?? [];
  return {
    rule: "content.invalid",
    severity: "error",
    story: file,
    storyId: 0,
    lang: "nl",
    uid: "",
    component: "",
    field: "",
    path: "",
    message: { nl: `De site kan dit niet gebruiken: ${what}`, en: `The site cannot use this: ${what}` },
  };
}

/** The space to check: a real one with STORYBLOK_TOKEN, else the content directory through the emulator. */
async function spaceSource(contentDir: string): Promise<{ source: SpaceSource; name: string; invalid: Finding[] }> {
  const token = process.env.STORYBLOK_TOKEN?.trim();
  if (token) {
    const host = process.env.STORYBLOK_API_HOST?.trim() || "api.storyblok.com";
    return { source: { base: apiBase(host), token, fetch }, name: `the space on ${host}`, invalid: [] };
  }
  const { source, invalid } = await emulatorFor(contentDir);
  return { source, name: contentDir === join(REPO_ROOT, "content") ? "content/" : contentDir, invalid };
}

/** Every finding of every story of the space. */
export async function checkSpace(
  source: SpaceSource,
  { now = Date.now(), facts = modelFacts(schema.blocks), labels = modelLabels(schema.blocks) } = {},
): Promise<{ stories: number; findings: Finding[] }> {
  const { links, stories } = await readSpace(spaceReader(source), { token: source.token, version: source.version ?? "published" });
  const closed = new Set(stories.filter(({ nl }) => isClosed(nl as Story, now)).map(({ nl }) => nl.uuid ?? ""));
  return { stories: stories.length, findings: stories.flatMap((versions) => checkStory(versions, { facts, labels, links, now, closed })) };
}

/** The preview panel's words for findings (Node runs the dictionaries' own files: their index imports without extensions). */
const HEALTH = { nl: nl.preview.health, en: en.preview.health } as const;

/** The words of the text output, in the editors' language or in English. */
const WORDS = {
  nl: {
    stories: "verhalen",
    reported: "gepubliceerde verhalen met een rapport",
    checked: "gecontroleerd",
    more: "(meer rapporten dan één antwoord bevat: de eerste staan hier)",
  },
  en: {
    stories: "stories",
    reported: "published stories reported",
    checked: "checked",
    more: "(more reports than one answer holds: the first ones are listed)",
  },
} as const;

const line = (f: Finding, lang: Lang) => {
  const severity = HEALTH[lang][f.severity];
  return `  ${severity.padEnd(12)} ${f.rule.padEnd(20)} ${f.story} (${f.lang}) ${f.component} ${f.uid.slice(0, 8)} ${f.field}: ${f.message[lang]}`;
};

function summary(findings: readonly Finding[], lang: Lang): string {
  const counts = countFindings(findings);
  return HEALTH[lang].summary(counts.error, counts.warning);
}

/** Storyblok's CLI checks every story's draft against the model too (a real space and its login only). */
function storyblokValidate(): number {
  const space = process.env.STORYBLOK_SPACE_ID?.trim();
  if (!space) {
    console.log("storyblok stories validate: skipped (set STORYBLOK_SPACE_ID, and log in with `npx storyblok login`)");
    return 0;
  }
  try {
    const cli = ["storyblok", "--no-log-file-enabled", "--no-report-enabled", "stories", "validate"];
    execFileSync("npx", [...cli, "--space", space, "--schema", "content-model/index.ts", "--level", "error"], {
      cwd: REPO_ROOT,
      stdio: "inherit",
    });
    return 0;
  } catch {
    return 1;
  }
}

async function checkLocal(args: Args): Promise<number> {
  const { source, name, invalid } = await spaceSource(args.content);
  const checked = await checkSpace(source);
  const { stories } = checked;
  const findings = [...invalid, ...checked.findings];
  if (args.json) console.log(JSON.stringify({ stories, counts: countFindings(findings), findings }, null, 2));
  else {
    console.log(`content:health: ${name}: ${stories} ${WORDS[args.lang].stories}, ${summary(findings, args.lang)}`);
    for (const finding of findings) console.log(line(finding, args.lang));
  }
  const errors = countFindings(findings).error > 0 ? 1 : 0;
  return source.token === process.env.STORYBLOK_TOKEN?.trim() ? Math.max(errors, storyblokValidate()) : errors;
}

/** The signed address of a site's report listing: a preview link's signature (story 0). */
async function listingUrl(base: string): Promise<string> {
  const token = process.env.STORYBLOK_PREVIEW_TOKEN?.trim();
  const spaceId = process.env.STORYBLOK_SPACE_ID?.trim();
  if (token && spaceId) return previewLink({ base, path: CONTENT_HEALTH_PATH, spaceId, token, storyId: 0 });
  const local = JSON.parse(readFileSync(join(REPO_ROOT, "content/space.json"), "utf8")) as {
    space: { id: number };
    tokens: { preview: string };
  };
  return previewLink({ base, path: CONTENT_HEALTH_PATH, spaceId: local.space.id, token: local.tokens.preview, storyId: 0 });
}

function remoteBase(args: Args): string {
  if (args.base) return args.base;
  const site = process.env.SITE_URL?.trim();
  if (!site) throw new Error("--remote reads the deployed site at SITE_URL: set it (or use --base <origin>)");
  return site;
}

async function listRemote(args: Args): Promise<number> {
  const url = await listingUrl(remoteBase(args));
  const response = await fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${new URL(url).origin}${CONTENT_HEALTH_PATH} answered ${response.status}: ${await response.text()}`);
  const listing = (await response.json()) as HealthListing;
  const findings = listing.reports.flatMap((report: HealthReport) => report.findings);
  if (args.json) console.log(JSON.stringify(listing, null, 2));
  else {
    const words = WORDS[args.lang];
    console.log(`content:health: ${new URL(url).origin}: ${listing.reports.length} ${words.reported}, ${summary(findings, args.lang)}`);
    for (const report of listing.reports) {
      console.log(`${report.story} (${words.checked} ${report.checkedAt}): ${summary(report.findings, args.lang)}`);
      for (const finding of report.findings) console.log(line(finding, args.lang));
    }
    if (listing.truncated) console.log(words.more);
  }
  return countFindings(findings).error > 0 ? 1 : 0;
}

/** `npm run content:health -- [--json] [--lang nl|en] [--remote | --base <origin>] [--content <dir>]`; with --json, JSON whatever happens. */
export async function main(argv: string[]): Promise<number> {
  try {
    const args = readArgs(argv);
    return args.remote || args.base ? await listRemote(args) : await checkLocal(args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (argv.includes("--json")) console.log(JSON.stringify({ error: message }, null, 2));
    else console.error(`content:health: ${message}`);
    return 2;
  }
}
