import { Fragment, Suspense } from "react";
import { useSite } from "../site-context";
import { isBlockName, listingQuery, registry } from "./registry";
import type { BlockComponent, Blok } from "./types";
import { useT } from "../site-context";

/** Renders nested blocks through the registry. Unknown components are logged, and render nothing. */
export function Blocks({ blocks }: { blocks: readonly Blok[] | null | undefined }) {
  if (!blocks?.length) return null;
  return (
    <>
      {blocks.map((blok, index) => (
        <Fragment key={blok._uid || index}>
          <Block blok={blok} />
        </Fragment>
      ))}
    </>
  );
}

/**
 * One blok through the registry. In a visual-editor preview each block puts its editor attributes
 * on its own root element (`useEditable`, Storyblok's `storyblokEditable` pattern), so the editor
 * can outline it and open it on click without a wrapper changing the layout; visitors never get them.
 */
export function Block({ blok }: { blok: Blok }) {
  const { logger, path } = useSite();
  const Component: BlockComponent | undefined = isBlockName(blok.component) ? registry[blok.component] : undefined;
  if (!Component) {
    logger.error("block.missing", { component: blok.component, uid: blok._uid, path });
    return <MissingBlock />;
  }
  // A listing waits for its stories; its own boundary lets the rest of the page stream past it.
  if (listingQuery(blok)) {
    return (
      <Suspense fallback={<ListingPlaceholder />}>
        <Component blok={blok} />
      </Suspense>
    );
  }
  return <Component blok={blok} />;
}

function ListingPlaceholder() {
  const { t } = useT();
  return (
    <div className="site-container py-14 md:py-20" aria-busy="true">
      <p className="sr-only">{t.common.loading}</p>
      <div className="grid gap-6 md:grid-cols-3" aria-hidden="true">
        <div className="h-72 rounded-3xl bg-sand" />
        <div className="h-72 rounded-3xl bg-sand" />
        <div className="h-72 rounded-3xl bg-sand" />
      </div>
    </div>
  );
}

/** What visitors see of a block the site does not know: nothing. */
function MissingBlock() {
  return null;
}
