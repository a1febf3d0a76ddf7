import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { keyed } from "../ui/keys";

/** One column (item schema `text-block`, not a block of its own). */
export type TextBlock = BlokOf<"text-block">;

export type TextBlocksBlok = BlokOf<"TextBlocks">;

const GRID: Record<number, string> = {
  1: "",
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
};

/** Two or three columns of text, each with its own heading, separated by a coral rule. */
export function TextBlocks({ blok }: BlockProps<TextBlocksBlok>) {
  const editable = useEditable(blok);
  const blocks = (blok.blocks ?? []).filter((block) => block?.title || block?.text?.trim());
  if (!blocks.length) return null;
  const headingId = `textblocks-${blok._uid}`;
  const BlockHeading = blok.title ? "h3" : "h2";
  const grid = GRID[Math.min(blocks.length, 3)] ?? "";
  return (
    <Section {...editable} tone="transparent" labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} />
      <div className={`grid gap-10 md:gap-12 ${grid}`}>
        {blocks.map((block) => (
          <div key={block._uid} className="flex flex-col gap-3 border-t-4 border-koraal-400 pt-6">
            {block.title ? <BlockHeading className="m-0 font-display text-2xl font-bold leading-snug">{block.title}</BlockHeading> : null}
            {keyed(paragraphs(block.text)).map(([key, paragraph]) => (
              <p key={key} className="m-0 text-ink-soft">
                {paragraph}
              </p>
            ))}
          </div>
        ))}
      </div>
    </Section>
  );
}

function paragraphs(text: string | null | undefined): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
