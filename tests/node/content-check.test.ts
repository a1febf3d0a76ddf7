/**
 * tools/build/content-check.ts and the build: content that does not fit the content model
 * (content-model/) is refused, and each problem names the story, the path in its content and the
 * field. Every way content can break the model is tried on a copy of content/ (published stories,
 * a draft, language fields); content/ itself fits.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { validateSchema } from "@storyblok/schema";
import { describe, expect, it } from "vitest";
import { schema } from "../../content-model/index.ts";
import {
  ContentValidationError,
  type ContentFiles,
  assembleSnapshot,
  buildSnapshot,
  readContentDir,
} from "../../tools/build/build-snapshot.ts";
import { type CheckedStory, contentProblems, fieldAt, formatPath } from "../../tools/build/content-check.ts";
import { REPO_ROOT } from "../../tools/repo-root.ts";
import { registry } from "../../src/site/blocks/registry.ts";

const CONTENT_DIR = join(REPO_ROOT, "content");
const pristine = readContentDir(CONTENT_DIR);
const LANGUAGES = ["en"];

type Node = Record<string, unknown>;

/** The node at `path` below `node` (a test knows the content it corrupts). */
function at(node: Node, ...path: (string | number)[]): Node {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)[key], node) as Node;
}

/** A copy of content/'s files with one story's content changed, and that story. */
function corrupt(file: string, change: (content: Node) => void): { files: ContentFiles; story: CheckedStory } {
  const files = structuredClone(pristine);
  const entry = [...files.stories, ...files.drafts].find((candidate) => candidate.file === file);
  if (!entry) throw new Error(`no story file ${file}`);
  const story = entry.data as CheckedStory & { content: Node };
  change(story.content);
  return { files, story };
}

/** What the build says about these files: its problems, or none. */
function buildProblems(files: ContentFiles): string[] {
  try {
    assembleSnapshot(files, schema);
    return [];
  } catch (error) {
    if (error instanceof ContentValidationError) return error.problems;
    throw error;
  }
}

interface Corruption {
  file: string;
  change: (content: Node) => void;
  story: string;
  path: string;
  field: string;
  component: string;
  message: RegExp;
}

const ROW = ["body", 2] as const; // diensten/product-design: a Row of a Card and a RichText
const CARD = [...ROW, "columns", 0] as const;

const corruptions: Record<string, Corruption> = {
  "an unknown component": {
    file: "content/stories/home.json",
    change: (content) => {
      at(content, "body", 2).component = "Slogen";
    },
    story: "home",
    path: "body[2].component",
    field: "body",
    component: "Page",
    message: /^Unknown component "Slogen"/,
  },
  "an unknown field": {
    file: "content/stories/diensten/product-design.json",
    change: (content) => {
      at(content, ...CARD).subtitle = "Week 1";
    },
    story: "diensten/product-design",
    path: "body[2].columns[0].subtitle",
    field: "subtitle",
    component: "Card",
    message: /^Unknown field "subtitle" on component "Card"/,
  },
  "a value of the wrong type": {
    file: "content/stories/diensten/product-design.json",
    change: (content) => {
      at(content, ...CARD).title = 42;
    },
    story: "diensten/product-design",
    path: "body[2].columns[0].title",
    field: "title",
    component: "Card",
    message: /^Expected string, received number/,
  },
  "a language field of the wrong type": {
    file: "content/stories/diensten/product-design.json",
    change: (content) => {
      at(content, ...CARD).title__i18n__en = ["Discovery workshop"];
    },
    story: "diensten/product-design",
    path: "body[2].columns[0].title__i18n__en",
    field: "title__i18n__en",
    component: "Card",
    message: /^Expected string, received object/,
  },
  "rich text that is not a rich text document": {
    file: "content/stories/diensten/product-design.json",
    change: (content) => {
      at(content, ...ROW, "columns", 1).content = "Plain text";
    },
    story: "diensten/product-design",
    path: "body[2].columns[1].content",
    field: "content",
    component: "RichText",
    message: /^Expected a richtext document/,
  },
  "a block the bloks field does not accept": {
    file: "content/stories/diensten/product-design.json",
    change: (content) => {
      (at(content, ...ROW).columns as Node[]).push({ _uid: "5d0c1c4e-0000-4000-8000-000000000001", component: "Spacer", size: "small" });
    },
    story: "diensten/product-design",
    path: "body[2].columns[2].component",
    field: "columns",
    component: "Row",
    message: /^Component "Spacer" is not allowed in field "columns"/,
  },
  "an option value that does not exist": {
    file: "content/stories/diensten/product-design.json",
    change: (content) => {
      at(content, "body", 3).background = "paars";
    },
    story: "diensten/product-design",
    path: "body[3].background",
    field: "background",
    component: "SbBackground",
    message: /^Value "paars" is not one of the options declared for field "background"/,
  },
  "a missing required field (in a draft)": {
    file: "content/drafts/home.json",
    change: (content) => {
      delete content.title;
    },
    story: "home",
    path: "title",
    field: "title",
    component: "Page",
    message: /^Missing required field "title" on component "Page"/,
  },
  "a translation of a field that is not translatable": {
    file: "content/stories/cases/domstad-deelfietsen.json",
    change: (content) => {
      content.client__i18n__en = "Domstad Bicycle Works";
    },
    story: "cases/domstad-deelfietsen",
    path: "client__i18n__en",
    field: "client__i18n__en",
    component: "CaseDetail",
    message: /^Field "client" of "CaseDetail" is not translatable/,
  },
  "a translation into a language the space does not have": {
    file: "content/stories/home.json",
    change: (content) => {
      at(content, "body", 0).title__i18n__de = "Willkommen";
    },
    story: "home",
    path: "body[0].title__i18n__de",
    field: "title__i18n__de",
    component: "HeroBanner",
    message: /^"de" is not a language of the space \(en\)/,
  },
  "a story holding a block that is not a content type": {
    file: "content/stories/contact.json",
    change: (content) => {
      for (const key of Object.keys(content)) if (key !== "_uid") delete content[key];
      Object.assign(content, { component: "Card", title: "Contact" });
    },
    story: "contact",
    path: "component",
    field: "component",
    component: "content",
    message: /^Component "Card" is not a content type/,
  },
};

describe("the content model", () => {
  const names = Object.values(schema.blocks).map((block) => block.name);

  it("has every block of the registry, the components nested in them (lower-case names) and the theme", () => {
    expect(names.filter((name) => /^[A-Z]/.test(name) && name !== "Theme").sort()).toEqual(Object.keys(registry).sort());
    expect(names.filter((name) => /^[a-z]/.test(name))).toHaveLength(15);
    expect(new Set(names).size).toBe(65);
  });

  it("passes Storyblok's own schema validation (names, references, datasources)", () => {
    expect(validateSchema(schema)).toEqual({ ok: true, issues: [] });
  });

  it("says which blocks every bloks field accepts, and each is in the model", () => {
    const fields = Object.values(schema.blocks).flatMap((block) => block.fields.filter((field) => field.type === "bloks"));
    expect(fields.length).toBeGreaterThan(30);
    for (const field of fields) {
      const allowed = "allow" in field ? (field.allow as readonly string[]) : [];
      expect(allowed.length, field.name).toBeGreaterThan(0);
      for (const name of allowed) expect(names, `${field.name} accepts ${name}`).toContain(name);
    }
  });
});

describe("the content model against content/", () => {
  it("every story, published and draft, fits the model", () => {
    const stories = [...pristine.stories, ...pristine.drafts].map((entry) => entry.data as CheckedStory);
    expect(stories.length).toBeGreaterThan(30);
    expect(stories.flatMap((story) => contentProblems(story, schema, LANGUAGES))).toEqual([]);
    expect(() => buildSnapshot(CONTENT_DIR)).not.toThrow();
  });

  it.each(Object.entries(corruptions))("refuses %s and names story, path and field", (_, corruption) => {
    const { files, story } = corrupt(corruption.file, corruption.change);
    const problems = contentProblems(story, schema, LANGUAGES);
    expect(problems).toEqual([
      {
        story: corruption.story,
        path: corruption.path,
        field: corruption.field,
        component: corruption.component,
        message: expect.stringMatching(corruption.message),
      },
    ]);
    const [problem] = problems;
    expect(buildProblems(files)).toEqual([
      `${corruption.file}: ${corruption.story}: ${corruption.path}: field "${corruption.field}" of ${corruption.component}: ${problem?.message}`,
    ]);
  });

  it("checks content only when given a model (fixture spaces of other tests have their own components)", () => {
    const { files } = corrupt("content/stories/home.json", (content) => {
      at(content, "body", 2).component = "Slogen";
    });
    expect(() => assembleSnapshot(files)).not.toThrow();
  });
});

describe("one slug per folder", () => {
  it("refuses a folder's page kept beside the folder instead of as its start page, naming both", () => {
    const files = structuredClone(pristine);
    const entry = files.stories.find((candidate) => candidate.file === "content/stories/cases/_startpage.json");
    if (!entry) throw new Error("no start page of cases");
    Object.assign(entry, { file: "content/stories/cases.json" });
    Object.assign(entry.data as CheckedStory, { full_slug: "cases", is_startpage: false, parent_id: 0 });
    expect(buildProblems(files)).toEqual([
      'content/stories/cases.json: slug "cases" is used twice at the root, by folder "cases" and story "cases"; make it the folder\'s start page, full_slug "cases/"',
    ]);
  });
});

describe("naming a place in the content", () => {
  const story: CheckedStory = {
    full_slug: "home",
    content: { component: "Page", body: [{ component: "Row", columns: [{ component: "Card", title: "x" }] }] },
  };

  it.each([
    [["content", "body", 0, "columns", 0, "title"], "body[0].columns[0].title", { field: "title", component: "Card" }],
    [["content", "body", 0, "columns", 0, "component"], "body[0].columns[0].component", { field: "columns", component: "Row" }],
    [["content", "title"], "title", { field: "title", component: "Page" }],
    [["content", "component"], "component", { field: "component", component: "content" }],
  ])("%j is %s", (path, text, owner) => {
    expect(formatPath(path)).toBe(text);
    expect(fieldAt(story, path)).toEqual(owner);
  });
});

/**
 * Storyblok's CLI, offline: what `npm run schema:validate` runs, without log and report files. It
 * writes its report to stderr when not on a terminal.
 */
function schemaValidate(entry: string): { status: number | null; output: string } {
  const cli = join(REPO_ROOT, "node_modules/storyblok/dist/index.mjs");
  const run = spawnSync(process.execPath, [cli, "--no-log-file-enabled", "--no-report-enabled", "schema", "validate", entry], {
    cwd: REPO_ROOT,
    encoding: "utf8",
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("npm run schema:validate (the Storyblok CLI's schema validate, offline)", () => {
  it("accepts the content model: 65 blocks and the datasource", () => {
    const run = schemaValidate("content-model/index.ts");
    expect(run.output).toMatch(/0 errors, 0 warnings across 0 of 66 entities/);
    expect(run.status).toBe(0);
  });

  it("refuses a model with a duplicate block and a bloks field accepting an unknown block", () => {
    const run = schemaValidate("tests/fixtures/content-model-broken/index.ts");
    expect(run.output).toMatch(/Duplicate block name "Card"/);
    expect(run.output).toMatch(/Field "body" allows unknown block "Kaart"/);
    expect(run.status).toBe(1);
  });
});

describe("the build command", () => {
  it("exits with the problem named when content/ does not fit the model", () => {
    const dir = mkdtempSync(join(tmpdir(), "content-check-"));
    try {
      const { files } = corrupt("content/stories/diensten/product-design.json", (content) => {
        at(content, ...CARD).title = 42;
      });
      const content = join(dir, "content");
      for (const entry of [files.space, ...files.stories, ...files.drafts, ...files.datasources]) {
        if (!entry) continue;
        const target = join(dir, entry.file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, `${JSON.stringify(entry.data, null, 2)}\n`);
      }
      const run = spawnSync(
        process.execPath,
        [join(REPO_ROOT, "tools/build/build-snapshot.ts"), "--content", content, "--out", join(dir, "out")],
        {
          encoding: "utf8",
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        'content/stories/diensten/product-design.json: diensten/product-design: body[2].columns[0].title: field "title" of Card: Expected string, received number.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
