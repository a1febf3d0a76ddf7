/** Any failure of the content service: a status outside 200-206, a network error, a timeout. */
export class ContentError extends Error {
  override name = "ContentError";
  constructor(
    /** HTTP status of the content service, or 0 when no answer came (network, timeout). */
    readonly status: number,
    /** The status text of the answer, e.g. "Not Found". */
    readonly statusText: string,
    readonly url?: string,
  ) {
    super(statusText || `Content service error ${status}`);
  }

  get notFound(): boolean {
    return this.status === 404;
  }
}
