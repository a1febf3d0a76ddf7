import { useEditable } from "../editable";
import { useSite } from "../site-context";
import type { BlockProps, BlokOf } from "./types";

export type RowBlok = BlokOf<"Row">;

// Literal class names per column count: the stylesheet is generated from the source text.
const GRID: Record<number, string> = {
  1: "",
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 lg:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
};

/**
 * A layout row: its nested blocks as columns. Blocks bring their own page container; inside a
 * column that container must not add a second gutter, so its padding is taken away here.
 */
export function Row({ blok }: BlockProps<RowBlok>) {
  const editable = useEditable(blok);
  const { Block } = useSite();
  const columns = (blok.columns ?? []).filter((column) => column?.component);
  if (!columns.length) return null;
  const grid = GRID[Math.min(columns.length, 4)] ?? "";
  const align = blok.verticalAlign === "center" ? "items-center" : "items-start";
  return (
    <div {...editable} className="site-container py-10 md:py-14">
      <div className={`grid gap-10 md:gap-12 ${grid} ${align} [&_.site-container]:px-0 [&_.site-container]:py-0`}>
        {columns.map((column) => (
          <div key={column._uid} className="min-w-0">
            <Block blok={column} />
          </div>
        ))}
      </div>
    </div>
  );
}
