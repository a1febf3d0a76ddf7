import type { Graph, Thing } from "schema-dts";
import { absoluteUrl } from "../../shared/structured-data/schema-values";
import type { BlokOf } from "../blocks/types";
import { blogPostingNode } from "./blog-posting";
import { caseStudyNode } from "./case-study";
import type { GraphContext, GraphInput } from "./context";
import { nodeIds } from "./ids";
import { jobPostingNode } from "./job-posting";
import type { Node } from "./node";
import { organizationNode } from "./organization";
import { serviceNode } from "./service";
import { breadcrumbNode, type WebPageType, webPageNode } from "./web-page";
import { websiteNode } from "./website";

export type { Crumb, GraphInput } from "./context";

/** The folder whose pages are the services the organisation provides. */
const SERVICES_FOLDER = "diensten/";

/**
 * The page's one JSON-LD graph: the organisation and the website, the page with its breadcrumb
 * (below home), and the page's main entity by its content type: a BlogPosting for an insight, a
 * JobPosting for a vacancy, an Article for a case, a Service for a service or a sector. Every
 * reference points at a node of this graph. Pure: built from what the page's document has.
 */
export function pageGraph(input: GraphInput): Graph {
  const context: GraphContext = {
    ...input,
    ids: nodeIds(input.origin, input.lang, input.canonical),
    absolute: (url) => absoluteUrl(input.origin, url),
  };
  const main = mainEntity(context);
  const nodes: Array<Node<Thing>> = [organizationNode(context), websiteNode(context)];
  nodes.push(webPageNode(context, pageType(context), main?.["@id"]));
  if (context.ancestors.length) nodes.push(breadcrumbNode(context));
  if (main) nodes.push(main);
  return { "@context": "https://schema.org", "@graph": nodes } as Graph;
}

function mainEntity(context: GraphContext): Node<Thing> | undefined {
  const content = context.story.content as BlokOf<"Page" | "InsightDetail" | "Vacancy" | "CaseDetail" | "Sector">;
  switch (content.component) {
    case "InsightDetail":
      return blogPostingNode(context, content);
    case "Vacancy":
      return jobPostingNode(context, content);
    case "CaseDetail":
      return caseStudyNode(context, content);
    case "Sector":
      return serviceNode(context, content.image?.filename, content.title);
    case "Page":
      return isService(context) ? serviceNode(context, undefined) : undefined;
    default:
      return undefined;
  }
}

/** The story's slug in the default language: an English page's story carries its English one. */
const slugOf = ({ story }: GraphContext) => story.default_full_slug || story.full_slug;

const isService = (context: GraphContext) => slugOf(context).startsWith(SERVICES_FOLDER) && !context.story.is_startpage;

/** A folder's start page lists its stories; contact and about pages say what they are. */
function pageType(context: GraphContext): WebPageType {
  const slug = slugOf(context);
  if (context.story.is_startpage) return "CollectionPage";
  if (slug === "contact") return "ContactPage";
  if (slug === "over-ons") return "AboutPage";
  return context.story.content.component === "Page" && !isService(context) ? "WebPage" : "ItemPage";
}
