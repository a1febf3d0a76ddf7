// The preview panel's placement (client/health/clear-view.ts) and its names for a finding's place
// (src/shared/content-health/model-labels.ts): pure, in the viewport's pixels and the model's labels.
import { describe, expect, it } from "vitest";
import { clearView } from "../../client/health/clear-view";
import { fieldPlace, modelLabels } from "../../src/shared/content-health/model-labels";

const PHONE = { height: 667, inset: 0, up: 0, down: 5000 };

describe("the panel never covers the block a finding points to", () => {
  it("scrolls a block into the space above the panel", () => {
    expect(clearView({ top: 2000, bottom: 2200 }, 230, PHONE)).toEqual({ scrollBy: 1988, edge: "bottom", clear: true });
  });

  it("keeps the block below the page's sticky header", () => {
    expect(clearView({ top: 2000, bottom: 2100 }, 230, { ...PHONE, inset: 72 })).toEqual({ scrollBy: 1916, edge: "bottom", clear: true });
  });

  it("shows the beginning of a block taller than the space above it there", () => {
    expect(clearView({ top: 900, bottom: 3200 }, 230, PHONE)).toEqual({ scrollBy: 888, edge: "bottom", clear: true });
  });

  it("goes to the top for a block at the end of the page, which cannot scroll above it", () => {
    expect(clearView({ top: 560, bottom: 640 }, 230, { height: 667, inset: 0, up: 3000, down: 0 })).toEqual({
      scrollBy: 0,
      edge: "top",
      clear: true,
    });
  });

  it("says when no place is clear (a page that cannot scroll, a tall panel): the list then folds away", () => {
    expect(clearView({ top: 200, bottom: 400 }, 400, { height: 667, inset: 0, up: 0, down: 0 })).toEqual({
      scrollBy: 0,
      edge: "bottom",
      clear: false,
    });
  });
});

describe("a finding's place in the editor's words", () => {
  const labels = modelLabels([
    { name: "HeroBanner", display_name: "Hero", fields: [{ name: "cta", display_name: "Knop: link" }, { name: "title" }] },
    { name: "ImageGroup", display_name: null, fields: { images: { name: "images", display_name: "Afbeeldingen" } } },
  ]);

  it("names the block and the field by their display names, items counted from 1", () => {
    expect(fieldPlace(labels, "HeroBanner", "cta")).toBe("Hero · Knop: link");
    expect(fieldPlace(labels, "ImageGroup", "images[1].alt")).toBe("ImageGroup · Afbeeldingen 2 · alt");
  });

  it("keeps the model's own name where there is no label", () => {
    expect(fieldPlace(labels, "HeroBanner", "title")).toBe("Hero · title");
    expect(fieldPlace(labels, "Unknown", "x")).toBe("Unknown · x");
  });
});
