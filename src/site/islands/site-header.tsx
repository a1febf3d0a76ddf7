import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import { EXTERNAL_REL } from "../../shared/links";
import type { EditableProps } from "../editable";
import type { ContactItem, HeaderModel, NavColumn, NavLink } from "./nav-model";
import { useScrollLock } from "./scroll-lock";

/** Desktop submenu: content transition and height expansion, in ms (spec: 1000 and 300). */
export const SUBMENU_TRANSITION_MS = 1000;
export const SUBMENU_EXPAND_MS = 300;

export const OPEN_MENU_LABEL = "Open navigatiemenu";
export const CLOSE_MENU_LABEL = "Sluit navigatiemenu";

function A({ href, external, className, children, onClick }: { href: string; external?: boolean; className?: string; children: ReactNode; onClick?: () => void }) {
  return (
    <a href={href} className={className} onClick={onClick} {...(external ? { target: "_blank", rel: EXTERNAL_REL } : {})}>
      {children}
    </a>
  );
}

/** Runs `close` whenever the visitor navigates: back/forward, hash change, or a page restored from the bfcache. */
function useCloseOnNavigation(close: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && close();
    window.addEventListener("popstate", close);
    window.addEventListener("hashchange", close);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("popstate", close);
      window.removeEventListener("hashchange", close);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [close]);
}

/** The site header: logo, desktop navigation with submenu panels, and the mobile menu. */
export function SiteHeader({ model, editable }: { model: HeaderModel; editable?: EditableProps }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [drilled, setDrilled] = useState<number | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const closeAll = useCallback(() => {
    setOpenIndex(null);
    setMobileOpen(false);
    setDrilled(null);
  }, []);
  useCloseOnNavigation(closeAll);
  useScrollLock(openIndex !== null || mobileOpen);

  const toggleSubmenu = (index: number) => {
    setOpenIndex((current) => {
      if (current === index) return null;
      window.scrollTo({ top: 0 });
      return index;
    });
  };

  // Escape closes whatever is open and gives focus back to the control that opened it;
  // a click outside the header closes the desktop submenu.
  useEffect(() => {
    if (openIndex === null && !mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (openIndex !== null) buttons.current[openIndex]?.focus();
      else toggleRef.current?.focus();
      closeAll();
    };
    const onPointer = (event: PointerEvent) => {
      if (openIndex !== null && !headerRef.current?.contains(event.target as Node)) setOpenIndex(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [openIndex, mobileOpen, closeAll]);

  // Focus stays inside the mobile menu (toggle button included) while it is open.
  const trapFocus = (event: ReactKeyboardEvent) => {
    if (event.key !== "Tab" || !mobileOpen || !panelRef.current || !toggleRef.current) return;
    const focusable = [toggleRef.current, ...panelRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  useEffect(() => {
    if (mobileOpen) panelRef.current?.querySelector<HTMLElement>("a[href], button")?.focus();
  }, [mobileOpen, drilled]);

  const drilledItem = drilled === null ? undefined : model.mobile[drilled];

  return (
    <header {...editable} ref={headerRef} className="sticky top-0 z-40 border-b border-sand-dark bg-white" onKeyDown={trapFocus}>
      <div className="site-container flex h-18 items-center justify-between gap-6">
        <a href="/" className="kbd-focus flex shrink-0 items-center rounded" onClick={closeAll}>
          <img src={model.logo.src} alt={model.logo.alt} width={132} height={32} className="h-8 w-auto" />
        </a>

        <nav aria-label="Hoofdmenu" className="hidden lg:block">
          <ul className="m-0 flex list-none items-center gap-1 p-0">
            {model.items.map((item, index) => (
              <li key={item.id}>
                {item.columns.length ? (
                  <button
                    type="button"
                    ref={(el) => {
                      buttons.current[index] = el;
                    }}
                    aria-expanded={openIndex === index}
                    aria-controls={`submenu-${item.id}`}
                    onClick={() => toggleSubmenu(index)}
                    className="kbd-focus flex items-center gap-1.5 rounded-full px-4 py-2 font-medium text-ink hover:bg-sand aria-expanded:bg-koraal-100"
                  >
                    {item.label}
                    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={`transition-transform duration-300 ${openIndex === index ? "rotate-180" : ""}`}>
                      <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
                    </svg>
                  </button>
                ) : item.href ? (
                  <A href={item.href} external={item.external} className="kbd-focus block rounded-full px-4 py-2 font-medium text-ink no-underline hover:bg-sand">
                    {item.label}
                  </A>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="kbd-focus -mr-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden"
          aria-label={mobileOpen ? CLOSE_MENU_LABEL : OPEN_MENU_LABEL}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => {
            setMobileOpen((open) => !open);
            setDrilled(null);
          }}
        >
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
            {mobileOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>

      {model.items.map((item, index) =>
        item.columns.length ? (
          <div
            key={item.id}
            id={`submenu-${item.id}`}
            data-open={openIndex === index}
            className="submenu-panel absolute inset-x-0 top-full hidden border-b border-sand-dark bg-white shadow-lg lg:grid"
            aria-hidden={openIndex !== index}
            inert={openIndex !== index}
          >
            <div className="overflow-hidden">
              <div className="submenu-content site-container grid gap-10 py-10" style={{ gridTemplateColumns: `repeat(${Math.min(3, item.columns.length)}, minmax(0, 1fr))` }}>
                {item.columns.slice(0, 3).map((column) => (
                  <SubmenuColumn key={column.id} column={column} onNavigate={closeAll} />
                ))}
              </div>
            </div>
          </div>
        ) : null,
      )}

      <div
        id="mobile-menu"
        ref={panelRef}
        hidden={!mobileOpen}
        className="fixed inset-x-0 bottom-0 top-18 z-40 overflow-y-auto bg-white lg:hidden"
      >
        <nav aria-label="Mobiel menu" className="site-container flex flex-col gap-10 py-8">
          {drilledItem ? (
            <div>
              <button type="button" className="kbd-focus mb-6 flex items-center gap-2 rounded-full py-2 pr-4 font-semibold text-koraal-700" onClick={() => setDrilled(null)}>
                <span aria-hidden="true">←</span> Terug
              </button>
              <h2 className="m-0 mb-4 font-display text-2xl font-bold">{drilledItem.label}</h2>
              <ul className="m-0 flex list-none flex-col p-0">
                {drilledItem.href ? (
                  <li>
                    <A href={drilledItem.href} external={drilledItem.external} className="kbd-focus block border-b border-sand-dark py-4 text-lg font-semibold text-ink no-underline" onClick={closeAll}>
                      Alles over {drilledItem.label.toLowerCase()}
                    </A>
                  </li>
                ) : null}
                {drilledItem.links.map((link) => (
                  <li key={link.id}>
                    <A href={link.href} external={link.external} className="kbd-focus block border-b border-sand-dark py-4 text-lg text-ink no-underline" onClick={closeAll}>
                      {link.label}
                    </A>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <ul className="m-0 flex list-none flex-col p-0">
              {model.mobile.map((item, index) => (
                <li key={item.id}>
                  {item.links.length ? (
                    <button
                      type="button"
                      className="kbd-focus flex w-full items-center justify-between border-b border-sand-dark py-4 text-left font-display text-2xl font-bold text-ink"
                      onClick={() => setDrilled(index)}
                    >
                      {item.label}
                      <span aria-hidden="true" className="text-koraal-700">→</span>
                    </button>
                  ) : item.href ? (
                    <A href={item.href} external={item.external} className="kbd-focus block border-b border-sand-dark py-4 font-display text-2xl font-bold text-ink no-underline" onClick={closeAll}>
                      {item.label}
                    </A>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {drilledItem ? null : (
            <div className="grid gap-8 sm:grid-cols-2">
              <EntryList title="Social" entries={model.socials} onNavigate={closeAll} />
              <EntryList title="Contact" entries={model.contact} onNavigate={closeAll} />
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}

function SubmenuColumn({ column, onNavigate }: { column: NavColumn; onNavigate: () => void }) {
  return (
    <div>
      <h2 className="m-0 mb-4 text-sm font-semibold uppercase tracking-widest text-koraal-700">
        {column.href ? (
          <A href={column.href} external={column.external} className="kbd-focus rounded text-koraal-700 no-underline hover:text-ink" onClick={onNavigate}>
            {column.heading}
          </A>
        ) : (
          column.heading
        )}
      </h2>
      <ul className="m-0 flex list-none flex-col gap-3 p-0">
        {column.links.map((link: NavLink) => (
          <li key={link.id}>
            <A href={link.href} external={link.external} className="kbd-focus rounded text-lg font-medium text-ink no-underline hover:text-koraal-700" onClick={onNavigate}>
              {link.label}
            </A>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EntryList({ title, entries, onNavigate }: { title: string; entries: ContactItem[]; onNavigate: () => void }) {
  if (!entries.length) return null;
  return (
    <section aria-labelledby={`mobile-${title.toLowerCase()}`}>
      <h2 id={`mobile-${title.toLowerCase()}`} className="m-0 mb-3 text-sm font-semibold uppercase tracking-widest text-koraal-700">
        {title}
      </h2>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.href ? (
              <A href={entry.href} external={entry.external} className="kbd-focus rounded text-ink underline decoration-koraal decoration-2 underline-offset-3" onClick={onNavigate}>
                {entry.label}
              </A>
            ) : (
              <span className="text-ink-soft">{entry.label}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
