import { RichText as RichTextRenderer } from "../richtext/render";
import { useEditable } from "../editable";
import { useSite } from "../site-context";
import type { BlockProps, BlokOf } from "./types";

export type RichTextBlok = BlokOf<"RichText">;

/** Editorial text from Storyblok's rich text field; embedded blocks render through the registry. */
export function RichText({ blok }: BlockProps<RichTextBlok>) {
  const editable = useEditable(blok);
  const { Block } = useSite();
  return (
    <div {...editable} className="site-container py-8">
      <RichTextRenderer doc={blok.content} className="prose" renderBlok={(nested) => <Block blok={nested} />} />
    </div>
  );
}
