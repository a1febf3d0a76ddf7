import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { LanguageSwitcher } from "./language-switcher";
import type { ContactItem, HeaderModel, MobileNavItem } from "./nav-model";
import { NavAnchor } from "./nav-link";
import { usePopoverState } from "./popover";

const ROW = "kbd-focus block border-b border-sand-dark py-4 text-ink no-underline";

/**
 * The mobile menu: a native `popover="auto"` panel its toggle opens without JavaScript (the
 * toggle's label and icon follow it in CSS, items with sublinks are disclosures). Once hydrated,
 * items drill into their sub list with a back ('Terug') button, focus moves into the panel and stays there.
 * CSS locks the page's scrolling while the panel is open below the desktop breakpoint.
 */
export function MobileMenu({ model, enhanced }: { model: HeaderModel; enhanced: boolean }) {
  const [open, setOpen] = useState(false);
  const [drilled, setDrilled] = useState<number | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onChange = useCallback((isOpen: boolean) => {
    setOpen(isOpen);
    setDrilled(null);
  }, []);
  usePopoverState(panelRef, onChange);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the first item when the menu opens and again whenever the drill-down changes
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>("a[href], button")?.focus();
  }, [open, drilled]);

  const drilledItem = enhanced && drilled !== null ? model.mobile[drilled] : undefined;
  const { texts } = model;
  return (
    <>
      <MenuToggle toggleRef={toggleRef} panelRef={panelRef} open={open} enhanced={enhanced} texts={texts} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the popover panel keeps keyboard focus inside while open (a modal menu) */}
      <div
        id="mobile-menu"
        ref={panelRef}
        popover="auto"
        onKeyDown={(event) => trapFocus(event, toggleRef.current, panelRef.current)}
        className="mobile-menu overflow-y-auto bg-white lg:hidden"
      >
        <nav aria-label={texts.mobile} className="site-container flex flex-col gap-10 py-8">
          {drilledItem ? (
            <DrilledList item={drilledItem} backLabel={texts.back} onBack={() => setDrilled(null)} />
          ) : (
            <>
              <TopList items={model.mobile} enhanced={enhanced} onDrill={setDrilled} />
              <div className="grid gap-8 sm:grid-cols-2">
                <EntryList id="mobile-social" title={texts.social} entries={model.socials} />
                <EntryList id="mobile-contact" title={texts.contact} entries={model.contact} />
              </div>
              <LanguageSwitcher languages={model.languages} className="flex self-start" />
            </>
          )}
        </nav>
      </div>
    </>
  );
}

/** Opens and closes the panel as its popover target; its label and icon follow the panel's state in CSS. */
function MenuToggle({
  toggleRef,
  panelRef,
  open,
  enhanced,
  texts,
}: {
  toggleRef: RefObject<HTMLButtonElement | null>;
  panelRef: RefObject<HTMLDivElement | null>;
  open: boolean;
  enhanced: boolean;
  texts: HeaderModel["texts"];
}) {
  return (
    <button
      ref={toggleRef}
      type="button"
      // Shift+Tab on the toggle (outside the panel) wraps to the panel's last item while it is open:
      // open as the browser has it, which React's `open` follows only once the popover's (queued) toggle event is in
      onKeyDown={(event) => panelRef.current?.matches(":popover-open") && trapFocus(event, toggleRef.current, panelRef.current)}
      popoverTarget="mobile-menu"
      aria-controls="mobile-menu"
      aria-label={enhanced ? (open ? texts.close : texts.open) : undefined}
      aria-expanded={enhanced ? open : undefined}
      className="mobile-toggle kbd-focus -mr-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-sand lg:hidden"
    >
      <span className="when-closed sr-only">{texts.open}</span>
      <span className="when-open sr-only">{texts.close}</span>
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path className="when-closed" d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <path className="when-open" d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/** Focus stays inside the open menu, its toggle included. */
function trapFocus(event: KeyboardEvent, toggle: HTMLElement | null, panel: HTMLElement | null) {
  if (event.key !== "Tab" || !toggle || !panel) return;
  const focusable = [toggle, ...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), summary")].filter((el) =>
    el.checkVisibility(),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

/** Items with sublinks drill in once hydrated; before that (or without JavaScript) they are disclosures. */
function TopList({ items, enhanced, onDrill }: { items: MobileNavItem[]; enhanced: boolean; onDrill: (index: number) => void }) {
  const title = "font-display text-2xl font-bold";
  return (
    <ul className="m-0 flex list-none flex-col p-0">
      {items.map((item, index) => (
        <li key={item.id}>
          {item.links.length && enhanced ? (
            <button
              type="button"
              className={`${ROW} flex w-full items-center justify-between px-0 text-left ${title}`}
              onClick={() => onDrill(index)}
            >
              {item.label}
              <span aria-hidden="true" className="text-koraal-700">
                →
              </span>
            </button>
          ) : item.links.length ? (
            <details className="mobile-disclosure">
              <summary className={`${ROW} flex cursor-pointer items-center justify-between ${title}`}>
                {item.label}
                <span aria-hidden="true" className="text-koraal-700">
                  ↓
                </span>
              </summary>
              <SubLinks item={item} />
            </details>
          ) : item.href ? (
            <NavAnchor href={item.href} external={item.external} className={`${ROW} ${title}`}>
              {item.label}
            </NavAnchor>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function DrilledList({ item, backLabel, onBack }: { item: MobileNavItem; backLabel: string; onBack: () => void }) {
  return (
    <div>
      <button
        type="button"
        className="kbd-focus mb-6 flex items-center gap-2 rounded-full py-2 pr-4 font-semibold text-koraal-700"
        onClick={onBack}
      >
        <span aria-hidden="true">←</span>
        {` ${backLabel}`}
      </button>
      <h2 className="m-0 mb-4 font-display text-2xl font-bold">{item.label}</h2>
      <SubLinks item={item} />
    </div>
  );
}

/** The item's own page (its overview, named by the CMS) and its sublinks. */
function SubLinks({ item }: { item: MobileNavItem }) {
  return (
    <ul className="m-0 flex list-none flex-col p-0">
      {item.href ? (
        <li>
          <NavAnchor href={item.href} external={item.external} className={`${ROW} text-lg font-semibold`}>
            {item.overviewLabel}
          </NavAnchor>
        </li>
      ) : null}
      {item.links.map((link) => (
        <li key={link.id}>
          <NavAnchor href={link.href} external={link.external} className={`${ROW} text-lg`}>
            {link.label}
          </NavAnchor>
        </li>
      ))}
    </ul>
  );
}

function EntryList({ id, title, entries }: { id: string; title: string; entries: ContactItem[] }) {
  if (!entries.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="eyebrow m-0 mb-3">
        {title}
      </h2>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.href ? (
              <NavAnchor
                href={entry.href}
                external={entry.external}
                className="kbd-focus rounded text-ink underline decoration-koraal decoration-2 underline-offset-3"
              >
                {entry.label}
              </NavAnchor>
            ) : (
              <span className="whitespace-pre-line text-ink-soft">{entry.label}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
