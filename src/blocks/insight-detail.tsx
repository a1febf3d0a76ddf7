import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { Blocks } from "./blocks";
import type { AssetField, Blok, BlockProps } from "./types";

export interface InsightDetailBlok extends Blok {
  component: "InsightDetail";
  /** The article's headline: the page's h1 and, with " | Koraal", its document title. */
  title?: string;
  description?: string;
  /** Lead paragraph under the title; cards use it as their teaser. */
  intro?: string;
  category?: string;
  authorName?: string;
  authorRole?: string;
  authorImage?: AssetField;
  /** Storyblok date field: "2025-11-04 09:30" (or an ISO date). */
  publishedDate?: string;
  /** Minutes; a number field arrives as a string. */
  readingTime?: string | number;
  heroImage?: AssetField;
  body?: Blok[];
}

/**
 * Typography for rich text (`.prose`, see RichText) inside articles and case stories. Scoped to
 * `.prose` so the blocks around it keep their own styling.
 */
export const ARTICLE_PROSE =
  "[&_.prose]:max-w-3xl [&_.prose]:text-lg [&_.prose]:leading-relaxed [&_.prose]:text-ink-soft " +
  "[&_.prose_h2]:mb-4 [&_.prose_h2]:mt-12 [&_.prose_h2]:font-display [&_.prose_h2]:text-3xl [&_.prose_h2]:font-bold [&_.prose_h2]:leading-tight [&_.prose_h2]:tracking-tight [&_.prose_h2]:text-ink " +
  "[&_.prose_h3]:mb-3 [&_.prose_h3]:mt-10 [&_.prose_h3]:font-display [&_.prose_h3]:text-2xl [&_.prose_h3]:font-bold [&_.prose_h3]:leading-snug [&_.prose_h3]:text-ink " +
  "[&_.prose_h4]:mb-2 [&_.prose_h4]:mt-8 [&_.prose_h4]:text-xl [&_.prose_h4]:font-semibold [&_.prose_h4]:text-ink " +
  "[&_.prose>:first-child]:mt-0 [&_.prose_p]:my-5 [&_.prose_ul]:my-5 [&_.prose_ol]:my-5 [&_.prose_li]:my-2 [&_.prose_li>p]:my-0 [&_.prose_strong]:text-ink " +
  "[&_.prose_a]:text-koraal-700 [&_.prose_a]:underline [&_.prose_a]:decoration-2 [&_.prose_a]:underline-offset-3 [&_.prose_a:hover]:text-ink " +
  "[&_.prose_blockquote]:mx-0 [&_.prose_blockquote]:my-8 [&_.prose_blockquote]:border-l-4 [&_.prose_blockquote]:border-koraal-400 [&_.prose_blockquote]:border-l-solid [&_.prose_blockquote]:pl-6 [&_.prose_blockquote]:font-display [&_.prose_blockquote]:text-xl [&_.prose_blockquote]:text-ink " +
  "[&_.prose_pre]:my-6 [&_.prose_pre]:overflow-x-auto [&_.prose_pre]:rounded-2xl [&_.prose_pre]:bg-ink [&_.prose_pre]:p-5 [&_.prose_pre]:text-sm [&_.prose_pre]:leading-relaxed [&_.prose_pre]:text-white " +
  "[&_.prose_:not(pre)>code]:rounded-md [&_.prose_:not(pre)>code]:bg-sand-dark [&_.prose_:not(pre)>code]:px-1.5 [&_.prose_:not(pre)>code]:py-0.5 [&_.prose_:not(pre)>code]:text-[0.9em] [&_.prose_:not(pre)>code]:text-ink " +
  "[&_.prose_hr]:my-12 [&_.prose_hr]:h-px [&_.prose_hr]:border-0 [&_.prose_hr]:bg-sand-dark " +
  "[&_.prose_mark]:rounded [&_.prose_mark]:px-1 [&_.prose_sup]:text-xs [&_.prose_sub]:text-xs " +
  "[&_.prose_table]:my-8 [&_.prose_table]:block [&_.prose_table]:max-w-full [&_.prose_table]:overflow-x-auto [&_.prose_table]:border-collapse [&_.prose_table]:text-sm md:[&_.prose_table]:table md:[&_.prose_table]:text-base md:[&_.prose_table]:w-full [&_.prose_td>p]:my-0 [&_.prose_th>p]:my-0 " +
  "[&_.prose_th]:border-b-2 [&_.prose_th]:border-ink [&_.prose_th]:border-b-solid [&_.prose_th]:whitespace-nowrap [&_.prose_th]:px-3 [&_.prose_th]:py-2 [&_.prose_th]:text-left [&_.prose_th]:text-ink " +
  "[&_.prose_td]:border-b [&_.prose_td]:border-sand-dark [&_.prose_td]:border-b-solid [&_.prose_td]:px-3 [&_.prose_td]:py-2 [&_.prose_td]:align-top";

/** An article by one of our people: header with author and date, hero image, then the body blocks. */
export function InsightDetail({ blok }: BlockProps<InsightDetailBlok>) {
  const titleId = `insight-${blok._uid}`;
  const date = articleDate(blok.publishedDate);
  const minutes = readingMinutes(blok.readingTime);
  const title = blok.title || "Insight";
  return (
    <article aria-labelledby={titleId} className="flex flex-col">
      <header className="relative overflow-hidden bg-sand">
        <div aria-hidden="true" className="absolute -left-28 -bottom-40 h-80 w-80 rounded-full bg-koraal-100 md:h-[28rem] md:w-[28rem]" />
        <div className="relative mx-auto w-full max-w-3xl px-5 sm:px-8">
          <div className="flex flex-col gap-6 pb-12 pt-10 md:pb-16 md:pt-14">
            <nav aria-label="Kruimelpad">
              <ol className="m-0 flex list-none flex-wrap items-center gap-2 p-0 text-sm text-ink-muted">
                <li>
                  <a href="/insights" className="font-semibold text-ink-soft no-underline hover:text-koraal-700 focus-ring">
                    Insights
                  </a>
                </li>
                {blok.category ? (
                  <>
                    <li aria-hidden="true">/</li>
                    <li>{blok.category}</li>
                  </>
                ) : null}
              </ol>
            </nav>
            <h1 id={titleId} className="m-0 break-words font-display text-4xl font-bold leading-tight tracking-tight hyphens-auto sm:text-5xl">
              {title}
            </h1>
            {blok.intro ? <p className="m-0 text-lg text-ink-soft sm:text-xl">{blok.intro}</p> : null}
            {blok.authorName || date || minutes ? (
              <div className="flex flex-wrap items-center gap-x-8 gap-y-4 border-t border-t-solid border-sand-dark pt-6">
                {blok.authorName ? (
                  <div className="flex items-center gap-3">
                    {blok.authorImage?.filename ? (
                      <Image src={blok.authorImage.filename} alt="" sizes={{ xs: 48 }} width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
                    ) : (
                      <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-koraal-400 font-display text-lg font-bold text-ink">
                        {initials(blok.authorName)}
                      </span>
                    )}
                    <p className="m-0 flex flex-col leading-snug">
                      <span className="font-semibold">{blok.authorName}</span>
                      {blok.authorRole ? <span className="text-sm text-ink-muted">{blok.authorRole}</span> : null}
                    </p>
                  </div>
                ) : null}
                {date || minutes ? (
                  <p className="m-0 flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
                    {date ? <time dateTime={date.iso}>{date.label}</time> : null}
                    {date && minutes ? <span aria-hidden="true">·</span> : null}
                    {minutes ? <span>{minutes} min leestijd</span> : null}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </header>
      {blok.heroImage?.filename ? (
        <div className="bg-[linear-gradient(to_bottom,#FBF6F1_50%,#FFFFFF_50%)]">
          <div className="site-container">
            <Image
              src={blok.heroImage.filename}
              alt={blok.heroImage.alt}
              sizes={{ xs: 335, sm: 576, md: 704, lg: 960, xl: 1024 }}
              priority
              className="mx-auto block aspect-[16/9] h-auto w-full max-w-5xl rounded-3xl object-cover shadow-[0_30px_60px_-30px_rgba(22,22,42,0.35)] ring-1 ring-sand-dark"
            />
          </div>
        </div>
      ) : null}
      <div className={`mx-auto w-full max-w-3xl py-8 md:py-12 ${ARTICLE_PROSE}`}>
        <Blocks blocks={blok.body} />
      </div>
      <footer className="mx-auto w-full max-w-3xl px-5 pb-16 sm:px-8 md:pb-24">
        <p className="m-0 border-t border-t-solid border-sand-dark pt-8">
          <Link link="/insights" className="text-link font-semibold">
            <span aria-hidden="true">←</span> Alle insights
          </Link>
        </p>
      </footer>
    </article>
  );
}

const MONTHS = ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"];

/** "2025-11-04 09:30" -> { iso: "2025-11-04", label: "4 november 2025" }; null when it is not a date. */
export function articleDate(value: unknown): { iso: string; label: string } | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const monthName = MONTHS[Number(month) - 1];
  if (!monthName || Number(day) < 1 || Number(day) > 31) return null;
  return { iso: `${year}-${month}-${day}`, label: `${Number(day)} ${monthName} ${year}` };
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
