/**
 * Datasources. Their entries are content (content/datasources/<slug>.json), not model: the model
 * says the datasource exists and what its entries mean.
 */
import { defineDatasource } from "@storyblok/schema";

/** Old path -> new path or URL; `name` is the Dutch path asked for, `value` where it redirects (301). */
export const redirects = defineDatasource({ name: "Redirects", slug: "redirects" });
