/**
 * The names editors see in Storyblok for the content model's blocks and fields (their
 * `display_name`s in content-model/), so a finding says where it is in the editor's words: "Hero ·
 * Knop: link", not `HeroBanner · cta`. Made from the model by `modelLabels`; the build writes the
 * result to `.generated/model-labels.js` for the preview bundle, which never loads the model.
 */

/** Component name -> its label and its fields' labels (only what has a display name). */
export type ModelLabels = Readonly<Record<string, { label?: string; fields: Readonly<Record<string, string>> }>>;

interface LabelledField {
  name: string;
  display_name?: string | null;
}
interface LabelledBlock {
  name: string;
  display_name?: string | null;
  fields?: readonly LabelledField[] | Readonly<Record<string, LabelledField>>;
}

/** The labels of a model's blocks (`schema.blocks`, a record or a list). */
export function modelLabels(blocks: readonly LabelledBlock[] | Readonly<Record<string, LabelledBlock>>): ModelLabels {
  const list: readonly LabelledBlock[] = Array.isArray(blocks) ? blocks : Object.values(blocks);
  return Object.fromEntries(
    list.map((block) => {
      const fields: readonly LabelledField[] = Array.isArray(block.fields) ? block.fields : Object.values(block.fields ?? {});
      const labelled = fields.flatMap((field) => (field.display_name ? [[field.name, field.display_name] as const] : []));
      return [block.name, { ...(block.display_name && { label: block.display_name }), fields: Object.fromEntries(labelled) }];
    }),
  );
}

/**
 * Where a finding is, as the editor's form names it: the block's label and the field's, the rest of
 * the field's path with items counted from 1 (`images[1].alt` -> `Afbeeldingen 2 · alt`). A name
 * without a label stays as the model has it.
 */
export function fieldPlace(labels: ModelLabels, component: string, field: string): string {
  const block = Object.hasOwn(labels, component) ? labels[component] : undefined;
  const [, name = field, rest = ""] = /^([^.[]+)(.*)$/.exec(field) ?? [];
  const label = block && Object.hasOwn(block.fields, name) ? block.fields[name] : name;
  const path = rest.replace(/\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1}`).replace(/\./g, " · ");
  return `${block?.label ?? component} · ${label}${path}`;
}
