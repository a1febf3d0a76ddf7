/**
 * A page published at the source of a CMS redirect: the page wins (the redirects middleware never
 * redirects from a page's own path), so the editor's redirect has stopped working. Said to the
 * editor in the story's content-health report, not found by a visitor.
 */
import type { DatasourceEntry, Story } from "../../shared/content";
import type { Finding } from "../../shared/content-health";
import { DEFAULT_LANG } from "../../shared/i18n/lang";
import { pathOfSlug } from "../content/routable";

export const REDIRECT_SHADOWED = "redirect.shadowed";

/** `/oude-pagina/` and `oude-pagina` name the same path: the datasource's names as the middleware reads them. */
const normalised = (name: string) => {
  const path = name.trim().startsWith("/") ? name.trim() : `/${name.trim()}`;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
};

/** The finding for `story` (its Dutch version) when a CMS redirect leaves from its path. */
export function redirectClashes(story: Story, redirects: readonly DatasourceEntry[]): Finding[] {
  const path = pathOfSlug(story.full_slug.replace(/\/+$/, ""));
  const entry = redirects.find((candidate) => normalised(candidate.name) === path);
  if (!entry) return [];
  const content = story.content as { _uid?: string; component?: string };
  return [
    {
      rule: REDIRECT_SHADOWED,
      severity: "warning",
      story: story.full_slug,
      storyId: story.id,
      lang: DEFAULT_LANG,
      uid: content._uid ?? "",
      component: content.component ?? "",
      field: "slug",
      path: "",
      message: {
        nl: `Deze pagina staat op ${path}, waar de redirect naar ${entry.value} vandaan komt: de pagina gaat voor, de redirect werkt niet meer. Verwijder hem uit de datasource "redirects" of kies een andere slug.`,
        en: `This page is at ${path}, where the redirect to ${entry.value} starts: the page wins, the redirect no longer works. Remove it from the "redirects" datasource or choose another slug.`,
      },
    },
  ];
}
