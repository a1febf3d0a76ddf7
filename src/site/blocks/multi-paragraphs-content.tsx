import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { keyed } from "../ui/keys";

/** One titled paragraph (`titled-paragraph` item); blank lines in `text` separate paragraphs. */
export type TitledParagraph = BlokOf<"titled-paragraph">;

export type MultiParagraphsContentBlok = BlokOf<"MultiParagraphsContent">;

/** A title and several short titled paragraphs, two columns on wider screens. */
export function MultiParagraphsContent({ blok }: BlockProps<MultiParagraphsContentBlok>) {
  const editable = useEditable(blok);
  const items = (Array.isArray(blok.paragraphs) ? blok.paragraphs : [])
    .map((item) => ({ item, paragraphs: splitParagraphs(item?.text) }))
    .filter(({ item, paragraphs }) => item && (item.title || paragraphs.length));
  if (!items.length && !blok.title) return null;
  const titleId = `paragraphs-${blok._uid}`;
  const ItemHeading = blok.title ? "h3" : "h2";
  return (
    <Section {...editable} tone={blok.background === "sand" ? "sand" : "white"} labelledBy={blok.title ? titleId : undefined}>
      <SectionHeading
        id={titleId}
        eyebrow={blok.eyebrow}
        title={blok.title}
        intro={blok.intro}
        className="mb-10 max-w-3xl gap-3 md:mb-14"
      />
      {items.length ? (
        <div className="grid gap-x-16 gap-y-10 md:grid-cols-2 md:gap-y-14">
          {items.map(({ item, paragraphs }, index) => (
            <div key={item._uid || index} className="flex flex-col gap-3 border-t-2 border-t-solid border-koraal-300 pt-5">
              {item.title ? (
                <ItemHeading className="m-0 break-words font-display text-xl font-bold leading-snug tracking-tight hyphens-auto md:text-2xl">
                  {item.title}
                </ItemHeading>
              ) : null}
              {keyed(paragraphs).map(([key, paragraph]) => (
                <p key={key} className="m-0 whitespace-pre-line leading-relaxed text-ink-soft">
                  {paragraph}
                </p>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </Section>
  );
}

function splitParagraphs(text: unknown): string[] {
  return typeof text === "string"
    ? text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
    : [];
}
