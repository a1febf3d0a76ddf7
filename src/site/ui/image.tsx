import { assetDimensions, imageSources, type Breakpoint } from "./image-url";

export interface ImageProps {
  src: string | null | undefined;
  alt: string | null | undefined;
  /** Rendered CSS width per breakpoint, e.g. {xs: 180, md: 360}. */
  sizes: Partial<Record<Breakpoint, number>>;
  /** Intrinsic size for images that are not Storyblok assets; an asset's own size (from its URL) wins, so the box always has the image's aspect ratio. */
  width?: number;
  height?: number;
  /** Above the fold (hero): load eagerly with high priority; everything else is lazy. */
  priority?: boolean;
  className?: string;
}

export function Image({ src, alt, sizes, width, height, priority = false, className }: ImageProps) {
  if (!src) return null;
  const dimensions = assetDimensions(src) ?? (width && height ? { width, height } : null);
  const sources = imageSources(src, sizes);
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      alt={alt ?? ""}
      width={dimensions?.width}
      height={dimensions?.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
