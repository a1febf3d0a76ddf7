import { useEditable } from "../editable";
import { isStoryOf } from "./listings";
import { StoryListingSection, type StoryListingBlok } from "./parts/listing-section";
import type { BlockProps } from "./types";
import { CaseCard, type CaseDetailBlok } from "./case-detail";
import { useT } from "../site-context";

export interface CasesBlok extends StoryListingBlok {
  component: "Cases";
}

/** Our case stories (CaseDetail under cases/), newest first, as cards. */
export function Cases({ blok }: BlockProps<CasesBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  return (
    <StoryListingSection
      {...editable}
      blok={blok}
      idPrefix="cases"
      texts={t.cases}
      isItem={isStoryOf<CaseDetailBlok>("CaseDetail")}
      card={(story, headingLevel) => <CaseCard story={story} headingLevel={headingLevel} />}
    />
  );
}
