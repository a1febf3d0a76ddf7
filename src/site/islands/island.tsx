import type { ComponentType } from "react";
import { useSite } from "../site-context";

/**
 * Server side of an island: the component's HTML inside a root that names it and carries its
 * props as JSON, so client/main.tsx can hydrate exactly this root and nothing else. In a preview
 * the preview bundle hydrates and re-renders header, page and footer as one tree: the island is
 * then plain markup, which the visitor bundle leaves alone.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  memoId,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  /** Set when the props follow from the cache version alone: root attributes and HTML are rendered once (see memo.tsx). */
  memoId?: string;
}) {
  const { preview, memo } = useSite();
  if (preview) {
    return (
      <div className="contents">
        <Component {...props} />
      </div>
    );
  }
  if (memo && memoId !== undefined) {
    // props and HTML under the same id and cache version: hydration reads the props the HTML came from
    const json = memo(`island-props:${name}:${memoId}`, () => JSON.stringify(props));
    const html = memo(`island:${name}:${memoId}`, <Component {...props} />);
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of this island, from the memo
    return <div data-island={name} data-props={json} className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
