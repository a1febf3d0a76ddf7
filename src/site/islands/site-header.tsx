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
      {/* From lg a grid of three columns, the menu centred. A row painted before all its HTML has
          arrived (the network cuts a streamed page anywhere) would move as the rest came in: the
          centred menu as its items arrive, the language switcher as its link does. So the row stays
          invisible until the parser reaches its end marker (CSS: .site-header-row), its box and
          height there from the start. */}
      <div className="site-header-row site-container flex h-18 items-center justify-between gap-6 lg:grid lg:grid-cols-[1fr_auto_1fr]">
        <a href={model.home} className="kbd-focus flex shrink-0 items-center justify-self-start rounded">
          <img src={model.logo.src} alt={model.logo.alt} width={132} height={32} className="h-8 w-auto" />
        </a>
        <DesktopNav items={model.items} label={model.texts.main} enhanced={enhanced} />
        <LanguageSwitcher languages={model.languages} className="hidden justify-self-end lg:flex" />
        <MobileMenu model={model} enhanced={enhanced} />
        <span className="site-header-end" hidden />
      </div>
    </header>
  );
}
