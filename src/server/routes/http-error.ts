import type { ErrorHandler, NotFoundHandler } from "hono";
import { respondWithError } from "../render/respond";
import type { AppBindings } from "../request-context";

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

export const notFound: NotFoundHandler<AppBindings> = (c) => respondWithError(c, 404, noRouteMatches(new URL(c.req.url).pathname).message);

/** The one place errors become answers: an HttpError keeps its status, anything else is a logged 500. */
export const onError: ErrorHandler<AppBindings> = (error, c) => {
  if (error instanceof HttpError) return respondWithError(c, error.status, error.message);
  c.var.logger?.error("request.failed", { error });
  if (!c.var.content) return c.text("Something went wrong", 500);
  return respondWithError(c, 500, "Something went wrong");
};
