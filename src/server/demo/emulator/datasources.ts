import type { SpaceSnapshot } from "../../content/snapshot";
import type { DatasourceEntry } from "../../../shared/content";
import { type Answer, type Ctx, MAX_ENTRIES_PER_PAGE, NOT_FOUND_BODY } from "./model";
import { compareValues, pageOf, paginationHeaders, readPagination } from "./params";

export type Datasource = SpaceSnapshot["datasources"][number];

export function datasourceBody(datasource: Datasource) {
  return { id: datasource.id, name: datasource.name, slug: datasource.slug, dimensions: [] };
}

export function listDatasources(datasources: Datasource[], ctx: Ctx): Answer {
  const { page, perPage } = readPagination(ctx.params, MAX_ENTRIES_PER_PAGE);
  return {
    status: 200,
    body: { datasources: pageOf(datasources, page, perPage).map(datasourceBody), cv: ctx.cv },
    headers: paginationHeaders(datasources.length, perPage),
  };
}

export function getDatasource(datasources: Datasource[], id: string, ctx: Ctx): Answer {
  const datasource = datasources.find((candidate) => String(candidate.id) === id);
  return datasource ? { status: 200, body: { datasource: datasourceBody(datasource), cv: ctx.cv } } : { status: 404, body: NOT_FOUND_BODY };
}

/** Without `datasource` the API lists the entries of every datasource; an unknown one lists none. */
export function listDatasourceEntries(datasources: Datasource[], ctx: Ctx): Answer {
  const slug = ctx.params.get("datasource");
  const entries: DatasourceEntry[] = datasources
    .filter((datasource) => slug === null || datasource.slug === slug)
    .flatMap((datasource) => datasource.entries)
    .map((entry) => ({ id: entry.id, name: entry.name, value: entry.value, dimension_value: entry.dimension_value ?? null }));
  const { page, perPage } = readPagination(ctx.params, MAX_ENTRIES_PER_PAGE);
  return {
    status: 200,
    body: { datasource_entries: pageOf(entries, page, perPage), cv: ctx.cv },
    headers: paginationHeaders(entries.length, perPage),
  };
}

export function listTags(ctx: Ctx): Answer {
  const prefix = ctx.params.get("starts_with") ?? "";
  const counts = new Map<string, number>();
  for (const story of ctx.view.stories) {
    for (const tag of story.tag_list) if (tag.startsWith(prefix)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  const tags = [...counts].sort(([a], [b]) => compareValues(a, b)).map(([name, taggings_count]) => ({ name, taggings_count }));
  return { status: 200, body: { tags, cv: ctx.cv } };
}
