import { useEditable } from "../editable";
import type { ReactNode } from "react";
import type { BlockProps, BlokOf } from "./types";

export type SloganBlok = BlokOf<"Slogan">;

/** The slogan split around its accent (first match, any case); the whole text when there is none. */
export function splitAccent(text: string, accent: string | null | undefined): [string, string, string] | null {
  const wanted = accent?.trim();
  if (!wanted) return null;
  const at = text.toLowerCase().indexOf(wanted.toLowerCase());
  if (at < 0) return null;
  return [text.slice(0, at), text.slice(at, at + wanted.length), text.slice(at + wanted.length)];
}

/** A big typographic statement with one word in coral, underlined by a hand-drawn stroke. */
export function Slogan({ blok }: BlockProps<SloganBlok>) {
  const editable = useEditable(blok);
  const text = blok.text?.trim();
  if (!text) return null;
  const parts = splitAccent(text, blok.accent);
  let content: ReactNode = text;
  if (parts) {
    content = (
      <>
        {parts[0]}
        <em className="relative whitespace-nowrap not-italic text-koraal-600">
          {parts[1]}
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 200 12"
            preserveAspectRatio="none"
            className="absolute -bottom-2 left-0 h-3 w-full text-koraal-300"
          >
            <path d="M2 9 C 50 2, 150 2, 198 8" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
          </svg>
        </em>
        {parts[2]}
      </>
    );
  }
  return (
    <div {...editable} className="site-container py-14 md:py-20">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 text-center">
        {blok.eyebrow ? <p className="eyebrow m-0">{blok.eyebrow}</p> : null}
        <p className="m-0 text-balance font-display text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-7xl">{content}</p>
      </div>
    </div>
  );
}
