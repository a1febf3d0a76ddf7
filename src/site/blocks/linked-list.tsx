import { resolveLink } from "../../shared/links/links";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

/** A `nav-link` item (see items.ts): a link and its text. */
export type LinkedListLink = BlokOf<"nav-link">;

export type LinkedListBlok = BlokOf<"LinkedList">;

/** A titled list of links, one per row, each with an arrow (↗ when it leaves the site). */
export function LinkedList({ blok }: BlockProps<LinkedListBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  const links = (blok.links ?? []).flatMap((item) => {
    const target = resolveLink(item?.link);
    return target && item.linkText ? [{ item, target }] : [];
  });
  if (!links.length) return null;
  const headingId = `linked-list-${blok._uid}`;
  return (
    <div {...editable} className="site-container py-10 md:py-14">
      <nav
        aria-labelledby={blok.title ? headingId : undefined}
        aria-label={blok.title ? undefined : t.common.links}
        className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] md:gap-12"
      >
        {blok.title || blok.intro ? (
          <div className="flex flex-col gap-3">
            {blok.title ? (
              <h2 id={headingId} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight">
                {blok.title}
              </h2>
            ) : null}
            {blok.intro ? <p className="m-0 text-lg text-ink-soft">{blok.intro}</p> : null}
          </div>
        ) : null}
        <ul className="m-0 list-none border-t border-sand-dark p-0">
          {links.map(({ item, target }) => (
            <li key={item._uid} className="border-b border-sand-dark">
              <Link
                link={item.link}
                className="group flex items-center justify-between gap-4 py-5 text-lg font-semibold text-ink no-underline transition-colors hover:text-koraal-700 kbd-focus"
              >
                <span>
                  {item.linkText}
                  {target.external ? <span className="sr-only">{` ${t.common.newTab}`}</span> : null}
                </span>
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-koraal-50 text-koraal-700 transition-transform group-hover:translate-x-1 group-hover:bg-koraal-100"
                >
                  {target.external ? "↗" : "→"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
