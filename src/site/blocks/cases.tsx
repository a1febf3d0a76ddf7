import { useEditable } from "../editable";
import { isStoryOf } from "../../shared/listings/listings";
import { StoryListingSection } from "./parts/listing-section";
import type { BlockProps, BlokOf } from "./types";
import { CaseCard, type CaseDetailBlok } from "./case-detail";
import { useT } from "../site-context";

export type CasesBlok = BlokOf<"Cases">;

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
