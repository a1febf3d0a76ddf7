import type { ReactNode } from "react";
import { EXTERNAL_REL } from "../../shared/links/links";

/** A navigation link: external targets open in a new tab with a safe rel. */
export function NavAnchor({
  href,
  external,
  className,
  children,
}: {
  href: string;
  external?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} {...(external ? { target: "_blank", rel: EXTERNAL_REL } : {})}>
      {children}
    </a>
  );
}
