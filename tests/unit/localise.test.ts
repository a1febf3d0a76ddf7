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
});
const content = () => ({ body: [{ component: "Button", link: { linktype: "story", cached_url: "diensten" } }] });

describe("localisedPublished", () => {
  it("is localiseLinks' copy, made once per content object, page index and language", () => {
    const value = content();
    const pages = index();
    const first = localisedPublished(value, "en", pages);
    expect(first).toEqual(localiseLinks(value, "en", pages));
    expect(first.body[0]!.link.cached_url).toBe("en/services");
    expect(localisedPublished(value, "en", pages)).toBe(first);
    // another cache version: another page index or another content object, another copy
    expect(localisedPublished(value, "en", index())).not.toBe(first);
    expect(localisedPublished(content(), "en", pages)).not.toBe(first);
  });

  it("leaves content in the default language as it is", () => {
    const value = content();
    expect(localisedPublished(value, "nl", index())).toBe(value);
  });

  it("drafts are localised afresh every time (localiseLinks keeps nothing)", () => {
    const value = content();
    const pages = index();
    expect(localiseLinks(value, "en", pages)).not.toBe(localiseLinks(value, "en", pages));
  });
});
