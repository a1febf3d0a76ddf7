/**
 * Security headers. HTML answers get a Content-Security-Policy whose scripts are allowed by a
 * per-request nonce only (no 'unsafe-inline' for scripts); everything else gets the same
 * transport and sniffing protections.
 */
export interface CspOptions {
  nonce: string;
  /** Who may frame the page (default: nobody); an editor's preview names the Storyblok app (`EDITOR_FRAME`). */
  frameAncestors?: string;
  /** Extra hosts per directive, for the third-party scripts that are switched on. */
  extra?: Partial<Record<"script-src" | "connect-src" | "img-src" | "frame-src" | "style-src" | "font-src", string[]>>;
}

/** The visual editor shows a preview in a frame of the Storyblok app. */
export const EDITOR_FRAME = "'self' https://app.storyblok.com";

export function contentSecurityPolicy({ nonce, frameAncestors = "'none'", extra = {} }: CspOptions): string {
  const list = (base: string[], name: keyof NonNullable<CspOptions["extra"]>) => [...base, ...(extra[name] ?? [])].join(" ");
  const directives: Array<[string, string]> = [
    ["default-src", "'self'"],
    // 'strict-dynamic': scripts our nonced scripts load (island chunks, tag manager children) are trusted too
    ["script-src", list([`'nonce-${nonce}'`, "'strict-dynamic'"], "script-src")],
    ["style-src", list(["'self'", "'unsafe-inline'"], "style-src")],
    ["img-src", list(["'self'", "data:", "https://a.storyblok.com"], "img-src")],
    ["font-src", list(["'self'"], "font-src")],
    ["connect-src", list(["'self'"], "connect-src")],
    ["frame-src", list(["'self'"], "frame-src")],
    ["media-src", "'self' https://a.storyblok.com"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", frameAncestors],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/**
 * The policy as a function of the nonce, built once for a set of options: only the nonce changes
 * from one request to the next.
 */
export function cspForNonce(options: Omit<CspOptions, "nonce">): (nonce: string) => string {
  const [before, after] = contentSecurityPolicy({ ...options, nonce: "\u0000" }).split("\u0000");
  return (nonce) => `${before}${nonce}${after}`;
}

/** A fresh, unguessable nonce for one response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  // 18 bytes are 24 base64 characters without padding; base64url for use in attributes and headers
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

export const HSTS = "max-age=31536000; includeSubDomains";
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

/** Headers every answer of the Worker carries (static assets get the same from public/_headers). */
export function applyBaseHeaders(headers: Headers): void {
  headers.set("Strict-Transport-Security", HSTS);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.delete("Server");
  headers.delete("X-Powered-By");
}

/** The response with the base headers; a response with immutable headers is copied first. */
export function withBaseHeaders(response: Response): Response {
  try {
    applyBaseHeaders(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applyBaseHeaders(copy.headers);
    return copy;
  }
}
