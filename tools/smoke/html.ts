// Reading the site's HTML from outside. React writes every attribute in double quotes with `"`,
// `<` and `>` escaped inside, so a start tag ends at the first `>` and a value at the next `"`:
// a few regular expressions read it exactly, without an HTML parser as a dependency.

/** The attributes of every start tag named `name`, in document order. */
export function startTags(html: string, name: string): Array<Record<string, string>> {
  const tags: Array<Record<string, string>> = [];
  for (const match of html.matchAll(new RegExp(`<${name}(?=[\\s/>])([^>]*)>`, "gi"))) tags.push(attributes(match[1] ?? ""));
  return tags;
}

function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*"([^"]*)")?/g)) {
    found[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? "");
  }
  return found;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" }[lower] ?? "";
  });
}

/** `<meta name="...">`'s content, or undefined. */
export function metaContent(html: string, name: string): string | undefined {
  return startTags(html, "meta").find((tag) => tag.name === name)?.content;
}

/** The `href` of the first `<link>` whose attributes include all of `match`. */
export function linkHref(html: string, match: Record<string, string>): string | undefined {
  return startTags(html, "link").find((tag) => Object.entries(match).every(([key, value]) => tag[key] === value))?.href;
}

/** The text of every `<script type="application/ld+json">` (the site escapes `<` in it, so no `</script>` can be inside). */
export function jsonLdTexts(html: string): string[] {
  return [...html.matchAll(/<script(?=[\s>])([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => attributes(match[1] ?? "").type === "application/ld+json")
    .map((match) => match[2] ?? "");
}

/** What a visitor's HTML page must be, whatever its type. */
export function documentProblems(answer: { status: number; headers: Headers; text: string }, lang: string): string[] {
  const problems: string[] = [];
  const type = answer.headers.get("content-type") ?? "";
  if (!/^text\/html\b/i.test(type)) problems.push(`content-type is "${type}", not text/html`);
  const html = startTags(answer.text, "html")[0];
  if (html?.lang !== lang) problems.push(`<html lang> is ${html ? `"${html.lang ?? ""}"` : "missing"}, not "${lang}"`);
  if (startTags(answer.text, "main").length !== 1) problems.push(`${startTags(answer.text, "main").length} <main> elements, not 1`);
  return problems;
}

/** schema.org's WebPage and the subtypes the site uses for a page (`src/site/structured-data/web-page.ts`). */
export const WEB_PAGE_TYPES: readonly string[] = ["WebPage", "CollectionPage", "ContactPage", "AboutPage", "ItemPage"];

export interface GraphExpectation {
  /** The page's canonical URL: the WebPage node's `url`. */
  canonical: string;
  lang: string;
  /** The WebPage node's type must be one of these (default: any of WEB_PAGE_TYPES). */
  webPageTypes?: readonly string[];
  /** The page's main entity (`mainEntity` of the WebPage): a node of this type. */
  mainType?: string;
}

type JsonNode = Record<string, unknown>;

/**
 * The page's one JSON-LD graph (`src/site/structured-data/graph.ts`): it parses, names schema.org,
 * holds the organisation, the website and the page (its canonical URL, its language, its main
 * entity), and every `{"@id"}` reference in it resolves to a node of the graph.
 */
export function graphProblems(html: string, expected: GraphExpectation): string[] {
  const texts = jsonLdTexts(html);
  if (texts.length !== 1) return [`${texts.length} JSON-LD scripts, not 1`];
  let graph: unknown;
  try {
    graph = JSON.parse(texts[0]!);
  } catch (error) {
    return [`JSON-LD does not parse: ${(error as Error).message}`];
  }
  const { "@context": context, "@graph": nodes } = (graph ?? {}) as JsonNode;
  if (typeof context !== "string" || !/^https?:\/\/schema\.org\/?$/.test(context))
    return [`JSON-LD @context is ${JSON.stringify(context)}`];
  if (!Array.isArray(nodes)) return ["JSON-LD has no @graph array"];
  return nodeProblems(nodes.filter(isNode), expected);
}

function nodeProblems(nodes: JsonNode[], expected: GraphExpectation): string[] {
  const problems: string[] = [];
  for (const type of ["Organization", "WebSite"]) if (!nodes.some((node) => typesOf(node).includes(type))) problems.push(`no ${type} node`);
  const pageTypes = expected.webPageTypes ?? WEB_PAGE_TYPES;
  const page = nodes.find((node) => typesOf(node).some((type) => WEB_PAGE_TYPES.includes(type)));
  if (!page) return [...problems, "no WebPage node"];
  if (!typesOf(page).some((type) => pageTypes.includes(type)))
    problems.push(`the page is a ${typesOf(page).join(",")}, not ${pageTypes.join(" or ")}`);
  if (page.url !== expected.canonical) problems.push(`the WebPage's url is ${JSON.stringify(page.url)}, not "${expected.canonical}"`);
  if (page.inLanguage !== expected.lang)
    problems.push(`the WebPage's inLanguage is ${JSON.stringify(page.inLanguage)}, not "${expected.lang}"`);
  if (expected.mainType) {
    const main = nodes.find((node) => typesOf(node).includes(expected.mainType!));
    if (!main) problems.push(`no ${expected.mainType} node`);
    else if ((page.mainEntity as JsonNode | undefined)?.["@id"] !== main["@id"])
      problems.push(`the WebPage's mainEntity is not the ${expected.mainType}`);
  }
  const unresolved = unresolvedReferences(nodes);
  if (unresolved.length) problems.push(`references to no node: ${unresolved.join(", ")}`);
  return problems;
}

const isNode = (value: unknown): value is JsonNode => value !== null && typeof value === "object" && !Array.isArray(value);

function typesOf(node: JsonNode): string[] {
  const type = node["@type"];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : typeof type === "string" ? [type] : [];
}

/** `{"@id": x}` objects (references) whose x no node of the graph, at any depth, has as its `@id`. */
function unresolvedReferences(nodes: JsonNode[]): string[] {
  const defined = new Set<string>();
  const referenced = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isNode(value)) return;
    const id = value["@id"];
    if (typeof id === "string") (Object.keys(value).length === 1 ? referenced : defined).add(id);
    Object.values(value).forEach(visit);
  };
  nodes.forEach(visit);
  return [...referenced].filter((id) => !defined.has(id));
}
