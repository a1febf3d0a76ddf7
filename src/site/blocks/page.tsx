import { useEditable } from "../editable";
import { Blocks } from "./nested";
import type { Blok, BlockProps } from "./types";

export interface PageBlok extends Blok {
  component: "Page";
  title?: string;
  description?: string;
  body?: Blok[];
}

/** A content page: its body blocks, top to bottom. Title and description feed the document head. */
export function Page({ blok }: BlockProps<PageBlok>) {
  const editable = useEditable(blok);
  return (
    <div {...editable} className="flex flex-col">
      <Blocks blocks={blok.body} />
    </div>
  );
}
