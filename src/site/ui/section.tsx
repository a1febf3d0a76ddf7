import type { ReactNode } from "react";
import type { EditableProps } from "../site-context";

export type Tone = "white" | "sand" | "ink" | "koraal" | "transparent";

const TONES: Record<Tone, string> = {
  white: "bg-white text-ink",
  sand: "bg-sand text-ink",
  ink: "bg-ink text-white",
  koraal: "bg-koraal-100 text-ink",
  // no background of its own: the page's (or a wrapping background block's) shows through
  transparent: "text-ink",
};

/**
 * A full-width band of the page with the site's horizontal rhythm. Named by its heading
 * (`labelledBy`) or, without one, by `label`. `containerClassName` lays out the content inside
 * the site container (e.g. a two-column grid). A block whose root this is passes its editor
 * attributes (`useEditable`), which land on the section element itself.
 */
export function Section({
  children,
  tone = "white",
  labelledBy,
  label,
  className = "",
  containerClassName,
  as: Tag = "section",
  ...editable
}: EditableProps & {
  children: ReactNode;
  tone?: Tone;
  labelledBy?: string;
  label?: string;
  className?: string;
  containerClassName?: string;
  as?: "section" | "div" | "aside";
}) {
  return (
    <Tag {...editable} className={`${TONES[tone]} py-14 md:py-20 ${className}`} aria-labelledby={labelledBy} aria-label={label}>
      <div className={containerClassName ? `site-container ${containerClassName}` : "site-container"}>{children}</div>
    </Tag>
  );
}

/**
 * Eyebrow, title and intro above a section's content. `level` keeps the heading outline right.
 * `className` is the wrapper's spacing, width and placement (default `mb-10 max-w-3xl gap-3`: a
 * block above the content); a column beside the content passes its own, e.g. `gap-3`.
 * `children` follow the intro (an illustration, say).
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  level = 2,
  align = "left",
  className = "mb-10 max-w-3xl gap-3",
  children,
}: {
  id?: string;
  eyebrow?: string | null;
  title?: string | null;
  intro?: string | null;
  level?: 1 | 2 | 3;
  align?: "left" | "center";
  className?: string;
  children?: ReactNode;
}) {
  if (!title && !eyebrow && !intro && !children) return null;
  const Heading = `h${level}` as const;
  return (
    <div className={`flex flex-col ${className}${align === "center" ? " mx-auto items-center text-center" : ""}`}>
      {eyebrow ? <p className="eyebrow m-0">{eyebrow}</p> : null}
      {title ? (
        <Heading id={id} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight md:text-4xl">
          {title}
        </Heading>
      ) : null}
      {intro ? <p className="m-0 text-lg text-ink-soft">{intro}</p> : null}
      {children}
    </div>
  );
}
