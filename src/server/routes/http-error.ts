import type { ErrorHandler, NotFoundHandler } from "hono";
import { ContentError } from "../content/errors";
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

/** The 404 screen's message when the story path failed validation (not a slug a page can have). */
export const pageValidationMessage = (path: string) => `Page Not Found: ${path}`;

/** The 404 screen's message when nothing answers this path: no story, no redirect. */
export const noRouteMessage = (path: string) => `Page not found: ${path}`;

/** The story path failed validation, found where the 404 cannot be answered directly. */
export function pageValidationFailed(path: string): HttpError {
  return new HttpError(404, pageValidationMessage(path));
}

/** Nothing answers this path, found where the 404 cannot be answered directly. */
export function noRouteMatches(path: string): HttpError {
  return new HttpError(404, noRouteMessage(path));
}

export const notFound: NotFoundHandler<AppBindings> = (c) => respondWithError(c, 404, noRouteMessage(c.get("url").pathname));

/** Seconds a visitor is asked to wait when the content service is down and no copy exists. */
export const CONTENT_RETRY_AFTER_SECONDS = 30;

/**
 * The one place errors become answers: an HttpError keeps its status; the content service
 * failing (down, slow, rate limited) with no copy to fall back on is a 503 with Retry-After;
 * anything else is a logged 500.
 */
export const onError: ErrorHandler<AppBindings> = async (error, c) => {
  if (error instanceof HttpError) return respondWithError(c, error.status, error.message);
  if (error instanceof ContentError && !error.notFound) {
    c.get("logger")?.error("content.unavailable", { error });
    const response = await respondWithError(c, 503, "Something went wrong");
    response.headers.set("Retry-After", String(CONTENT_RETRY_AFTER_SECONDS));
    return response;
  }
  c.get("logger")?.error("request.failed", { error });
  if (!c.get("content")) return c.text("Something went wrong", 500);
  return respondWithError(c, 500, "Something went wrong");
};
