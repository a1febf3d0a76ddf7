import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";

export type AsteriskBlok = BlokOf<"Asterisk">;

/** A decorative coral asterisk between sections; only its optional label is read out. */
export function Asterisk({ blok }: BlockProps<AsteriskBlok>) {
  const editable = useEditable(blok);
  const label = blok.label?.trim();
  return (
    <div {...editable} className="site-container py-8 md:py-10" aria-hidden={label ? undefined : "true"}>
      <div className="flex items-center gap-4 text-koraal-400">
        <span aria-hidden="true" className="h-px flex-1 bg-sand-dark" />
        <svg aria-hidden="true" focusable="false" viewBox="0 0 48 48" width="40" height="40" className="shrink-0">
          <g fill="currentColor">
            <rect x="20" y="2" width="8" height="44" rx="4" />
            <rect x="20" y="2" width="8" height="44" rx="4" transform="rotate(60 24 24)" />
            <rect x="20" y="2" width="8" height="44" rx="4" transform="rotate(120 24 24)" />
          </g>
        </svg>
        {label ? <p className="m-0 text-sm font-semibold uppercase tracking-widest text-ink-muted">{label}</p> : null}
        <span aria-hidden="true" className="h-px flex-1 bg-sand-dark" />
      </div>
    </div>
  );
}
