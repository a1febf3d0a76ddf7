import { type ReactNode, use } from "react";
import type { PartId } from "./part-id";
import { useSite } from "./site-context";

type Tag = "div" | "main" | "section" | "nav" | "footer";

/**
 * `<Tag {...attributes}>{children}</Tag>`, with the children's HTML from the server's memo of
 * parts (`parts` in the site context; only the server passes one, and only to visitors; the browser
 * and the preview bundle render the children): the element itself is rendered per request, its inside only once. `part` names
 * everything the children depend on besides the cache version and language (see part-id.ts);
 * `nests`: the parts inside the children come from the memo as well (see `PartHtml`).
 */
export function Memo({
  part,
  as: Element = "div",
  nests,
  children,
  ...attributes
}: { part?: PartId; as?: Tag; nests?: boolean; children: ReactNode } & Record<string, unknown>) {
  const { parts } = useSite();
  if (!parts || part === undefined) return <Element {...attributes}>{children}</Element>;
  const html = parts(part, children, { nests });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of these children, from the memo
  return <Element {...attributes} dangerouslySetInnerHTML={{ __html: typeof html === "string" ? html : use(html) }} />;
}
