import { isDataSlug } from "../../pages/page-types.ts";
import type { Hit, LinkTarget, Rule, RuleInput } from "../rule.ts";
import { fieldsOf, storyLinksIn, type StoryLink } from "../walk.ts";
import { fieldFacts } from "../model-facts.ts";

const trim = (slug: string) => slug.replace(/^\/+|\/+$/g, "");

/** The links list's entry a link names: by uuid where it has one (a moved story keeps it), else by slug. */
export function linkTarget(input: RuleInput, link: StoryLink): LinkTarget | undefined {
  if (link.uuid) return input.links.byUuid.get(link.uuid);
  return input.links.bySlug.get(trim(link.slug));
}

/** Why a visitor following the link gets no page, or null when they get one. */
function deadEnd(target: LinkTarget | undefined, closed: ReadonlySet<string>): "missing" | "not-a-page" | "closed" | null {
  if (!target?.published) return "missing";
  if (target.is_folder || isDataSlug(target.slug)) return "not-a-page";
  if (closed.has(target.uuid)) return "closed";
  return null;
}

/**
 * An internal link (a link field or a link in rich text) to a story that was deleted, is not
 * published or never existed, or to one that is no page (a folder, a team member): the link is
 * rendered with an `href` that answers 404.
 */
export const linkTargetRule: Rule = {
  id: "link.target",
  severity: "error",
  check(input) {
    const hits: Hit[] = [];
    for (const at of input.bloks) {
      for (const [field, value] of fieldsOf(at.blok)) {
        if (fieldFacts(input.facts, at.blok.component, field)?.stories) continue; // relations: relation.target
        for (const link of storyLinksIn(value)) {
          const problem = deadEnd(linkTarget(input, link), input.closed);
          const name = link.slug || link.uuid || "";
          if (problem === "missing")
            hits.push({
              at,
              field,
              message: {
                nl: `Link naar een pagina die niet bestaat of niet gepubliceerd is (${name}): bezoekers krijgen een 404.`,
                en: `Link to a page that does not exist or is not published (${name}): visitors get a 404.`,
              },
            });
          else if (problem === "closed")
            hits.push({
              at,
              field,
              message: {
                nl: `Link naar een gesloten vacature (${name}): de site laat de link weg. Haal hem weg of verwijs naar een andere pagina.`,
                en: `Link to a closed vacancy (${name}): the site leaves the link out. Remove it or point it at another page.`,
              },
            });
          else if (problem === "not-a-page")
            hits.push({
              at,
              field,
              message: {
                nl: `Link naar ${name}, dat geen pagina is (een map of gegevens): bezoekers krijgen een 404.`,
                en: `Link to ${name}, which is not a page (a folder or data): visitors get a 404.`,
              },
            });
        }
      }
    }
    return hits;
  },
};
