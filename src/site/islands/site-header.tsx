import { useRef } from "react";
import type { EditableProps } from "../site-context";
import { DesktopNav } from "./desktop-nav";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";
import type { HeaderModel } from "./nav-model";
import { useEnhanced } from "./enhanced";
import { useClosePopoversOnNavigation } from "./popover";

/**
 * The site header: logo, desktop navigation with submenu panels, the language switcher (beside the
 * desktop navigation, inside the mobile menu), and the mobile menu. Both menus
 * are native popovers, so they work before and without JavaScript; the spec's behaviour
 * (scroll to top, drill-down, focus handling, closing on navigation) is layered on once hydrated.
 */
export function SiteHeader({ model, editable }: { model: HeaderModel; editable?: EditableProps }) {
  const enhanced = useEnhanced();
  const headerRef = useRef<HTMLElement>(null);
  useClosePopoversOnNavigation(headerRef);
  return (
    <header ref={headerRef} {...editable} className="site-header sticky top-0 z-40 border-b border-sand-dark bg-white">
      {/* from lg a grid of three columns: the menu's place does not depend on the language switcher
          after it, so a header painted before the switcher's HTML has arrived does not move */}
      <div className="site-container flex h-18 items-center justify-between gap-6 lg:grid lg:grid-cols-[1fr_auto_1fr]">
        <a href={model.home} className="kbd-focus flex shrink-0 items-center justify-self-start rounded">
          <img src={model.logo.src} alt={model.logo.alt} width={132} height={32} className="h-8 w-auto" />
        </a>
        <DesktopNav items={model.items} label={model.texts.main} enhanced={enhanced} />
        <LanguageSwitcher languages={model.languages} className="hidden justify-self-end lg:flex" />
        <MobileMenu model={model} enhanced={enhanced} />
      </div>
    </header>
  );
}
