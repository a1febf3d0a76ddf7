import { type Datasource, getDatasource, listDatasourceEntries, listDatasources, listTags } from "./datasources";
import { getLink, listLinks } from "./links";
import type { Answer, Ctx } from "./model";
import type { Route } from "./routes";
import { getStory, listStories } from "./stories";

/** The answer of one API route, once the request is authorised and its context known. */
export function answerRoute(route: Route, ctx: Ctx, space: { space: unknown; datasources: Datasource[] }): Answer {
  switch (route.kind) {
    case "story":
      return getStory(route.identifier, ctx);
    case "stories":
      return listStories(ctx);
    case "links":
      return listLinks(ctx);
    case "link":
      return getLink(route.uuid, ctx);
    case "space":
      return { status: 200, body: { space: space.space } };
    case "datasources":
      return listDatasources(space.datasources, ctx);
    case "datasource":
      return getDatasource(space.datasources, route.id, ctx);
    case "datasource_entries":
      return listDatasourceEntries(space.datasources, ctx);
    case "tags":
      return listTags(ctx);
  }
}
