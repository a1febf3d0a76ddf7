import type { MiddlewareHandler } from "hono";
import { respondWithError } from "../render/respond";
import type { AppBindings } from "../request-context";

export const MAX_PATH_LENGTH = 2048;

const PLAIN_PATH = /^[\w/-]*$/;

export type PathCheck = { ok: true; path: string } | { ok: false; status: 400 | 414; message: string };

/**
 * Refuses paths no page can have before anything else looks at them: over-long paths,
 * broken percent-escapes, control characters (NUL included) and encoded dot segments.
 */
export function checkPath(rawPathname: string): PathCheck {
  if (rawPathname.length > MAX_PATH_LENGTH) return { ok: false, status: 414, message: "URI Too Long" };
  // nearly every path: letters, digits, '-', '_' and single slashes need none of the checks below
  if (PLAIN_PATH.test(rawPathname)) return { ok: true, path: rawPathname };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return { ok: false, status: 400, message: "Bad Request: malformed percent-encoding" };
  }
  if (hasControlCharacter(decoded)) return { ok: false, status: 400, message: "Bad Request: control character in path" };
  if (decoded.split("/").some((segment) => segment === "." || segment === "..")) {
    return { ok: false, status: 400, message: "Bad Request: dot segment in path" };
  }
  if (decoded.includes("\\")) return { ok: false, status: 400, message: "Bad Request: backslash in path" };
  return { ok: true, path: decoded };
}

/** The edge APIs answer JSON `{message}` like every other API error; anything else is a page. */
export const isApiPath = (rawPathname: string) => rawPathname === "/api" || rawPathname.startsWith("/api/");

/** A refused path gets the error screen (a browser) or the status alone (a bot); an API path, JSON. */
export const pathGuard: MiddlewareHandler<AppBindings> = async (c, next) => {
  const pathname = c.get("url").pathname;
  const check = checkPath(pathname);
  if (check.ok) return next();
  if (isApiPath(pathname)) return c.json({ message: check.message }, check.status);
  return respondWithError(c, check.status, check.message);
};

/** C0 control characters and DEL (NUL included): never part of a path or a return address. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
