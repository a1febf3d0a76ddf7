/**
 * The content model's types: what src/ may see of this folder. This file exports types only and
 * imports the model with `import type`, so it runs no code: the Worker and the browser bundles
 * never carry the model (src/ may only `import type` from content-model/, which
 * tests/node/layers.test.ts checks). Block props are derived from these (src/site/blocks/types.ts).
 */
import type { BlockContent, RootBlock, Schema } from "@storyblok/schema";
import type { schema } from "./index.ts";

/** Every component of the model (blocks, nested components, content types, the theme). */
export type ModelBlock = Schema<typeof schema>["blocks"];

/** A component's technical name, as stories' `component` carries it. */
export type ComponentName = ModelBlock["name"];

/** The content types: the components a story's content can be (`is_root`). */
export type RootComponentName = RootBlock<ModelBlock>["name"];

/** One component's definition, by name: its `fields` with their types, options and `allow` lists. */
export type ModelBlockOf<N extends ComponentName> = Extract<ModelBlock, { name: N }>;

/** A component's content as Storyblok stores and delivers it (@storyblok/schema's `BlockContent`). */
export type ModelContent<N extends ComponentName> = BlockContent<ModelBlockOf<N>, ModelBlock>;
