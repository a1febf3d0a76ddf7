import type { ReactNode } from "react";
import type { AssetField, Blok, LinkField } from "../../shared/content";

export type { AssetField, Blok, LinkField };

export interface BlockProps<T extends Blok = Blok> {
  blok: T;
}

// Blocks are typed by their own fields; the registry only needs to know they take a blok.
// biome-ignore lint/suspicious/noExplicitAny: each block narrows its own blok type; the registry holds them all under one signature
export type BlockComponent = (props: BlockProps<any>) => ReactNode;
