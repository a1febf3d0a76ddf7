/**
 * Link rules of the spec, shared by the server render and the client islands:
 * - `http…` and `www…` are external: opened in a new tab with a safe `rel`;
 * - `tel:` and `mailto:` are kept as they are;
 * - relative URLs not starting with `/` or `#` get a leading `/`;
 * - story links use `cached_url`/`url`, plus `#anchor` when set; `home` is `/`; no trailing slash.
 */
export interface LinkLike {
  url?: string;
  cached_url?: string;
  anchor?: string;
  linktype?: string;
  email?: string;
  story?: { url?: string; full_slug?: string };
}

export interface ResolvedLink {
  href: string;
  external: boolean;
}

export const EXTERNAL_REL = "noopener noreferrer";

export function resolveLink(link: LinkLike | string | null | undefined): ResolvedLink | null {
  if (!link) return null;
  if (typeof link === "string") return resolveHref(link);
  if (link.linktype === "email" && (link.email || link.url)) {
    const address = (link.email || link.url || "").replace(/^mailto:/i, "");
    return { href: `mailto:${address}`, external: false };
  }
  const target = link.linktype === "story" ? link.story?.url || link.cached_url || link.url : link.url || link.cached_url;
  if (!target) return link.anchor ? { href: `#${link.anchor}`, external: false } : null;
  const resolved = resolveHref(target);
  if (!resolved || !link.anchor || resolved.href.includes("#")) return resolved;
  return { ...resolved, href: `${resolved.href}#${link.anchor}` };
}

export function resolveHref(raw: string): ResolvedLink | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return { href: value, external: true };
  if (/^www\./i.test(value)) return { href: `https://${value}`, external: true };
  if (/^(tel|mailto):/i.test(value)) return { href: value, external: false };
  if (value.startsWith("#")) return { href: value, external: false };
  // Browsers read `\` in a URL as `/`: `\\evil.example` is `//evil.example`, so it gets the same treatment.
  const slashed = value.replace(/\\/g, "/");
  const path = slashed.startsWith("/") ? slashed : `/${slashed}`;
  return { href: normalisePath(path), external: false };
}

/** `/home` is the start page; trailing slashes are removed (the site redirects them anyway). */
function normalisePath(path: string): string {
  const [pathname = "/", ...rest] = path.split(/(?=[?#])/);
  let clean = pathname.replace(/\/{2,}/g, "/");
  if (clean.length > 1) clean = clean.replace(/\/+$/, "");
  if (clean === "/home") clean = "/";
  return clean + rest.join("");
}
