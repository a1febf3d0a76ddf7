import { assetDimensions, imageSources, type Breakpoint } from "./image-url";

export interface ImageProps {
  src: string | null | undefined;
  alt: string | null | undefined;
  /** Rendered CSS width per breakpoint, e.g. {xs: 180, md: 360}. */
  sizes: Partial<Record<Breakpoint, number>>;
  /** Intrinsic size; read from the Storyblok URL when omitted, so the layout never shifts. */
  width?: number;
  height?: number;
  /** Above the fold (hero): load eagerly with high priority; everything else is lazy. */
  priority?: boolean;
  className?: string;
}

export function Image({ src, alt, sizes, width, height, priority = false, className }: ImageProps) {
  if (!src) return null;
  const dimensions = width && height ? { width, height } : assetDimensions(src);
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
