import type { ReactNode } from "react";
import type { Blok } from "../shared/content";
import { Memo } from "./memo";
import { useSite } from "./site-context";
import { TwFooter, type TwFooterBlok } from "./blocks/tw-footer";
import { TwMenu, type TwMenuBlok } from "./blocks/tw-menu";

/**
 * Every page: the theme's header, the routed page, the theme's footer. Rendered by the server for
 * everyone and, in a visual-editor preview, again by the preview bundle on every edit.
 */
export function SiteShell({ header, footer, children }: { header?: Blok; footer?: Blok; children: ReactNode }) {
  const { bodyPart } = useSite();
  return (
    <>
      {header ? <TwMenu blok={header as TwMenuBlok} /> : null}
      <Memo as="main" part={bodyPart} id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </Memo>
      {footer ? <TwFooter blok={footer as TwFooterBlok} /> : null}
    </>
  );
}
