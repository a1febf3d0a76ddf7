import type { ReactNode } from "react";
import type { AssetField, Blok, Story } from "../../shared/content";
import { CardLanguageLabel, useCardLanguage } from "./card-language";
import { Image } from "./image";
import { Link } from "./link";

/**
 * A card for one story in a grid of three: its hero image (a soft placeholder without one), a meta
 * line, its title (the story's name when empty), a teaser and a footer line. The whole card links to
 * the story through the title link's pseudo-element. `aspect` and `placeholder` are literal classes
 * (the picture's aspect ratio, the placeholder's background). A story whose page is in another
 * language is marked as such (`useCardLanguage`); `meta` and `footer` mark the site's words in them.
 */
export function StoryCard({
  story,
  headingLevel = 3,
  aspect,
  placeholder,
  meta,
  teaser,
  footer,
}: {
  story: Story<Blok & { title?: string; heroImage?: AssetField | null }>;
  headingLevel?: 2 | 3;
  aspect: string;
  placeholder: string;
  meta?: ReactNode;
  teaser?: string | null;
  footer?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = story.content.heroImage;
  const language = useCardLanguage(story);
  return (
    <article lang={language?.lang} className="group relative flex w-full flex-col gap-4">
      <div className="overflow-hidden rounded-3xl bg-koraal-50 ring-1 ring-sand-dark">
        {image?.filename ? (
          <Image
            src={image.filename}
            alt={image.alt}
            sizes={{ xs: 335, sm: 576, md: 340, lg: 300, xl: 384 }}
            className={`block ${aspect} h-auto w-full object-cover transition-transform duration-500 group-hover:scale-103`}
          />
        ) : (
          <div aria-hidden="true" className={`${aspect} w-full ${placeholder}`} />
        )}
      </div>
      {language ? <CardLanguageLabel language={language} /> : null}
      {meta}
      <Heading className="m-0 break-words font-display text-2xl font-bold leading-snug tracking-tight hyphens-auto">
        <Link
          link={story.full_slug}
          hrefLang={language?.lang}
          aria-describedby={language?.labelId}
          className="text-ink no-underline after:absolute after:inset-0 after:rounded-3xl after:content-[''] group-hover:text-koraal-700 kbd-focus"
        >
          {story.content.title || story.name}
        </Link>
      </Heading>
      {teaser ? <p className="m-0 line-clamp-3 text-ink-soft">{teaser}</p> : null}
      {footer}
    </article>
  );
}

/** Story cards in a grid of up to three columns. */
export function StoryGrid<S extends { uuid: string }>({ stories, card }: { stories: S[]; card: (story: S) => ReactNode }) {
  return (
    <ul className="m-0 grid list-none gap-x-8 gap-y-12 p-0 md:grid-cols-2 lg:grid-cols-3">
      {stories.map((story) => (
        <li key={story.uuid} className="flex">
          {card(story)}
        </li>
      ))}
    </ul>
  );
}
