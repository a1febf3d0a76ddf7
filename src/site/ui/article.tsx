import type { AssetField } from "../../shared/content";
import { Image, type ImageProps } from "./image";
import { nl } from "../../shared/i18n/nl";
import { useT } from "../site-context";

/** Pieces of the article-like detail pages (CaseDetail, InsightDetail). */

/**
 * A long part of a page that the browser lays out and paints only once it comes near the viewport
 * (`content-visibility: auto`), keeping the size it had when last shown (`auto`; 1,200 px before
 * that). Still in the accessibility tree, found by find-in-page and scrolled to by anchors.
 */
export const OFFSCREEN_LATER = "[content-visibility:auto] [contain-intrinsic-size:auto_1200px]";

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

/**
 * "Cases / Zorggroep De Linde": a link up to the overview, then (optionally) where the page sits.
 * `lastIsPage` marks that last crumb as the page itself.
 */
export function Breadcrumb({
  href,
  label,
  last,
  lastIsPage = false,
}: {
  href: string;
  label: string;
  last?: string | null;
  lastIsPage?: boolean;
}) {
  const { t } = useT();
  return (
    <nav aria-label={t.common.breadcrumb}>
      <ol className="m-0 flex list-none flex-wrap items-center gap-2 p-0 text-sm text-ink-muted">
        <li>
          <a href={href} className="font-semibold text-ink-soft no-underline hover:text-koraal-700 kbd-focus">
            {label}
          </a>
        </li>
        {last ? (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current={lastIsPage ? "page" : undefined} className="line-clamp-1">
              {last}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

/**
 * The hero picture under an article's sand header, half on the sand and half on the white below.
 * `className` adds the picture's aspect ratio and width.
 */
export function ArticleHeroImage({
  image,
  sizes,
  className,
}: {
  image?: AssetField | null;
  sizes: ImageProps["sizes"];
  className: string;
}) {
  if (!image?.filename) return null;
  return (
    <div className="bg-[linear-gradient(to_bottom,#FBF6F1_50%,#FFFFFF_50%)]">
      <div className="site-container">
        <Image
          src={image.filename}
          alt={image.alt}
          sizes={sizes}
          priority
          className={`block h-auto w-full rounded-3xl object-cover shadow-[0_30px_60px_-30px_rgba(22,22,42,0.35)] ring-1 ring-sand-dark ${className}`}
        />
      </div>
    </div>
  );
}

/**
 * "2025-11-04 09:30" -> { iso: "2025-11-04", label: "4 november 2025" } (`months`: the page's
 * language's, `t.common.months`); null when it is not a date.
 */
export function articleDate(value: unknown, months: readonly string[] = nl.common.months): { iso: string; label: string } | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const monthName = months[Number(month) - 1];
  if (!monthName || Number(day) < 1 || Number(day) > 31) return null;
  return { iso: `${year}-${month}-${day}`, label: `${Number(day)} ${monthName} ${year}` };
}
