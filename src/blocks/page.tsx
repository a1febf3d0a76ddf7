import { Blocks } from "./blocks";
import type { Blok, BlockProps } from "./types";

export interface PageBlok extends Blok {
  component: "Page";
  title?: string;
  description?: string;
  body?: Blok[];
}

/** A content page: its body blocks, top to bottom. Title and description feed the document head. */
export function Page({ blok }: BlockProps<PageBlok>) {
  return (
    <div className="flex flex-col">
      <Blocks blocks={blok.body} />
    </div>
  );
}
