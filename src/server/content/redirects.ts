import type { Logger } from "../../shared/log";
import type { Content } from "./content";
import type { DatasourceEntry } from "../../shared/content";

export const REDIRECTS_DATASOURCE = "redirects";

/** Redirects editors maintain in the CMS. A missing datasource means none; a failure is logged, not fatal. */
export async function datasourceRedirects(content: Content, logger: Logger): Promise<DatasourceEntry[]> {
  try {
    return (await content.datasource(REDIRECTS_DATASOURCE)).value;
  } catch (error) {
    if (!(error instanceof Error && "status" in error && error.status === 404)) logger.error("redirects.unavailable", { error });
    return [];
  }
}
