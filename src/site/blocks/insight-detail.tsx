import { ARTICLE_PROSE, ArticleHeroImage, Breadcrumb, OFFSCREEN_LATER, articleDate } from "../ui/article";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import { Blocks } from "./nested";
import type { AssetField, BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type InsightDetailBlok = BlokOf<"InsightDetail">;

/** An article by one of our people: header with author and date, hero image, then the body blocks. */
export function InsightDetail({ blok }: BlockProps<InsightDetailBlok>) {
  const editable = useEditable(blok);
  const titleId = `insight-${blok._uid}`;
  const { t } = useT();
  return (
    <article {...editable} aria-labelledby={titleId} className="flex flex-col">
      <InsightHeader blok={blok} titleId={titleId} />
      <ArticleHeroImage
        image={blok.heroImage}
        sizes={{ xs: 335, sm: 576, md: 704, lg: 960, xl: 1024 }}
        className="mx-auto aspect-[16/9] max-w-5xl"
      />
      {/* laid out only when it comes near the viewport (content-visibility): on a phone the body starts
          below the fold, and laying out a whole article was the first view's longest task */}
      <div className={`mx-auto w-full max-w-3xl py-8 md:py-12 ${OFFSCREEN_LATER} ${ARTICLE_PROSE}`}>
        <Blocks blocks={blok.body} />
      </div>
      <footer className="mx-auto w-full max-w-3xl px-5 pb-16 sm:px-8 md:pb-24">
        <p className="m-0 border-t border-t-solid border-sand-dark pt-8">
          <Link link={t.paths.insights} className="text-link font-semibold">
            <span aria-hidden="true">←</span>
            {` ${t.insights.allBack}`}
          </Link>
        </p>
      </footer>
    </article>
  );
}

/** Breadcrumb, title, intro, and who wrote it when, in how many minutes' reading. */
function InsightHeader({ blok, titleId }: { blok: InsightDetailBlok; titleId: string }) {
  const { t } = useT();
  const date = articleDate(blok.publishedDate, t.common.months);
  const minutes = readingMinutes(blok.readingTime);
  return (
    <header className="relative isolate overflow-hidden bg-sand">
      <div className="relative mx-auto w-full max-w-3xl px-5 sm:px-8">
        <div className="flex flex-col gap-6 pb-12 pt-10 md:pb-16 md:pt-14">
          <Breadcrumb href={t.paths.insights} label={t.insights.label} last={blok.category} />
          <h1
            id={titleId}
            className="m-0 break-words font-display text-4xl font-bold leading-tight tracking-tight hyphens-auto sm:text-5xl"
          >
            {blok.title || t.insights.fallbackTitle}
          </h1>
          {blok.intro ? <p className="m-0 text-lg text-ink-soft sm:text-xl">{blok.intro}</p> : null}
          {blok.authorName || date || minutes ? (
            <div className="flex flex-wrap items-center gap-x-8 gap-y-4 border-t border-t-solid border-sand-dark pt-6">
              {blok.authorName ? <Author name={blok.authorName} role={blok.authorRole} image={blok.authorImage} /> : null}
              {date || minutes ? (
                <p className="m-0 flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
                  {date ? <time dateTime={date.iso}>{date.label}</time> : null}
                  {date && minutes ? <span aria-hidden="true">·</span> : null}
                  {minutes ? (
                    <span>
                      {minutes}
                      {t.insights.readingTimeSuffix}
                    </span>
                  ) : null}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {/* After the content (behind it: -z-10 in the header's own stacking context), so that it is
          drawn once the content above it is there: anchored to the header's bottom, it moved down
          while a streamed header grew (a layout shift in a first view of a cold server). */}
      <div
        aria-hidden="true"
        className="absolute -left-28 -bottom-40 -z-10 h-80 w-80 rounded-full bg-koraal-100 md:h-[28rem] md:w-[28rem]"
      />
    </header>
  );
}

/** The author's photo (else initials), name and role. */
function Author({ name, role, image }: { name: string; role?: string | null; image?: AssetField | null }) {
  return (
    <div className="flex items-center gap-3">
      {image?.filename ? (
        <Image src={image.filename} alt="" sizes={{ xs: 48 }} width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-koraal-400 font-display text-lg font-bold text-ink"
        >
          {initials(name)}
        </span>
      )}
      <p className="m-0 flex flex-col leading-snug">
        <span className="font-semibold">{name}</span>
        {role ? <span className="text-sm text-ink-muted">{role}</span> : null}
      </p>
    </div>
  );
}

function readingMinutes(value: unknown): number | null {
  const minutes = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : NaN;
  return Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : null;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? "";
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}
