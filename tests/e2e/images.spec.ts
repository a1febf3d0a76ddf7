import { expect, test } from "./fixtures";

/**
 * The first view of home on a phone stays within its image byte budget. (The images of every
 * sitemap page are checked in sitemap-pages.spec.ts.)
 */

const IMAGE_BUDGET_BYTES = 250 * 1024;

test.describe("home's first view on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });

  test(`fetches less than ${IMAGE_BUDGET_BYTES / 1024} KB of images, in WebP`, async ({ page }) => {
    const images: Array<{ url: string; bytes: number; type: string }> = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "image") return;
      images.push({ url: response.url(), bytes: (await response.body()).length, type: response.headers()["content-type"] ?? "" });
    });
    await page.goto("/", { waitUntil: "networkidle" });
    const total = images.reduce((sum, image) => sum + image.bytes, 0);
    const largest = [...images].sort((a, b) => b.bytes - a.bytes)[0];
    test.info().annotations.push({
      type: "images",
      description: `${images.length} images, ${total} bytes; largest ${largest?.bytes} bytes: ${largest?.url}`,
    });
    console.log(
      `home at 375 px (2x): ${images.length} images, ${(total / 1024).toFixed(1)} KB; largest ${((largest?.bytes ?? 0) / 1024).toFixed(1)} KB ${largest?.url}`,
    );
    expect(images.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(IMAGE_BUDGET_BYTES);
    // photos come as WebP; only the SVG logos are not
    expect(images.filter((image) => !["image/webp", "image/svg+xml"].includes(image.type))).toEqual([]);
  });
});
