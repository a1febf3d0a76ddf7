import type { ReactNode } from "react";
import type { Field, FieldValue } from "@storyblok/schema";
import type { ComponentName, ModelBlockOf, RootComponentName } from "../../../content-model/types.ts";
import type { AssetField, Blok, LinkField, Story } from "../../shared/content";
import type { RichTextDoc } from "../richtext/types";

export type { AssetField, Blok, ComponentName, LinkField, RootComponentName };

/**
 * A blok of one component as the blocks read it, derived from the content model
 * (content-model/): a field the model marks required is required, any other may be missing or
 * null, as @storyblok/schema's `BlockContent` has it. No field list is written out here: renaming
 * a field in the model fails the type check of every block that reads it
 * (tests/node/model-types.test.ts). Of a
 * union of names, the union of their bloks.
 */
export type BlokOf<N extends ComponentName> = N extends ComponentName
  ? { _uid: string; component: N; _editable?: string } & {
      [F in FieldOf<N> as F extends { required: true } ? F["name"] : never]: SiteValue<F>;
    } & {
      [F in FieldOf<N> as F extends { required: true } ? never : F["name"]]?: SiteValue<F> | null;
    }
  : never;

type FieldOf<N extends ComponentName> = ModelBlockOf<N>["fields"][number];

/**
 * What a field holds by the time a block reads it: the model's value type (`FieldValue`), but for
 * what the page's request resolves or what the site reads more precisely than the stored shape:
 *  - `bloks`: the site's bloks of the components its `allow` names;
 *  - a relation (`option(s)` with `source: "internal_stories"`): the story resolve_relations put
 *    in its place, or its uuid when it was not resolved (a story of the content types the field
 *    allows);
 *  - `option` with its own options: one of the values the model lists (an unset option is "");
 *  - `multilink`: the link with the story resolve_links adds (`LinkField`);
 *  - `richtext`: the document the rich text renderer reads (`RichTextDoc`: blocks embedded).
 */
type SiteValue<F> = F extends { type: "bloks" }
  ? Bloks<F>
  : F extends { type: "option"; source: "internal_stories" }
    ? Relation<F>
    : F extends { type: "options"; source: "internal_stories" }
      ? Relation<F>[]
      : F extends { type: "option"; options: ReadonlyArray<{ value: infer V }> }
        ? V | ""
        : F extends { type: "multilink" }
          ? LinkField
          : F extends { type: "richtext" }
            ? RichTextDoc
            : F extends Field
              ? FieldValue<F>
              : never;

/** A `bloks` field's bloks: of the components its `allow` names (without one, any blok). */
type Bloks<F> = F extends { allow: ReadonlyArray<infer A> } ? BlokOf<Extract<A, ComponentName>>[] : Blok[];

/** A relation field's value: the related story once resolved, else its uuid. */
type Relation<F> = string | Story<F extends { filter_content_type: ReadonlyArray<infer C> } ? BlokOf<Extract<C, ComponentName>> : Blok>;

/**
 * Whether a blok is one of the named component's. Its fields are then trusted to be the
 * component's: the build checks every story against the model (scripts/content-check.ts).
 */
export function isBlokOf<N extends ComponentName>(blok: Blok | null | undefined, name: N): blok is BlokOf<N> {
  return blok?.component === name;
}

export interface BlockProps<T extends Blok = Blok> {
  blok: T;
}

/** The block of one component: it takes that component's blok. */
export type BlockComponent<N extends ComponentName> = (props: BlockProps<BlokOf<N>>) => ReactNode;
