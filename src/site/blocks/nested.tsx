import { Fragment } from "react";
import { useSite } from "../site-context";
import type { Blok } from "./types";

/**
 * A container block's nested blocks, in order. Each renders through the site context's `Block`
 * (the dispatcher), so no block imports the registry that imports it.
 */
export function Blocks({ blocks }: { blocks: readonly Blok[] | null | undefined }) {
  const { Block } = useSite();
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
