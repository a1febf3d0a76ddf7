import type { ReactNode } from "react";

export type Tone = "white" | "sand" | "ink" | "koraal";

const TONES: Record<Tone, string> = {
  white: "bg-white text-ink",
  sand: "bg-sand text-ink",
  ink: "bg-ink text-white",
  koraal: "bg-koraal-100 text-ink",
};

/** A full-width band of the page with the site's horizontal rhythm. */
export function Section({
  children,
  tone = "white",
  labelledBy,
  className = "",
  as: Tag = "section",
}: {
  children: ReactNode;
  tone?: Tone;
  labelledBy?: string;
  className?: string;
  as?: "section" | "div" | "aside";
}) {
  return (
    <Tag className={`${TONES[tone]} py-14 md:py-20 ${className}`} aria-labelledby={labelledBy}>
      <div className="site-container">{children}</div>
    </Tag>
  );
}

/** Eyebrow, title and intro above a section's content. `level` keeps the heading outline right. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  level = 2,
  align = "left",
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  intro?: string;
  level?: 1 | 2 | 3;
  align?: "left" | "center";
}) {
  if (!title && !eyebrow && !intro) return null;
  const Heading = `h${level}` as const;
  return (
    <div className={`mb-10 flex max-w-3xl flex-col gap-3 ${align === "center" ? "mx-auto items-center text-center" : ""}`}>
      {eyebrow ? <p className="eyebrow m-0">{eyebrow}</p> : null}
      {title ? (
        <Heading id={id} className="m-0 font-display text-3xl font-bold leading-tight tracking-tight md:text-4xl">
          {title}
        </Heading>
      ) : null}
      {intro ? <p className="m-0 text-lg text-ink-soft">{intro}</p> : null}
    </div>
  );
}
