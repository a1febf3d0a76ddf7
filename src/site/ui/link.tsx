import type { ReactNode } from "react";
import { EXTERNAL_REL, resolveLink, type LinkLike } from "../../shared/links/links";

export interface LinkProps {
  link: LinkLike | string | null | undefined;
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  /** The language of the page it leads to, when that is not this page's. */
  hrefLang?: string;
}

/** A content link following the spec's link rules; renders its children as plain text when there is no target. */
export function Link({ link, children, className, ...attributes }: LinkProps) {
  const resolved = resolveLink(link);
  if (!resolved) return <span className={className}>{children}</span>;
  return (
    <a href={resolved.href} className={className} {...(resolved.external ? { target: "_blank", rel: EXTERNAL_REL } : {})} {...attributes}>
      {children}
    </a>
  );
}
