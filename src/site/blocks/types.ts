import type { ReactNode } from "react";
import type { AssetField, Blok, LinkField } from "../../shared/content";

export type { AssetField, Blok, LinkField };

export interface BlockProps<T extends Blok = Blok> {
  blok: T;
}

// Blocks are typed by their own fields; the registry only needs to know they take a blok.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BlockComponent = (props: BlockProps<any>) => ReactNode;
