import type { ReactNode } from "react";
import { Memo } from "../memo";
import { partId } from "../part-id";
import { useSite, type IslandProps } from "../site-context";

/**
 * An interactive component: rendered on the server, hydrated in the browser, as the page's
 * audience puts it (`hydratedIsland` for visitors, `inlineIsland` in a preview).
 */
export function Island<P extends object>(island: IslandProps<P>) {
  return useSite().audience.island(island);
}

const propsOf = <P extends object>(props: IslandProps<P>["props"]): P => (typeof props === "function" ? props() : props);

/**
 * A visitor's island: the component's HTML inside a root that names it and carries its props as
 * JSON, so client/main.tsx can hydrate exactly this root and nothing else.
 */
export function hydratedIsland<P extends object>({ name, component, props, sameFor }: IslandProps<P>): ReactNode {
  const root = <IslandRoot name={name} component={component} props={() => propsOf(props)} />;
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

/**
 * An island in a preview: plain markup, which the visitor bundle leaves alone; the preview bundle
 * hydrates and re-renders header, page and footer as one tree.
 */
export function inlineIsland<P extends object>({ component: Component, props }: IslandProps<P>): ReactNode {
  return (
    <div className="contents">
      <Component {...propsOf(props)} />
    </div>
  );
}

/** The root client/main.tsx hydrates: it names the island and carries its props as JSON. */
function IslandRoot<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: IslandProps<P>["component"];
  props: () => P;
}) {
  const resolved = props();
  return (
    <div data-island={name} data-props={JSON.stringify(resolved)} className="contents">
      <Component {...resolved} />
    </div>
  );
}
