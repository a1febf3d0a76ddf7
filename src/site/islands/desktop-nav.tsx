import { useCallback, useRef, useState } from "react";
import type { NavColumn, NavItem } from "./nav-model";
import { NavAnchor } from "./nav-link";
import { usePopoverState } from "./popover";

/**
 * The desktop navigation. Each submenu is a native `popover="auto"` opened by its button's
 * `popovertarget`: without JavaScript only one is open at a time, clicking the open one closes
 * it, Escape and a click elsewhere close it, and CSS locks the page's scrolling while one is open.
 * Once hydrated, opening one also scrolls to the top and the buttons carry `aria-expanded`.
 */
export function DesktopNav({ items, label, enhanced }: { items: NavItem[]; label: string; enhanced: boolean }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <nav aria-label={label} className="hidden lg:block">
        <ul className="m-0 flex list-none items-center gap-1 p-0">
          {items.map((item) => (
            <li key={item.id}>
              {item.columns.length ? (
                <button
                  type="button"
                  popoverTarget={`submenu-${item.id}`}
                  aria-controls={`submenu-${item.id}`}
                  aria-expanded={enhanced ? openId === item.id : undefined}
                  className="submenu-button kbd-focus flex items-center gap-1.5 rounded-full px-4 py-2 font-medium text-ink hover:bg-sand"
                >
                  {item.label}
                  <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="transition-transform duration-300">
                    <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
                  </svg>
                </button>
              ) : item.href ? (
                <NavAnchor
                  href={item.href}
                  external={item.external}
                  className="kbd-focus block rounded-full px-4 py-2 font-medium text-ink no-underline hover:bg-sand"
                >
                  {item.label}
                </NavAnchor>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      {items.map((item) =>
        item.columns.length ? <SubmenuPanel key={item.id} item={item} open={openId === item.id} onOpenChange={setOpenId} /> : null,
      )}
    </>
  );
}

function SubmenuPanel({
  item,
  open,
  onOpenChange,
}: {
  item: NavItem;
  open: boolean;
  onOpenChange: (update: (id: string | null) => string | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onChange = useCallback(
    (isOpen: boolean) => {
      if (isOpen) window.scrollTo({ top: 0 });
      onOpenChange((current) => (isOpen ? item.id : current === item.id ? null : current));
    },
    [item.id, onOpenChange],
  );
  usePopoverState(ref, onChange);
  const columns = item.columns.slice(0, 3);
  return (
    <div
      ref={ref}
      id={`submenu-${item.id}`}
      popover="auto"
      data-open={open}
      className="submenu-panel border-b border-sand-dark bg-white shadow-lg"
    >
      <div className="overflow-hidden">
        <div
          className="submenu-content site-container grid gap-10 py-10"
          style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
        >
          {columns.map((column) => (
            <SubmenuColumn key={column.id} column={column} />
          ))}
        </div>
      </div>
    </div>
  );
}

function SubmenuColumn({ column }: { column: NavColumn }) {
  return (
    <div>
      <h2 className="eyebrow m-0 mb-4">
        {column.href ? (
          <NavAnchor
            href={column.href}
            external={column.external}
            className="kbd-focus rounded text-koraal-700 no-underline hover:text-ink"
          >
            {column.heading}
          </NavAnchor>
        ) : (
          column.heading
        )}
      </h2>
      <ul className="m-0 flex list-none flex-col gap-3 p-0">
        {column.links.map((link) => (
          <li key={link.id}>
            <NavAnchor
              href={link.href}
              external={link.external}
              className="kbd-focus rounded text-lg font-medium text-ink no-underline hover:text-koraal-700"
            >
              {link.label}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </div>
  );
}
