/** Preview deployments (hosts containing the marker, e.g. *.workers.dev) must never be indexed. */
export function isPreviewHost(host: string, marker: string): boolean {
  return Boolean(marker) && host.toLowerCase().includes(marker.toLowerCase());
}

export function robotsDirective(host: string, marker: string): "index,follow" | "noindex,nofollow" {
  return isPreviewHost(host, marker) ? "noindex,nofollow" : "index,follow";
}
