import { useT } from "../site-context";

/**
 * Real links to `?pagina=N` under a listing, so paging works without JavaScript; nothing when
 * there is only one page. With `path` the links are absolute and page 1 is the bare path (its
 * canonical address); without it they are relative (`?pagina=1`). The current page carries
 * `aria-current="page"`: plain text, or still a link with `linkCurrent`. Paged past the last page,
 * no page is current and there is no way back or forward but the page numbers.
 */
export function Pagination({
  label,
  page,
  pages,
  path,
  linkCurrent = false,
}: {
  /** The nav's accessible name, e.g. "Paginering cases". */
  label: string;
  page: number;
  pages: number;
  path?: string;
  linkCurrent?: boolean;
}) {
  const { t } = useT();
  if (pages <= 1) return null;
  const href = (n: number) => (path === undefined ? `?pagina=${n}` : n === 1 ? path : `${path}?pagina=${n}`);
  return (
    <nav aria-label={label} className="mt-12">
      <ul className="m-0 flex list-none flex-wrap items-center gap-2 p-0">
        {page > 1 && page <= pages ? (
          <li>
            <a href={href(page - 1)} rel="prev" className="btn-secondary border-solid px-4 py-2">
              <span aria-hidden="true">←</span>
              {` ${t.pagination.previous}`}
            </a>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <PageNumber n={n} href={href(n)} label={t.pagination.page(n)} current={n === page} linkCurrent={linkCurrent} />
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next" className="btn-secondary border-solid px-4 py-2">
              {`${t.pagination.next} `}
              <span aria-hidden="true">→</span>
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

const NUMBER = "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold";
const CURRENT = `${NUMBER} bg-ink text-white`;

/** A link to page `n`; the current page as plain text, or as a link with `linkCurrent`. */
function PageNumber({
  n,
  href,
  label,
  current,
  linkCurrent,
}: {
  n: number;
  href: string;
  label: string;
  current: boolean;
  linkCurrent: boolean;
}) {
  if (!current) {
    return (
      <a
        href={href}
        aria-label={label}
        className={`${NUMBER} border-2 border-solid border-ink text-ink no-underline hover:bg-ink hover:text-white kbd-focus`}
      >
        {n}
      </a>
    );
  }
  if (linkCurrent) {
    return (
      <a href={href} aria-current="page" aria-label={label} className={`${CURRENT} no-underline kbd-focus`}>
        {n}
      </a>
    );
  }
  return (
    <span aria-current="page" className={CURRENT}>
      {n}
    </span>
  );
}
