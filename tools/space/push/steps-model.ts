/**
 * The model's part of the push, in order: languages, component groups, components.
 */
import { change, differingKeys, type Json, type PushContext, plannedId } from "./context.ts";

export const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "Deutsch", fr: "Français", nl: "Nederlands" };

/** Adds the snapshot's languages to the space (PUT /v1/spaces/{id} takes `languages`). */
export async function pushLanguages(ctx: PushContext, languages: readonly string[]): Promise<void> {
  const { space } = await ctx.mapi.get<{ space: Json }>("");
  const existing = ((space.languages as Json[] | undefined) ?? []).map((language) => String(language.code));
  const missing = languages.filter((code) => !existing.includes(code));
  if (missing.length) {
    const added = missing.map((code) => ({ code, name: LANGUAGE_NAMES[code] ?? code }));
    await change(ctx, `add language ${missing.join(", ")} to the space`, () =>
      ctx.mapi.put("", { space: { languages: [...((space.languages as Json[] | undefined) ?? []), ...added] } }),
    );
  }
}

/** Component groups by name; returns name -> uuid. */
export async function pushGroups(ctx: PushContext, names: readonly string[]): Promise<Map<string, string>> {
  const existing = await ctx.mapi.get<{ component_groups: Json[] }>("/component_groups");
  const uuids = new Map(existing.component_groups.map((group) => [String(group.name), String(group.uuid)]));
  for (const name of names) {
    if (uuids.has(name)) continue;
    const created = await change(ctx, `create component group ${name}`, () =>
      ctx.mapi.post<{ component_group: Json }>("/component_groups", { component_group: { name } }),
    );
    uuids.set(name, created ? String(created.component_group.uuid) : plannedId(`group ${name}`));
  }
  return uuids;
}

/** Components by name: created, or updated where a field of the model differs. */
export async function pushComponents(ctx: PushContext, components: readonly Json[], groups: ReadonlyMap<string, string>): Promise<void> {
  const existing = await ctx.mapi.get<{ components: Json[] }>("/components");
  const byName = new Map(existing.components.map((component) => [String(component.name), component]));
  for (const { folder, ...wire } of components) {
    const body: Json = { ...wire, component_group_uuid: typeof folder === "string" ? (groups.get(folder) ?? null) : null };
    const current = byName.get(String(body.name));
    if (!current) {
      await change(ctx, `create component ${body.name}`, () => ctx.mapi.post("/components", { component: body }));
      continue;
    }
    const differs = differingKeys(body, current);
    if (differs.length)
      await change(ctx, `update component ${body.name} (${differs.join(", ")})`, () =>
        ctx.mapi.put(`/components/${current.id}`, { component: body }),
      );
  }
}
