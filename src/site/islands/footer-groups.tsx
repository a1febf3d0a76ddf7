import { useState } from "react";
import { EXTERNAL_REL } from "../../shared/links";
import type { NavLink } from "./nav-model";

export interface FooterGroup {
  id: string;
  title: string;
  links: NavLink[];
}

/** Footer collapse animation (spec: 150 ms), in CSS as `.collapsible`. */
export const FOOTER_COLLAPSE_MS = 150;

/**
 * The footer's link groups. On small screens each is a section that a button opens and closes;
 * on large screens they are always open. Without JavaScript they stay open everywhere.
 */
export function FooterGroups({ groups }: { groups: FooterGroup[] }) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <div className="grid gap-x-8 lg:grid-cols-3 lg:gap-y-8">
      {groups.map((group) => {
        const isOpen = open[group.id] ?? false;
        return (
          <nav key={group.id} aria-labelledby={`footer-${group.id}`} className="border-b border-white/15 lg:border-0">
            <h2 className="m-0 lg:hidden">
              <button
                type="button"
                id={`footer-${group.id}`}
                aria-expanded={isOpen}
                aria-controls={`footer-links-${group.id}`}
                onClick={() => setOpen((state) => ({ ...state, [group.id]: !isOpen }))}
                className="kbd-focus flex w-full items-center justify-between py-4 text-left text-sm font-semibold uppercase tracking-widest text-koraal-300"
              >
                {group.title}
                <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" className={`transition-transform duration-150 ${isOpen ? "rotate-180" : ""}`}>
                  <path d="M2 5l5 5 5-5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
                </svg>
              </button>
            </h2>
            <h2 className="m-0 mb-3 hidden text-sm font-semibold uppercase tracking-widest text-koraal-300 lg:block">{group.title}</h2>
            <div id={`footer-links-${group.id}`} className="collapsible" data-open={isOpen}>
              <ul className="m-0 flex list-none flex-col gap-2 overflow-hidden p-0 lg:pb-0">
                {group.links.map((link) => (
                  <li key={link.id} className="last:pb-4 lg:last:pb-0">
                    <a href={link.href} className="kbd-focus rounded text-white/85 no-underline hover:text-koraal-300" {...(link.external ? { target: "_blank", rel: EXTERNAL_REL } : {})}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        );
      })}
    </div>
  );
}
