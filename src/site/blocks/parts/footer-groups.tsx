import { Memo } from "../../memo";
import type { PartId } from "../../part-id";
import { EXTERNAL_REL } from "../../../shared/links/links";
import type { NavLink } from "../../islands/nav-model";

export interface FooterGroup {
  id: string;
  title: string;
  links: NavLink[];
}

/**
 * The footer's link groups as native disclosures: on small screens each `<details>` opens and
 * closes (animated in CSS) with no JavaScript at all, so a tap before the page has hydrated
 * counts. On large screens CSS shows every group open with a plain heading. `groups` may be a
 * function: then they are worked out only when the part is rendered, not on a memo hit.
 */
export function FooterGroups({ groups, part }: { groups: FooterGroup[] | (() => FooterGroup[]); part?: PartId }) {
  return (
    <Memo part={part} className="grid gap-x-8 lg:grid-cols-3 lg:gap-y-8">
      <GroupList groups={typeof groups === "function" ? groups : () => groups} />
    </Memo>
  );
}

function GroupList({ groups }: { groups: () => FooterGroup[] }) {
  return (
    <>
      {groups().map((group) => (
        <nav key={group.id} aria-labelledby={`footer-${group.id}`} className="border-b border-white/15 lg:border-0">
          <h2
            id={`footer-${group.id}`}
            className="m-0 mb-3 hidden text-sm font-semibold uppercase tracking-widest text-koraal-300 lg:block"
          >
            {group.title}
          </h2>
          <details className="footer-group">
            <summary className="kbd-focus flex cursor-pointer items-center justify-between py-4 text-sm font-semibold uppercase tracking-widest text-koraal-300">
              {group.title}
              <svg
                aria-hidden="true"
                width="14"
                height="14"
                viewBox="0 0 14 14"
                className="footer-chevron transition-transform duration-150"
              >
                <path d="M2 5l5 5 5-5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
              </svg>
            </summary>
            <ul className="m-0 flex list-none flex-col gap-2 p-0 pb-4 lg:pb-0">
              {group.links.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.href}
                    className="kbd-focus rounded text-white/85 no-underline hover:text-koraal-300"
                    {...(link.external ? { target: "_blank", rel: EXTERNAL_REL } : {})}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </nav>
      ))}
    </>
  );
}
