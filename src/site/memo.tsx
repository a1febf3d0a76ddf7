import type { ReactNode } from "react";
import { useSite } from "./site-context";

type Tag = "div" | "main" | "section" | "nav";

/**
 * `<Tag {...attributes}>{children}</Tag>`, with the children's HTML from the server's memo of
 * parts (`memo` in the site context; only the server passes one, and only to visitors; the browser
 * and the preview bundle render the children): the element itself is rendered per request, its inside only once. `memoId` must name
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
