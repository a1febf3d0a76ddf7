import { Suspense, type ReactNode } from "react";
import { useSite, useT } from "../site-context";
import { isListingBlok } from "../../shared/listings/listing-queries";
import { isBlockName, registry, type BlockName } from "./registry";
import type { Blok } from "./types";

/**
 * The dispatcher: one blok through the registry. It reaches blocks as the site context's `Block`
 * (container blocks render their children with it); only what builds a site context imports it.
 * In a visual-editor preview each block puts its editor attributes on its own root element
 * (`useEditable`, Storyblok's `storyblokEditable` pattern), so the editor can outline it and open
 * it on click without a wrapper changing the layout; visitors never get them. A block the site
 * does not know is logged and stands as the page's audience has it (nothing for visitors).
 */
export function Block({ blok }: { blok: Blok }) {
  const { logger, path, audience } = useSite();
  const Component = isBlockName(blok.component) ? blockFor(blok.component) : undefined;
  if (!Component) {
    logger.error("block.missing", { component: blok.component, uid: blok._uid, path });
    return <audience.Unsupported blok={blok} />;
  }
  // A listing waits for its stories; its own boundary lets the rest of the page stream past it.
  if (isListingBlok(blok)) {
    return (
      <Suspense fallback={<ListingPlaceholder />}>
        <Component blok={blok} />
      </Suspense>
    );
  }
  return <Component blok={blok} />;
}

/**
 * The block of a component, taking a blok as content delivers it: the one place a blok is trusted
 * to hold the fields its `component` names. The build checks every story against the content
 * model (scripts/content-check.ts); the blocks read each field as possibly missing or empty anyway.
 */
function blockFor(name: BlockName): (props: { blok: Blok }) => ReactNode {
  return registry[name] as (props: { blok: Blok }) => ReactNode;
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
