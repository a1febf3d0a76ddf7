export type Route =
  | { kind: "story"; identifier: string }
  | { kind: "stories" }
  | { kind: "links" }
  | { kind: "link"; uuid: string }
  | { kind: "space" }
  | { kind: "datasources" }
  | { kind: "datasource"; id: string }
  | { kind: "datasource_entries" }
  | { kind: "tags" };

export const PREFIX = "/v2/cdn/";

export function matchRoute(pathname: string): Route | undefined {
  if (!pathname.startsWith(PREFIX)) return undefined;
  const rest = pathname.slice(PREFIX.length);
  if (rest === "stories" || rest === "stories/") return { kind: "stories" };
  // Story identifiers keep their trailing slash: a folder's start page has a full_slug like "blog/".
  if (rest.startsWith("stories/")) return { kind: "story", identifier: decodePath(rest.slice("stories/".length)) };
  const parts = rest.replace(/\/+$/, "").split("/").map(decodePath);
  const [head, second, ...more] = parts;
  if (more.length) return undefined;
  if (head === "links") return second === undefined ? { kind: "links" } : { kind: "link", uuid: second };
  if (head === "spaces" && second === "me") return { kind: "space" };
  if (head === "datasources") return second === undefined ? { kind: "datasources" } : { kind: "datasource", id: second };
  if (head === "datasource_entries" && second === undefined) return { kind: "datasource_entries" };
  if (head === "tags" && second === undefined) return { kind: "tags" };
  return undefined;
}

export function decodePath(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
