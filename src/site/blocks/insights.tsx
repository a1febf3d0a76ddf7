import type { Story } from "../../shared/content";
import { articleDate } from "../ui/article";
import { useCardLanguage } from "../ui/card-language";
import { StoryCard } from "../ui/story-card";
import { useEditable } from "../editable";
import type { InsightDetailBlok } from "./insight-detail";
import { isStoryOf } from "../../shared/listings/listings";
import { StoryListingSection } from "./parts/listing-section";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type InsightsBlok = BlokOf<"Insights">;

/** Articles from our team (InsightDetail under insights/), newest first, as cards. */
export function Insights({ blok }: BlockProps<InsightsBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  return (
    <StoryListingSection
      {...editable}
      blok={blok}
      idPrefix="insights"
      texts={t.insights}
      isItem={isStoryOf<InsightDetailBlok>("InsightDetail")}
      card={(story, headingLevel) => <InsightCard story={story} headingLevel={headingLevel} />}
    />
  );
}

/** A card for one article: picture, category and date, title, intro, author. */
function InsightCard({ story, headingLevel }: { story: Story<InsightDetailBlok>; headingLevel: 2 | 3 }) {
  const content = story.content;
  const { t } = useT();
  const language = useCardLanguage(story);
  const date = articleDate(content.publishedDate, t.common.months) ?? articleDate(story.first_published_at, t.common.months);
  return (
    <StoryCard
      story={story}
      headingLevel={headingLevel}
      aspect="aspect-[16/10]"
      placeholder="bg-[radial-gradient(circle_at_70%_30%,#FFA8A8,#FBF6F1_60%)]"
      meta={
        content.category || date ? (
          <p className="m-0 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {content.category ? (
              <span className="rounded-full bg-koraal-100 px-3 py-0.5 font-semibold text-koraal-800">{content.category}</span>
            ) : null}
            {date ? (
              <time dateTime={date.iso} lang={language?.pageLang} className="text-ink-muted">
                {date.label}
              </time>
            ) : null}
          </p>
        ) : null
      }
      teaser={content.intro || content.description}
      footer={
        content.authorName ? (
          <p lang={language?.pageLang} className="m-0 mt-auto text-sm text-ink-muted">
            {t.insights.byPrefix}
            {content.authorName}
          </p>
        ) : null
      }
    />
  );
}
