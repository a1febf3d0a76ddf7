import type { Story } from "../../../shared/content";
import { useCardLanguage } from "../../ui/card-language";
import { StoryCard } from "../../ui/story-card";
import type { CaseDetailBlok } from "../case-detail";
import { useT } from "../../site-context";

/**
 * A card for one case story (the Cases listing, related cases on a case page): picture, client and
 * sector, title, intro. Its heading is an h3 under a titled section, an h2 when the section has no heading.
 */
export function CaseCard({ story, headingLevel = 3 }: { story: Story<CaseDetailBlok>; headingLevel?: 2 | 3 }) {
  const content = story.content;
  const meta = [content.client, content.sector].filter(Boolean).join(" · ");
  const { t } = useT();
  const language = useCardLanguage(story);
  return (
    <StoryCard
      story={story}
      headingLevel={headingLevel}
      aspect="aspect-[4/3]"
      placeholder="bg-[radial-gradient(circle_at_30%_30%,#FFA8A8,#FFE6E6_60%)]"
      meta={meta ? <p className="m-0 text-sm font-semibold uppercase tracking-widest text-koraal-700">{meta}</p> : null}
      teaser={content.intro}
      footer={
        <p aria-hidden="true" lang={language?.pageLang} className="m-0 mt-auto font-semibold text-koraal-700">
          {`${t.cases.read} `}
          <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
        </p>
      }
    />
  );
}
