import { describe, expect, it } from "vitest";
import { localiseLinks, localisedPublished } from "../../src/server/content/localise";
import type { PageIndex } from "../../src/server/content/routable";

// English pages point their story links at English paths (localiseLinks makes a copy). Published
// content is one object per cache version in the isolate's parsed cache: its copy is made once
// and kept with it, not on every request.
const index = (): PageIndex => ({
  stories: { nl: new Map([["diensten", "diensten"]]), en: new Map([["services", "diensten"]]) },
  alternates: new Map([["diensten", { nl: "diensten", en: "services" }]]),
  names: new Map([["diensten", { nl: "Diensten", en: "Services" }]]),
  uuids: new Map([["uuid-diensten", "diensten"]]),
});
const content = () => ({ body: [{ component: "Button", link: { linktype: "story", cached_url: "diensten" } }] });

describe("localisedPublished", () => {
  it("is localiseLinks' copy, made once per content object, page index and language", () => {
    const value = content();
    const pages = index();
    const first = localisedPublished(value, "en", pages);
    expect(first).toEqual(localiseLinks(value, "en", pages));
    expect(first.body[0]!.link.cached_url).toBe("/en/services");
    expect(localisedPublished(value, "en", pages)).toBe(first);
    // another cache version: another page index or another content object, another copy
    expect(localisedPublished(value, "en", index())).not.toBe(first);
    expect(localisedPublished(content(), "en", pages)).not.toBe(first);
  });

  it("points Dutch links at the live Dutch page too, by the story's uuid (a renamed story keeps it)", () => {
    const value = { link: { linktype: "story", id: "uuid-diensten", cached_url: "oude-diensten" } };
    expect(localisedPublished(value, "nl", index()).link.cached_url).toBe("/diensten");
    expect(localisedPublished(value, "en", index()).link.cached_url).toBe("/en/services");
  });

  it("empties a link to a story that is no published page, or whose page is gone by the clock", () => {
    const unpublished = { link: { linktype: "story", id: "uuid-weg", cached_url: "weg", anchor: "x" } };
    expect(localiseLinks(unpublished, "en", index()).link).toEqual({
      linktype: "story",
      id: "uuid-weg",
      cached_url: "",
      url: "",
      anchor: "",
    });
    const closed = { link: { linktype: "story", id: "uuid-diensten", cached_url: "diensten" } };
    expect(localiseLinks(closed, "nl", index(), new Set(["uuid-diensten"])).link.cached_url).toBe("");
    const rich = { type: "link", attrs: { linktype: "story", uuid: "uuid-weg", href: "/weg", anchor: "x" } };
    expect(localiseLinks(rich, "nl", index()).attrs).toEqual({ linktype: "story", uuid: "uuid-weg", href: "", anchor: null });
  });

  it("names a published listed story by its live page, by its uuid: a listing's old copy links no old path", () => {
    // a listing served from its last-known-good copy, read before the story was renamed to `diensten`
    const listed = () => [
      { uuid: "uuid-diensten", full_slug: "oude-diensten", default_full_slug: "oude-diensten", content: { component: "Page" } },
    ];
    expect(localisedPublished(listed(), "nl", index())[0]!.full_slug).toBe("diensten");
    expect(localisedPublished(listed(), "en", index())[0]!.full_slug).toBe("en/services");
    // a draft is previewed at its draft's slug (renamed in the draft, not published yet)
    expect(localiseLinks(listed(), "nl", index())[0]!.full_slug).toBe("oude-diensten");
    // a data story (no page: not in the index) keeps its own
    const member = () => [{ uuid: "uuid-lid", full_slug: "team/anna", default_full_slug: null, content: { component: "TeamMember" } }];
    expect(localisedPublished(member(), "nl", index())[0]!.full_slug).toBe("team/anna");
    expect(localisedPublished(member(), "en", index())[0]!.full_slug).toBe("team/anna");
  });

  it("drafts are localised afresh every time (localiseLinks keeps nothing)", () => {
    const value = content();
    const pages = index();
    expect(localiseLinks(value, "en", pages)).not.toBe(localiseLinks(value, "en", pages));
  });
});
