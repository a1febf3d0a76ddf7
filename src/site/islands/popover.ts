import { useEffect, type RefObject } from "react";

/** The desktop breakpoint (lg): the mobile menu and the desktop submenus never show on both sides of it. */
export const DESKTOP_QUERY = "(min-width: 1024px)";

/**
 * Follows a native popover's open state, including a change made before hydration (a visitor who
 * opened the menu while the bundle was still loading): `onChange` hears the state at once and on
 * every toggle.
 */
export function usePopoverState(ref: RefObject<HTMLElement | null>, onChange: (open: boolean) => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.matches(":popover-open")) onChange(true);
    const onToggle = (event: Event) => onChange((event as ToggleEvent).newState === "open");
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, [ref, onChange]);
}

/**
 * Closes every open popover inside `ref` when the visitor navigates (back/forward, a hash change,
 * a page restored from the bfcache) and when the window crosses the desktop breakpoint, where the
 * open menu's toggle would no longer be visible to close it.
 */
export function useClosePopoversOnNavigation(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const close = () => {
      for (const popover of ref.current?.querySelectorAll<HTMLElement>("[popover]") ?? []) {
        if (popover.matches(":popover-open")) popover.hidePopover();
      }
    };
    const onPageShow = (event: PageTransitionEvent) => event.persisted && close();
    const desktop = window.matchMedia(DESKTOP_QUERY);
    window.addEventListener("popstate", close);
    window.addEventListener("hashchange", close);
    window.addEventListener("pageshow", onPageShow);
    desktop.addEventListener("change", close);
    return () => {
      window.removeEventListener("popstate", close);
      window.removeEventListener("hashchange", close);
      window.removeEventListener("pageshow", onPageShow);
      desktop.removeEventListener("change", close);
    };
  }, [ref]);
}
