import { describe, expect, it } from "vitest";
import { editableAttributes } from "../../src/site/editable";
import { fulfilled } from "../../src/site/preview-props";
import { PREVIEW_CLOCK_SKEW_MS, PREVIEW_MAX_AGE_MS, previewAccess } from "../../src/server/preview/token";
import { previewLinkToken } from "../../src/shared/preview-link";

const SPACE = 287341;
const TOKEN = "local-preview-token";
const NOW = Date.parse("2026-03-02T10:00:00Z");
const SECONDS = Math.floor(NOW / 1000);

async function link(
  options: { spaceId?: number | string; token?: string; timestamp?: number; storyId?: string | null; sign?: string } = {},
) {
  const spaceId = options.spaceId ?? SPACE;
  const timestamp = options.timestamp ?? SECONDS;
  const url = new URL("https://www.koraal.test/contact");
  if (options.storyId !== null) url.searchParams.set("_storyblok", options.storyId ?? "612401004");
  url.searchParams.set("_storyblok_tk[space_id]", String(spaceId));
  url.searchParams.set("_storyblok_tk[timestamp]", String(timestamp));
  url.searchParams.set("_storyblok_tk[token]", options.sign ?? (await previewLinkToken(spaceId, options.token ?? TOKEN, timestamp)));
  return url;
}

const check = (url: URL, extra: { spaceId?: number; previewToken?: string; now?: number } = {}) =>
  previewAccess(url, { previewToken: TOKEN, spaceId: SPACE, now: NOW, ...extra });

describe("preview links", () => {
  it("signs like Storyblok: hex SHA-1 of space_id:preview_token:timestamp", async () => {
    // printf %s "1:abc:2" | sha1sum
    expect(await previewLinkToken(1, "abc", 2)).toBe("6c73380c749d753038be4e4140cf026e195a39c7");
  });

  it("accepts a fresh link of the space, signed with its preview token", async () => {
    expect(await check(await link())).toEqual({ storyId: 612401004, spaceId: String(SPACE), timestamp: SECONDS });
  });

  it("accepts a link up to an hour old, and a few minutes from the future", async () => {
    expect(await check(await link({ timestamp: SECONDS - PREVIEW_MAX_AGE_MS / 1000 }))).not.toBeNull();
    expect(await check(await link({ timestamp: SECONDS + PREVIEW_CLOCK_SKEW_MS / 1000 }))).not.toBeNull();
  });

  it.each([
    ["expired", { timestamp: SECONDS - PREVIEW_MAX_AGE_MS / 1000 - 1 }],
    ["from the future", { timestamp: SECONDS + PREVIEW_CLOCK_SKEW_MS / 1000 + 1 }],
    ["signed with another token", { token: "guessed-token" }],
    ["forged", { sign: "0".repeat(40) }],
    ["for another space", { spaceId: 1 }],
    ["without the story", { storyId: null }],
    ["with a story that is not an id", { storyId: "home" }],
    ["with a token that is not hex SHA-1", { sign: "x".repeat(40) }],
  ])("refuses a link %s", async (_name, options) => {
    expect(await check(await link(options))).toBeNull();
  });

  it("refuses a link when there is no preview token to check it with", async () => {
    expect(await check(await link(), { previewToken: undefined })).toBeNull();
    expect(await check(await link(), { previewToken: "" })).toBeNull();
  });

  it("does not pin the space when its id is unknown", async () => {
    expect(await previewAccess(await link({ spaceId: 42 }), { previewToken: TOKEN, now: NOW })).not.toBeNull();
  });

  it("refuses URLs without the editor's query", async () => {
    expect(await check(new URL("https://www.koraal.test/contact"))).toBeNull();
    expect(await check(new URL("https://www.koraal.test/contact?_storyblok=1"))).toBeNull();
  });

  it("accepts the token in upper case hex", async () => {
    const url = await link();
    url.searchParams.set("_storyblok_tk[token]", url.searchParams.get("_storyblok_tk[token]")!.toUpperCase());
    expect(await check(url)).not.toBeNull();
  });
});

describe("editable attributes", () => {
  it("turns the draft's _editable comment into the attributes storyblokEditable() gives", () => {
    const blok = {
      _uid: "7335f501",
      component: "HeroBanner",
      _editable: '<!--#storyblok#{"name": "HeroBanner", "space": "287341", "uid": "7335f501", "id": "612401001"}-->',
    };
    expect(editableAttributes(blok)).toEqual({
      "data-blok-c": '{"name":"HeroBanner","space":"287341","uid":"7335f501","id":"612401001"}',
      "data-blok-uid": "612401001-7335f501",
    });
  });

  it.each([
    ["no _editable (published content)", undefined],
    ["not a Storyblok comment", "<!-- something -->"],
    ["broken JSON", "<!--#storyblok#{nope-->"],
    ["no uid", '<!--#storyblok#{"id": "1"}-->'],
  ])("gives nothing for %s", (_name, editable) => {
    expect(editableAttributes({ _uid: "a", component: "Text", ...(editable === undefined ? {} : { _editable: editable }) })).toBeNull();
  });
});

describe("preview listings", () => {
  it("are already fulfilled in React's thenable convention, so use() does not suspend", async () => {
    const listing = { stories: [], total: 0, perPage: 25, page: 1 };
    const promise = fulfilled(listing) as Promise<typeof listing> & { status?: string; value?: unknown };
    expect(promise.status).toBe("fulfilled");
    expect(promise.value).toBe(listing);
    expect(await promise).toBe(listing);
  });
});
