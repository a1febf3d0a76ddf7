import { Block } from "./blocks";
import type { Blok, BlockProps } from "./types";

export interface CardsCollectionBlok extends Blok {
  component: "CardsCollection";
  eyebrow?: string;
  title?: string;
  intro?: string;
  /** Card blocks */
  cards?: Blok[];
}

const GRID: Record<number, string> = {
  1: "md:grid-cols-2",
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "md:grid-cols-2",
};

/** A heading over a grid of Card blocks. */
export function CardsCollection({ blok }: BlockProps<CardsCollectionBlok>) {
  const cards = (blok.cards ?? []).filter((card) => card?.component);
  if (!cards.length) return null;
  const headingId = `cards-${blok._uid}`;
  const grid = GRID[cards.length] ?? "md:grid-cols-2 lg:grid-cols-3";
  return (
    <section className="bg-white py-14 text-ink md:py-20" aria-labelledby={blok.title ? headingId : undefined}>
      <div className="site-container">
        {blok.eyebrow || blok.title || blok.intro ? (
          <div className="mb-10 flex max-w-3xl flex-col gap-3">
            {blok.eyebrow ? <p className="eyebrow m-0">{blok.eyebrow}</p> : null}
            {blok.title ? (
              <h2 id={headingId} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight md:text-4xl">
                {blok.title}
              </h2>
            ) : null}
            {blok.intro ? <p className="m-0 text-lg text-ink-soft">{blok.intro}</p> : null}
          </div>
        ) : null}
        <ul className={`m-0 grid list-none gap-6 p-0 ${grid}`}>
          {cards.map((card) => (
            <li key={card._uid} className="flex">
              <Block blok={card} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
