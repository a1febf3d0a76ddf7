import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { keyed } from "../ui/keys";

export type TextBlok = BlokOf<"Text">;

/** Plain text; blank lines separate paragraphs. */
export function Text({ blok }: BlockProps<TextBlok>) {
  const editable = useEditable(blok);
  const paragraphs = (blok.text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!paragraphs.length) return null;
  return (
    <div {...editable} className="site-container py-8">
      <div className="max-w-3xl space-y-4 text-lg text-ink-soft">
        {keyed(paragraphs).map(([key, p]) => (
          <p key={key} className="m-0 whitespace-pre-line">
            {p}
          </p>
        ))}
      </div>
    </div>
  );
}
