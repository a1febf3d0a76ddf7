import type { Blok } from "../../shared/content";
import { useSite } from "../site-context";

/**
 * A data story (a team member, a customer) in the visual editor: never a page of its own, so it is
 * shown as the card the site shows it as, in a plain page.
 */
export function DataStoryPage({ blok }: { blok: Blok }) {
  const { Block, t } = useSite();
  // what a data story is, in the words of the page around its card
  const labels: Record<string, string> = { TeamMember: t.preview.teamMember, Customer: t.preview.customer };
  return (
    <>
      <header className="bg-sand">
        <div className="site-container flex flex-col items-start gap-3 pb-10 pt-12 md:pt-16">
          <p className="eyebrow m-0">{t.preview.example}</p>
          <h1 className="m-0 font-display text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            {labels[blok.component] ?? blok.component}
          </h1>
          <p className="m-0 max-w-2xl text-lg text-ink-soft">{t.preview.dataStoryIntro}</p>
        </div>
      </header>
      <div className="flex flex-col py-8">
        <Block blok={blok} />
      </div>
    </>
  );
}
