import type { ComponentType } from "react";
import { Memo } from "../memo";
import { partId } from "../part-id";
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
  sameFor,
}: {
  name: string;
  component: ComponentType<P>;
  /** The island's props; a function when working them out is worth skipping on a memo hit. */
  props: P | (() => P);
  /**
   * Set when the props are the same for every visitor given this key (besides the cache version and
   * language): root attributes and HTML are then one part, rendered once (see memo.tsx).
   */
  sameFor?: string;
}) {
  const { preview } = useSite();
  const propsOf = () => (typeof props === "function" ? props() : props);
  if (preview) {
    return (
      <div className="contents">
        <Component {...propsOf()} />
      </div>
    );
  }
  const root = <IslandRoot name={name} component={Component} props={propsOf} />;
  if (sameFor === undefined) return root;
  // A memoisable island sits in a box-less wrapper, memo or not (the same markup either way): the
  // whole root, props attribute and HTML together, comes from the memo (escaping the props as an
  // attribute was the largest single cost of a warm page), only the wrapper is rendered per request.
  return (
    <Memo part={partId.island(name, sameFor)} className="contents">
      {root}
    </Memo>
  );
}

/** The root client/main.tsx hydrates: it names the island and carries its props as JSON. */
function IslandRoot<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: () => P;
}) {
  const resolved = props();
  return (
    <div data-island={name} data-props={JSON.stringify(resolved)} className="contents">
      <Component {...resolved} />
    </div>
  );
}
