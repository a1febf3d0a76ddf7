import type { ReactNode } from "react";
import { useSite } from "./site-context";
import type { Lang } from "../shared/i18n/lang";

/**
 * Server HTML that is the same for every visitor of a cache version (and path, where `id` says
 * so): `memo(memoId, children)` answers the HTML of `children`, rendered once per isolate. Only the
 * server passes one, and never for a preview; the browser and the preview bundle render children.
 * A part is rendered in the language of its key: a function is handed it.
 */
export type MemoHtml = (id: string, children: ReactNode | ((lang: Lang) => string)) => string;

type Tag = "div" | "main" | "section" | "nav";

/**
 * `<Tag {...attributes}>{children}</Tag>`, with the children's HTML from the memo when there is
 * one: the element itself is rendered per request, its inside only once. `memoId` must name
 * everything the children depend on besides the cache version and language (the path, for instance).
 */
export function Memo({
  memoId,
  as: Element = "div",
  children,
  ...attributes
}: { memoId?: string; as?: Tag; children: ReactNode } & Record<string, unknown>) {
  const { memo } = useSite();
  if (!memo || memoId === undefined) return <Element {...attributes}>{children}</Element>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of these children, from the memo
  return <Element {...attributes} dangerouslySetInnerHTML={{ __html: memo(memoId, children) }} />;
}
