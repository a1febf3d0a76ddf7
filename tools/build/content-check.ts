/**
 * Checks the content of stories against the content model (content-model/): every component must
 * be in the model, every field must be one of its component's fields with a value of the field's
 * type, a `bloks` field may only hold the blocks it accepts, an option only a value it declares,
 * and a required field must be filled in. Translations (`title__i18n__en`) are held to the same
 * rules, may only exist for translatable fields and only for the space's languages; a story's
 * content must be a content type.
 *
 * Storyblok's own validator (@storyblok/schema's validateStory) checks the fields; this module adds
 * the rules about translations and content types and names each problem by story, path and field:
 *
 *   home: body[2].columns[0].title: field "title" of Card: Expected string, received number.
 *
 * Pure functions: the build (build-snapshot.ts) and tests call them with stories and a model.
 */
import { type SchemaBlockLike, type SchemaLike, type ValidationIssue, validateStory } from "@storyblok/schema";

/** One problem of a story's content. */
export interface ContentProblem {
  /** The story's full_slug. */
  story: string;
  /** Where in the story's content, e.g. `body[2].columns[0].title`; `component` for the content type itself. */
  path: string;
  /** The field the problem is in, as stored (a translation keeps its suffix: `title__i18n__en`). */
  field: string;
  /** The component the field belongs to (`content` for the story's content type itself). */
  component: string;
  message: string;
}

/** What of a story the check reads. */
export interface CheckedStory {
  full_slug: string;
  content: unknown;
}

type Path = readonly (string | number)[];
type JsonObject = Record<string, unknown>;

const I18N = "__i18n__";

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const isBlok = (value: unknown): value is JsonObject & { component: string } => isObject(value) && typeof value.component === "string";

/** `["content", "body", 2, "columns", 0, "title"]` -> `body[2].columns[0].title`. */
export function formatPath(path: Path): string {
  const inside = path[0] === "content" ? path.slice(1) : path;
  const text = inside.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? key : `.${key}`)).join("");
  return text || "component";
}

/**
 * The field and component a path into a story ends in: the last blok on the way and the key taken
 * out of it. An unknown or misplaced blok's own `component` key counts as the field holding it.
 */
export function fieldAt(story: CheckedStory, path: Path): { field: string; component: string } {
  let found = { field: "component", component: "content" };
  let current: unknown = { content: story.content };
  for (const key of path) {
    if (isBlok(current) && key !== "component") found = { field: String(key), component: current.component };
    current = Array.isArray(current) && typeof key === "number" ? current[key] : isObject(current) ? current[key] : undefined;
  }
  return found;
}

/** A problem of `story` at `path`, named by field and component. */
function problemAt(story: CheckedStory, path: Path, message: string): ContentProblem {
  return { story: story.full_slug, path: formatPath(path), ...fieldAt(story, path), message };
}

/** Every blok in a story's content with its path (nested bloks and bloks inside rich text alike). */
export function* bloksOf(value: unknown, path: Path = ["content"]): Generator<{ blok: JsonObject & { component: string }; path: Path }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* bloksOf(item, [...path, index]);
  } else if (isObject(value)) {
    if (isBlok(value)) yield { blok: value, path };
    for (const [key, child] of Object.entries(value)) yield* bloksOf(child, [...path, key]);
  }
}

function blocksByName(model: SchemaLike): Map<string, SchemaBlockLike & { is_root?: boolean }> {
  const blocks: readonly SchemaBlockLike[] = Array.isArray(model.blocks) ? model.blocks : Object.values(model.blocks);
  return new Map(blocks.map((block) => [block.name, block]));
}

/** The story's content must be a content type (a root block), not a block meant to be nested. */
function contentTypeProblems(story: CheckedStory, blocks: ReadonlyMap<string, { is_root?: boolean }>): ContentProblem[] {
  if (!isBlok(story.content)) return [];
  const block = blocks.get(story.content.component);
  if (!block || block.is_root) return [];
  return [
    problemAt(story, ["content", "component"], `Component "${story.content.component}" is not a content type; a story cannot hold it.`),
  ];
}

/** Translations (`field__i18n__<lang>`) only for translatable fields and only in the space's languages. */
function translationProblems(
  story: CheckedStory,
  blocks: ReadonlyMap<string, SchemaBlockLike>,
  languages: readonly string[],
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { blok, path } of bloksOf(story.content)) {
    const fields = blocks.get(blok.component)?.fields ?? [];
    for (const key of Object.keys(blok)) {
      const at = key.indexOf(I18N);
      if (at < 0) continue;
      const field = fields.find((candidate) => candidate.name === key.slice(0, at));
      const language = key.slice(at + I18N.length);
      // an unknown field is reported by validateStory
      if (!field) continue;
      if (!languages.includes(language)) {
        problems.push(
          problemAt(story, [...path, key], `"${language}" is not a language of the space (${languages.join(", ") || "none"}).`),
        );
      } else if (!(field as { translatable?: boolean }).translatable) {
        problems.push(problemAt(story, [...path, key], `Field "${field.name}" of "${blok.component}" is not translatable.`));
      }
    }
  }
  return problems;
}

/**
 * Whether an issue is about a node inside a rich text document rather than the document itself.
 * @storyblok/schema 0.3 requires `textAlign` in every heading's and paragraph's attrs, which
 * Storyblok's rich text editor leaves out (`{"level": 2}`), so its verdict on single nodes is not
 * used: the document must still be a rich text document, and blocks embedded in it are checked.
 */
function isRichTextNodeIssue(story: CheckedStory, issue: ValidationIssue, blocks: ReadonlyMap<string, SchemaBlockLike>): boolean {
  if (issue.code !== "invalid_value") return false;
  const { field, component } = fieldAt(story, issue.path);
  const name = field.split(I18N)[0];
  const type = blocks.get(component)?.fields?.find((candidate) => candidate.name === name)?.type;
  return type === "richtext" && issue.path.at(-1) !== field;
}

/**
 * Every problem of one story's content against the model: the content type, then the validator's
 * issues in content order, then the translations. Storyblok's validator calls an unknown field and
 * a number stored as a JSON number warnings; here every issue counts, so content/ holds exactly
 * what a space with this model would.
 */
export function contentProblems(story: CheckedStory, model: SchemaLike, languages: readonly string[]): ContentProblem[] {
  const blocks = blocksByName(model);
  const issues = validateStory(story, model).issues.filter((issue) => !isRichTextNodeIssue(story, issue, blocks));
  return [
    ...contentTypeProblems(story, blocks),
    ...issues.map((issue) => problemAt(story, issue.path, issue.message)),
    ...translationProblems(story, blocks, languages),
  ];
}

/** One line for a problem: `home: body[2].columns[0].title: field "title" of Card: Expected string, received number.` */
export function describeProblem(problem: ContentProblem): string {
  return `${problem.story}: ${problem.path}: field "${problem.field}" of ${problem.component}: ${problem.message}`;
}
