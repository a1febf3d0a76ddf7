import { RichText as RichTextRenderer } from "../richtext/render";
import type { RichTextDoc } from "../richtext/types";
import { useEditable } from "../editable";
import { useSite } from "../site-context";
import type { Blok, BlockProps } from "./types";

export interface RichTextBlok extends Blok {
  component: "RichText";
  content?: RichTextDoc;
}

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
