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
      <div className="site-container flex h-18 items-center justify-between gap-6">
        <a href={model.home} className="kbd-focus flex shrink-0 items-center rounded">
          <img src={model.logo.src} alt={model.logo.alt} width={132} height={32} className="h-8 w-auto" />
        </a>
        <DesktopNav items={model.items} label={model.texts.main} enhanced={enhanced} />
        <LanguageSwitcher languages={model.languages} className="hidden lg:flex" />
        <MobileMenu model={model} enhanced={enhanced} />
      </div>
    </header>
  );
}
