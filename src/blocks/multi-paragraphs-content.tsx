import type { Blok, BlockProps } from "./types";

/** One titled paragraph (`titled-paragraph` item); blank lines in `text` separate paragraphs. */
export interface TitledParagraph extends Blok {
  title?: string;
  text?: string;
}

export interface MultiParagraphsContentBlok extends Blok {
  component: "MultiParagraphsContent";
  eyebrow?: string;
  title?: string;
  intro?: string;
  paragraphs?: TitledParagraph[];
  /** white | sand; white when empty. */
  background?: string;
}

/** A title and several short titled paragraphs, two columns on wider screens. */
export function MultiParagraphsContent({ blok }: BlockProps<MultiParagraphsContentBlok>) {
  const items = (Array.isArray(blok.paragraphs) ? blok.paragraphs : [])
    .map((item) => ({ item, paragraphs: splitParagraphs(item?.text) }))
    .filter(({ item, paragraphs }) => item && (item.title || paragraphs.length));
  if (!items.length && !blok.title) return null;
  const titleId = `paragraphs-${blok._uid}`;
  const ItemHeading = blok.title ? "h3" : "h2";
  return (
    <section
      aria-labelledby={blok.title ? titleId : undefined}
      className={blok.background === "sand" ? "bg-sand py-14 text-ink md:py-20" : "bg-white py-14 text-ink md:py-20"}
    >
      <div className="site-container">
        {blok.eyebrow || blok.title || blok.intro ? (
          <div className="mb-10 flex max-w-3xl flex-col gap-3 md:mb-14">
            {blok.eyebrow ? <p className="eyebrow m-0">{blok.eyebrow}</p> : null}
            {blok.title ? (
              <h2 id={titleId} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight md:text-4xl">
                {blok.title}
              </h2>
            ) : null}
            {blok.intro ? <p className="m-0 text-lg text-ink-soft">{blok.intro}</p> : null}
          </div>
        ) : null}
        {items.length ? (
          <div className="grid gap-x-16 gap-y-10 md:grid-cols-2 md:gap-y-14">
            {items.map(({ item, paragraphs }, index) => (
              <div key={item._uid || index} className="flex flex-col gap-3 border-t-2 border-t-solid border-koraal-300 pt-5">
                {item.title ? (
                  <ItemHeading className="m-0 break-words font-display text-xl font-bold leading-snug tracking-tight hyphens-auto md:text-2xl">{item.title}</ItemHeading>
                ) : null}
                {paragraphs.map((paragraph, i) => (
                  <p key={i} className="m-0 whitespace-pre-line leading-relaxed text-ink-soft">
                    {paragraph}
                  </p>
                ))}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function splitParagraphs(text: unknown): string[] {
  return typeof text === "string" ? text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) : [];
}
