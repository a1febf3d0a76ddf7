import type { ReactNode } from "react";
import type { EditableProps } from "../site-context";

/**
 * A media block in the site container: an optional h2 over a figure (`children`) with an optional
 * caption. The block's editor attributes (`useEditable`) land on the section, its root.
 */
export function FigureSection({
  id,
  title,
  caption,
  children,
  ...editable
}: EditableProps & { id: string; title?: string | null; caption?: string | null; children: ReactNode }) {
  return (
    <section {...editable} aria-labelledby={title ? id : undefined} className="site-container py-10 md:py-14">
      {title ? (
        <h2 id={id} className="m-0 mb-8 font-display text-3xl font-bold leading-tight tracking-tight md:text-4xl">
          {title}
        </h2>
      ) : null}
      <figure className="m-0">
        {children}
        {caption ? <figcaption className="mt-4 max-w-2xl text-sm leading-relaxed text-ink-muted">{caption}</figcaption> : null}
      </figure>
    </section>
  );
}
