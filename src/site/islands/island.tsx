import type { ComponentType } from "react";

/**
 * Server side of an island: the component's HTML inside a root that names it and carries its
 * props as JSON, so client/main.tsx can hydrate exactly this root and nothing else.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
