import { describe, expect, it } from "vitest";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const blok = {
  _uid: "ll-1",
  component: "LinkedList",
  title: "Meer over Koraal",
  intro: "Kijk verder.",
  links: [
    {
      _uid: "l1",
      component: "nav-link",
      linkText: "Het hele team",
      link: { id: "u1", url: "", linktype: "story", fieldtype: "multilink", cached_url: "team" },
    },
    {
      _uid: "l2",
      component: "nav-link",
      linkText: "Mail ons",
      link: { url: "mailto:hallo@koraal.nl", linktype: "url", cached_url: "mailto:hallo@koraal.nl" },
    },
    {
      _uid: "l3",
      component: "nav-link",
      linkText: "Koraal op LinkedIn",
      link: { url: "https://www.linkedin.com/company/koraal", linktype: "url", cached_url: "" },
    },
    { _uid: "l4", component: "nav-link", linkText: "Zonder doel", link: { url: "", linktype: "story", cached_url: "" } },
    { _uid: "l5", component: "nav-link", linkText: "", link: { url: "/contact", linktype: "url", cached_url: "" } },
  ],
};

describe("LinkedList", () => {
  it("renders a labelled nav with an h2 and one row per usable link", async () => {
    const { html, logs } = await renderBlok(blok);
    expect(logs).toEqual([]);
    const nav = await one(html, "nav");
    expect(nav.attrs["aria-labelledby"]).toBe("linked-list-ll-1");
    expect(nav.attrs["aria-label"]).toBeUndefined();
    expect((await one(html, "h2")).attrs.id).toBe("linked-list-ll-1");
    expect((await one(html, "h2")).text).toBe("Meer over Koraal");
    const links = await query(html, "li > a");
    expect(links.map((a) => [a.attrs.href, a.attrs.target ?? "", a.attrs.rel ?? "", a.text])).toEqual([
      ["/team", "", "", "Het hele team →"],
      ["mailto:hallo@koraal.nl", "", "", "Mail ons →"],
      ["https://www.linkedin.com/company/koraal", "_blank", "noopener noreferrer", "Koraal op LinkedIn (opent in een nieuw tabblad) ↗"],
    ]);
    expect(textOf(html)).toBe("Meer over Koraal Kijk verder. Het hele team → Mail ons → Koraal op LinkedIn (opent in een nieuw tabblad) ↗");
  });

  it("labels the nav itself without a title, and renders nothing without usable links", async () => {
    const { html } = await renderBlok({ _uid: "ll-2", component: "LinkedList", links: blok.links.slice(0, 1) });
    expect((await one(html, "nav")).attrs["aria-label"]).toBe("Links");
    expect(await query(html, "h2")).toEqual([]);
    expect((await renderBlok({ _uid: "ll-3", component: "LinkedList", title: "Leeg", links: blok.links.slice(3) })).html).toBe("");
    expect((await renderBlok({ _uid: "ll-4", component: "LinkedList", title: "Leeg" })).html).toBe("");
  });
});
