import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

/** One card (item schema `text-card`, not a block of its own). */
export type TextCard = BlokOf<"text-card">;

export type TextCardsBlok = BlokOf<"TextCards">;

const GRID: Record<number, string> = {
  1: "",
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
};

/** Short texts on cards; numbered they read as the steps of a process. */
export function TextCards({ blok }: BlockProps<TextCardsBlok>) {
  const editable = useEditable(blok);
  const cards = (blok.cards ?? []).filter((card) => card?.title || card?.text);
  if (!cards.length) return null;
  const headingId = `textcards-${blok._uid}`;
  const CardHeading = blok.title ? "h3" : "h2";
  const List = blok.numbered ? "ol" : "ul";
  const grid = GRID[Math.min(cards.length, 4)] ?? "md:grid-cols-2 lg:grid-cols-3";
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      <List className={`m-0 grid list-none gap-5 p-0 ${grid}`}>
        {cards.map((card, index) => (
          <li key={card._uid} className="flex flex-col gap-3 rounded-3xl border-2 border-sand-dark bg-white p-7 text-ink">
            {blok.numbered ? (
              <span aria-hidden="true" className="font-display text-4xl font-bold leading-none text-koraal-500">
                {String(index + 1).padStart(2, "0")}
              </span>
            ) : null}
            {card.title ? <CardHeading className="m-0 font-display text-xl font-bold leading-snug">{card.title}</CardHeading> : null}
            {card.text ? <p className="m-0 text-ink-muted">{card.text}</p> : null}
          </li>
        ))}
      </List>
    </Section>
  );
}
