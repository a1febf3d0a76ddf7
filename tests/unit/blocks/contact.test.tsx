import { describe, expect, it } from "vitest";
import { telHref } from "../../../src/site/blocks/contact";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { storyOf } from "../../helpers/story-fixture";

const lotte = storyOf("team/lotte-jansen", {
  _uid: "m-lotte",
  component: "TeamMember",
  name: "Lotte Jansen",
  role: "Business developer",
  photo: { filename: "/images/team/lotte-jansen.svg", alt: "Lotte Jansen" },
  email: "lotte@koraal.nl",
});

const blok = {
  _uid: "ct-1",
  component: "Contact",
  eyebrow: "Contact",
  title: "Kom langs aan de Oudegracht",
  intro: "We reageren binnen één werkdag.",
  address: "Oudegracht 231\n3511 NK Utrecht",
  phone: "030 234 56 78",
  email: "hallo@koraal.nl",
  openingHours: "Maandag t/m vrijdag: 8.30 – 17.30\nZaterdag en zondag: gesloten",
  map: { filename: "/images/team/kaart-oudegracht.svg", alt: "Kaartje van de binnenstad van Utrecht" },
  mapLink: {
    url: "https://www.openstreetmap.org/search?query=Oudegracht%20231%20Utrecht",
    linktype: "url",
    fieldtype: "multilink",
    cached_url: "",
  },
  contactPerson: lotte,
};

describe("Contact", () => {
  it("renders address, tel: and mailto: links, opening hours, the map and the contact person", async () => {
    const { html, logs } = await renderBlok(blok);
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("contact-ct-1");
    expect((await one(html, "h2")).text).toBe("Kom langs aan de Oudegracht");
    expect((await query(html, "h3")).map((h) => h.text)).toEqual([
      "Bezoekadres",
      "Bellen of mailen",
      "Openingstijden",
      "Je eerste aanspreekpunt",
      "Lotte Jansen",
    ]);
    // headings may not sit inside <address> (HTML): each card's details are an address of their own
    expect((await query(html, "address")).map((a) => a.text)).toEqual(["Oudegracht 231 3511 NK Utrecht", "030 234 56 78 hallo@koraal.nl"]);
    expect((await one(html, 'a[href^="tel:"]')).attrs.href).toBe("tel:+31302345678");
    expect((await one(html, 'a[href="mailto:hallo@koraal.nl"]')).text).toBe("hallo@koraal.nl");
    expect((await query(html, "dt")).map((dt) => dt.text)).toEqual(["Maandag t/m vrijdag", "Zaterdag en zondag"]);
    expect((await query(html, "dd")).map((dd) => dd.text)).toEqual(["8.30 – 17.30", "gesloten"]);
    const map = (await query(html, "figure img"))[0];
    expect(map?.attrs).toMatchObject({
      src: "/images/team/kaart-oudegracht.svg",
      alt: "Kaartje van de binnenstad van Utrecht",
      width: "720",
      height: "560",
      loading: "lazy",
    });
    const route = await one(html, 'a[href^="https://www.openstreetmap.org"]');
    expect(route.attrs).toMatchObject({ target: "_blank", rel: "noopener noreferrer" });
    expect(route.text).toBe("Plan je route ↗ (opent in een nieuw tabblad)");
    expect((await one(html, 'a[href="mailto:lotte@koraal.nl"]')).text).toBe("lotte@koraal.nl");
  });

  it("resolves the contact person from the page's relations by uuid, and skips an unresolved one", async () => {
    const resolved = await renderBlok({ ...blok, contactPerson: lotte.uuid }, { relations: [lotte] });
    expect(textOf(resolved.html)).toContain("Je eerste aanspreekpunt Lotte Jansen Business developer");
    const unresolved = await renderBlok({ ...blok, contactPerson: lotte.uuid });
    expect(textOf(unresolved.html)).not.toContain("Lotte Jansen");
    expect(textOf(unresolved.html)).not.toContain("Je eerste aanspreekpunt");
  });

  it("renders only what is filled in", async () => {
    const { html, logs } = await renderBlok({ _uid: "ct-2", component: "Contact", email: "hallo@koraal.nl" });
    expect(logs).toEqual([]);
    expect(await query(html, "h2")).toEqual([]);
    expect(await query(html, "figure")).toEqual([]);
    expect(await query(html, "dl")).toEqual([]);
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Bellen of mailen"]);
    expect((await query(html, "li")).map((li) => li.text)).toEqual(["hallo@koraal.nl"]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBeUndefined();
  });

  it("shows a map without a route link when there is none", async () => {
    const { html } = await renderBlok({ _uid: "ct-3", component: "Contact", map: blok.map });
    await one(html, "figure img");
    expect(await query(html, "figcaption")).toEqual([]);
    expect(await query(html, "address")).toEqual([]);
  });
});

describe("telHref", () => {
  it("turns Dutch numbers into international tel: links", () => {
    expect(telHref("030 234 56 78")).toBe("tel:+31302345678");
    expect(telHref("06-12345678")).toBe("tel:+31612345678");
    expect(telHref("+31 (0)30 234 56 78")).toBe("tel:+31302345678");
    expect(telHref("0031 30 234 56 78")).toBe("tel:+31302345678");
    expect(telHref("112")).toBe("tel:112");
    expect(telHref("bel ons")).toBeNull();
  });
});
