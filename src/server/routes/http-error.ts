/** An error that maps to an HTTP status and, for 404s, a message the error screen shows. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The story path failed validation (not a slug a page can have). */
export function pageValidationFailed(path: string): HttpError {
  return new HttpError(404, `Page Not Found: ${path}`);
}

/** Nothing answers this path: no story, no redirect. */
export function noRouteMatches(path: string): HttpError {
  return new HttpError(404, `Page not found: ${path}`);
}
