import type { ComponentType } from "react";
import { useSite } from "../site-context";

/**
 * Server side of an island: the component's HTML inside a root that names it and carries its
 * props as JSON, so client/main.tsx can hydrate exactly this root and nothing else. In a preview
 * the preview bundle hydrates and re-renders header, page and footer as one tree: the island is
 * then plain markup, which the visitor bundle leaves alone.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const { preview } = useSite();
  if (preview) {
    return (
      <div className="contents">
        <Component {...props} />
      </div>
    );
  }
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
