import { resolveLink } from "../../shared/links/links";
import { Link } from "../ui/link";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

/** One entry (item schema `arrow-list-item`, not a block of its own). */
export type ArrowListItem = BlokOf<"arrow-list-item">;

export type ArrowListBlok = BlokOf<"ArrowList">;

/** A list with coral arrow markers; entries with a link are links. */
export function ArrowList({ blok }: BlockProps<ArrowListBlok>) {
  const editable = useEditable(blok);
  const items = (blok.items ?? []).filter((item) => item?.text?.trim());
  if (!items.length) return null;
  const headingId = `arrows-${blok._uid}`;
  return (
    <Section
      {...editable}
      labelledBy={blok.title ? headingId : undefined}
      containerClassName="grid gap-10 md:grid-cols-[1fr_1.4fr] md:gap-16"
    >
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} className="gap-3" />
      <ul className="m-0 flex list-none flex-col p-0 md:col-start-2">
        {items.map((item) => {
          const linked = resolveLink(item.link) !== null;
          const marker = (
            <span
              aria-hidden="true"
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-koraal-400 text-ink transition-colors group-hover:bg-ink group-hover:text-white"
            >
              <svg viewBox="0 0 20 20" width="18" height="18" focusable="false" aria-hidden="true">
                <path
                  d="M4 10h11m-4-4.5L15.5 10 11 14.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
          );
          return (
            <li key={item._uid} className="border-b border-ink/10 first:border-t">
              {linked ? (
                <Link
                  link={item.link}
                  className="group flex items-center gap-4 py-5 text-lg font-semibold text-ink no-underline hover:text-koraal-700 kbd-focus"
                >
                  {marker}
                  <span>{item.text}</span>
                </Link>
              ) : (
                <div className="flex items-center gap-4 py-5 text-lg font-semibold">
                  {marker}
                  <span>{item.text}</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
