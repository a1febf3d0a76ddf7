import type { Blok } from "../shared/content";
import type { StoryKind } from "../shared/pages/page-types";
import { DataStoryPage } from "./preview/data-story-page";
import { ThemePage } from "./preview/theme-page";
import { useSite } from "./site-context";

/**
 * The routed part of a page for a story of any kind: a page's own blocks; for the theme (only in
 * preview) its customers list, header and footer being the shell around it; for a data story
 * (only in preview) its card.
 */
export function StoryBody({ kind, content }: { kind: StoryKind; content: Blok }) {
  const { Block } = useSite();
  if (kind === "theme") return <ThemePage />;
  if (kind === "data") return <DataStoryPage blok={content} />;
  return <Block blok={content} />;
}
