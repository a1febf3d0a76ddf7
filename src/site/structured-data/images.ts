import { STRUCTURED_DATA_CROPS, croppedImageUrl, isResizableAsset } from "../ui/image-url";
import type { GraphContext } from "./context";

/**
 * A page's image as search engines want it: from the image service in each of the three aspect
 * ratios they show (1x1, 4x3, 16x9), as absolute URLs; an image it cannot crop (an SVG) as it is.
 */
export function imageUrls(context: GraphContext, src: string | null | undefined): string[] {
  if (!src) return [];
  if (!isResizableAsset(src)) return [context.absolute(src)].filter((url) => url !== undefined);
  return STRUCTURED_DATA_CROPS.flatMap(({ width, height }) => context.absolute(croppedImageUrl(src, width, height)) ?? []);
}
