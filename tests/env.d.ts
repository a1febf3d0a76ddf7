// The Worker's default export as seen by integration tests through `exports` of cloudflare:workers.
declare namespace Cloudflare {
  interface Exports {
    default: { fetch(request: Request): Promise<Response> };
  }
}
