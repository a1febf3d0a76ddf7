/**
 * What the content rules know of the content model (content-model/): per component, each field's
 * Storyblok type, whether it is translatable, which file types an asset field takes and whether an
 * option field names stories. Made from the model by `modelFacts` (the build writes the result to
 * `.generated/model-facts.js` for the Worker and the preview bundle, which never load the model
 * itself; the content:health command makes it from the model directly).
 */
export interface FieldFacts {
  type: string;
  translatable?: true;
  /** Asset fields: `images`, `videos`, ... */
  filetypes?: string[];
  /** Option fields whose values are story uuids (`source: internal_stories`): a relation. */
  stories?: true;
}

/** Component name -> field name -> facts. */
export type ModelFacts = Readonly<Record<string, Readonly<Record<string, FieldFacts>>>>;

/** The part of a model definition (`@storyblok/schema`'s blocks) the facts are made of. */
interface DefinedField {
  name: string;
  type: string;
  translatable?: boolean;
  filetypes?: readonly string[];
  source?: string;
}
interface DefinedBlock {
  name: string;
  fields?: readonly DefinedField[] | Readonly<Record<string, DefinedField>>;
}

function factsOf(field: DefinedField): FieldFacts {
  const facts: FieldFacts = { type: field.type };
  if (field.translatable) facts.translatable = true;
  if (field.filetypes?.length) facts.filetypes = [...field.filetypes];
  if (field.source === "internal_stories") facts.stories = true;
  return facts;
}

/** The facts of a model's blocks (`schema.blocks`, a record or a list). */
export function modelFacts(blocks: readonly DefinedBlock[] | Readonly<Record<string, DefinedBlock>>): ModelFacts {
  const list: readonly DefinedBlock[] = Array.isArray(blocks) ? blocks : Object.values(blocks);
  return Object.fromEntries(
    list.map((block) => {
      const fields: readonly DefinedField[] = Array.isArray(block.fields) ? block.fields : Object.values(block.fields ?? {});
      return [block.name, Object.fromEntries(fields.map((field) => [field.name, factsOf(field)]))];
    }),
  );
}

/** The facts of a component's field; undefined for a field or component the model does not have. */
export function fieldFacts(facts: ModelFacts, component: string, field: string): FieldFacts | undefined {
  return Object.hasOwn(facts, component) && Object.hasOwn(facts[component] ?? {}, field) ? facts[component]?.[field] : undefined;
}
