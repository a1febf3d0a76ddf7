import { describe, expect, it } from "vitest";
import { isDataSlug, isPageLink, isPageStory, pageTypeOf, storyKind } from "../../src/shared/pages/page-types";

const story = (full_slug: string, component: string) => ({ full_slug, content: { component } });
const link = (slug: string, extra: Partial<{ published: boolean; is_folder: boolean }> = {}) => ({
  slug,
  published: true,
  is_folder: false,
  ...extra,
});

describe("which stories are pages", () => {
  it.each([
    ["home", "Page", true],
    ["cases/domstad-deelfietsen", "CaseDetail", true],
    ["insights/streamen-vanaf-de-edge", "InsightDetail", true],
    ["sectoren/zorg", "Sector", true],
    ["vacatures/product-designer", "Vacancy", true],
    ["team", "Page", true],
    ["theme/theme", "Theme", false],
    ["team/eva-smit", "TeamMember", false],
    // a page type in a data folder is still data; a data type outside one is not a page either
    ["team/pagina", "Page", false],
    ["klanten/polderstroom", "Customer", false],
    ["iets", "Onbekend", false],
  ])("%s (%s): page %s", (slug, component, page) => {
    expect(isPageStory(story(slug, component))).toBe(page);
  });

  it("judges links (which carry no content type) by their folder, published and not a folder", () => {
    expect(isPageLink(link("over-ons"))).toBe(true);
    expect(isPageLink(link("team"))).toBe(true);
    expect(isPageLink(link("teamwork"))).toBe(true);
    expect(isPageLink(link("theme/theme"))).toBe(false);
    expect(isPageLink(link("team/eva-smit"))).toBe(false);
    expect(isPageLink(link("concept", { published: false }))).toBe(false);
    expect(isPageLink(link("cases", { is_folder: true }))).toBe(false);
    // a data folder's start page is the folder's page (/team); the stories inside it are data
    expect(isPageLink(link("team/"))).toBe(true);
    expect(isDataSlug("team/")).toBe(false);
    expect(isDataSlug("team/eva-smit")).toBe(true);
    expect(isDataSlug("team")).toBe(false);
  });

  it("tells the preview what a story is: page, the theme, a data story's card, or nothing", () => {
    expect(storyKind(story("home", "Page"))).toBe("page");
    expect(storyKind(story("theme/theme", "Theme"))).toBe("theme");
    expect(storyKind(story("team/eva-smit", "TeamMember"))).toBe("data");
    expect(storyKind(story("klanten/polderstroom", "Customer"))).toBe("data");
    expect(storyKind(story("team/pagina", "Page"))).toBeNull();
    expect(storyKind(story("team/", "Page"))).toBe("page");
    expect(storyKind(story("theme/ander", "Theme"))).toBeNull();
    expect(storyKind(story("iets", "Onbekend"))).toBeNull();
  });

  it("names a folder's start page a Listing, apart from the other pages, and nothing outside the pages", () => {
    const story = (full_slug: string, component: string, is_startpage = false) => ({ full_slug, is_startpage, content: { component } });
    expect(pageTypeOf(story("vacatures/", "Page", true))).toBe("Listing");
    expect(pageTypeOf(story("home", "Page"))).toBe("Page");
    expect(pageTypeOf(story("contact", "Page"))).toBe("Page");
    expect(pageTypeOf(story("vacatures/product-designer", "Vacancy"))).toBe("Vacancy");
    expect(pageTypeOf(story("team/eva-smit", "TeamMember"))).toBeUndefined();
    expect(pageTypeOf(story("x", "Listing"))).toBeUndefined();
  });
});
