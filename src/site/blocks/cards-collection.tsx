import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { useSite } from "../site-context";
import { UnderHeading } from "./card";
import type { BlockProps, BlokOf } from "./types";

export type CardsCollectionBlok = BlokOf<"CardsCollection">;

const GRID: Record<number, string> = {
  1: "md:grid-cols-2",
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "md:grid-cols-2",
};

/** A heading over a grid of Card blocks. */
export function CardsCollection({ blok }: BlockProps<CardsCollectionBlok>) {
  const editable = useEditable(blok);
  const { Block } = useSite();
  const cards = (blok.cards ?? []).filter((card) => card?.component);
  if (!cards.length) return null;
  const headingId = `cards-${blok._uid}`;
  const grid = GRID[cards.length] ?? "md:grid-cols-2 lg:grid-cols-3";
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      <ul className={`m-0 grid list-none gap-6 p-0 ${grid}`}>
        {cards.map((card) => (
          <li key={card._uid} className="flex">
            <UnderHeading.Provider value={Boolean(blok.title)}>
              <Block blok={card} />
            </UnderHeading.Provider>
          </li>
        ))}
      </ul>
    </Section>
  );
}
