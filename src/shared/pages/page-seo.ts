/**
 * What search engines and shared links get of a page's story: the document title, the description
 * and the sharing image's source. The page route (src/server/routes/pages.tsx) puts these in the
 * document head; the content rules (src/shared/content-health/) check the same values.
 */
export interface PageSeo {
  /** The story's title field, else its name (before the document title adds the brand). */
  title: string;
  description?: string;
  /** The page's own image (the sharing image is made from it); none: the site's default banner. */
  image?: string;
}

interface SeoSource {
  name: string;
  content: object;
}

const field = (content: object, name: string): unknown => (content as Record<string, unknown>)[name];

export function pageSeo(story: SeoSource): PageSeo {
  const title = field(story.content, "title");
  const description = field(story.content, "description");
  const image = field(story.content, "image") as { filename?: unknown } | null | undefined;
  return {
    title: (typeof title === "string" && title) || story.name,
    description: typeof description === "string" ? description : undefined,
    image: typeof image?.filename === "string" ? image.filename : undefined,
  };
}
