/**
 * Where a story lives: the page route and `npm run preview:link` map paths to story slugs with
 * this one rule, so a link the script makes opens the story the route serves.
 */

/** Lower-case segments of letters, digits, `-` and `_`, as Storyblok slugs are. */
const SLUG = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*$/;
const MAX_SLUG_LENGTH = 255;
export const HOME_SLUG = "home";

/** `/` -> `home`, `/cases/acme` -> `cases/acme`; null when no story can live at the path. */
export function storySlugForPath(path: string): string | null {
  if (path === "/") return HOME_SLUG;
  const slug = path.slice(1);
  return slug.length > MAX_SLUG_LENGTH || !SLUG.test(slug) ? null : slug;
}
