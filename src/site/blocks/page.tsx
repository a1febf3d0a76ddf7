import { useEditable } from "../editable";
import { Blocks } from "./nested";
import type { BlockProps, BlokOf } from "./types";

export type PageBlok = BlokOf<"Page">;

/** A content page: its body blocks, top to bottom. Title and description feed the document head. */
export function Page({ blok }: BlockProps<PageBlok>) {
  const editable = useEditable(blok);
  return (
    <div {...editable} className="flex flex-col">
      <Blocks blocks={blok.body} />
    </div>
  );
}
