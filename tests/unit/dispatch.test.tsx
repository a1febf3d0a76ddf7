import { describe, expect, it } from "vitest";
import type { StoredBlok } from "../helpers/stored";
import { query } from "../helpers/query-html";
import { renderBlok, textOf } from "../helpers/render";

// A blok whose block the site does not know (a component added in Storyblok before the site has
// it): visitors never see a trace of it, an editor sees a note naming it. Both are logged.

const unknown: StoredBlok = { _uid: "u1", component: "Onbekend" };
const page: StoredBlok = { _uid: "p", component: "Page", body: [{ _uid: "t", component: "Text", text: "Tekst." }, unknown] };
const missing = (logs: Array<{ event: string; [key: string]: unknown }>) =>
  logs.map(({ event, component, uid, path }) => ({ event, component, uid, path }));

describe("a blok the registry does not know", () => {
  it("renders nothing for a visitor, alone or among other blocks, and is logged", async () => {
    const alone = await renderBlok(unknown, { path: "/diensten" });
    expect(alone.html).toBe("");
    expect(missing(alone.logs)).toEqual([{ event: "block.missing", component: "Onbekend", uid: "u1", path: "/diensten" }]);

    const among = await renderBlok(page);
    expect(textOf(among.html)).toBe("Tekst.");
    expect(await query(among.html, "[role=note]")).toEqual([]);
  });

  it("shows an editor a note that names it, in the page's language, and is logged", async () => {
    const dutch = await renderBlok(page, { preview: true });
    const notes = await query(dutch.html, "[role=note]");
    expect(notes.map((note) => note.text)).toEqual(["Blok „Onbekend” wordt niet ondersteund"]);
    expect(textOf(dutch.html)).toBe("Tekst. Blok „Onbekend” wordt niet ondersteund");
    expect(missing(dutch.logs)).toEqual([{ event: "block.missing", component: "Onbekend", uid: "u1", path: "/" }]);

    const english = await renderBlok(unknown, { preview: true, lang: "en" });
    expect((await query(english.html, "[role=note]")).map((note) => note.text)).toEqual(["Block “Onbekend” is not supported"]);
  });

  it("carries its editor attributes in the preview, so the editor can select it", async () => {
    const editable = { ...unknown, _editable: '<!--#storyblok#{"name": "Onbekend", "space": "1", "uid": "u1", "id": "7"}-->' };
    const [note] = await query((await renderBlok(editable, { preview: true })).html, "[role=note]");
    expect(note?.attrs["data-blok-uid"]).toBe("7-u1");
  });
});
