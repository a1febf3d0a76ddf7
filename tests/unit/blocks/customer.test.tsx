import { describe, expect, it } from "vitest";
import type { StoredBlok } from "../../helpers/stored";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

const storyLinkWithoutTarget = { id: "", url: "", linktype: "story", fieldtype: "multilink", cached_url: "" };

const customers: StoredBlok[] = [
  {
    _uid: "c1",
    component: "Customer",
    name: "Polderstroom Energie",
    logo: { filename: "/images/customers/polderstroom.svg", alt: "Polderstroom Energie" },
    link: storyLinkWithoutTarget,
  },
  {
    _uid: "c2",
    component: "Customer",
    name: "Tulpbank",
    logo: { filename: "/images/customers/tulpbank.svg", alt: "" },
    link: { url: "https://www.tulpbank.example", linktype: "url", cached_url: "" },
  },
  { _uid: "c3", component: "Customer", name: "Kade Logistiek", logo: { filename: null, alt: null } },
  { _uid: "c4", component: "Customer" },
];

describe("CustomerList", () => {
  const blok = { _uid: "cl-1", component: "CustomerList", eyebrow: "Samen gebouwd", title: "Ze gingen je voor", intro: "Al jaren samen." };

  it("shows the customers store as a grid of logos under an h2", async () => {
    const { html, logs } = await renderBlok(blok, { customers });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("customer-list-cl-1");
    expect((await one(html, "h2")).text).toBe("Ze gingen je voor");
    const items = await query(html, "ul > li");
    expect(items).toHaveLength(3);
    const images = await query(html, "img");
    expect(images.map((img) => [img.attrs.src, img.attrs.alt, img.attrs.width, img.attrs.height])).toEqual([
      ["/images/customers/polderstroom.svg", "Polderstroom Energie", "240", "96"],
      ["/images/customers/tulpbank.svg", "Tulpbank", "240", "96"],
    ]);
    // a customer without a logo shows its name; one without a link is not a link
    expect(items[2]?.text).toBe("Kade Logistiek");
    const links = await query(html, "a");
    expect(links.map((a) => [a.attrs.href, a.attrs.target, a.attrs.rel])).toEqual([
      ["https://www.tulpbank.example", "_blank", "noopener noreferrer"],
    ]);
    expect(textOf(html)).toBe("Samen gebouwd Ze gingen je voor Al jaren samen. Kade Logistiek");
  });

  it("renders nothing without customers or title, and a Dutch note with a title only", async () => {
    expect((await renderBlok({ _uid: "cl-2", component: "CustomerList" })).html).toBe("");
    const { html } = await renderBlok({ _uid: "cl-3", component: "CustomerList", title: "Klanten" });
    expect(await query(html, "ul")).toEqual([]);
    expect(textOf(html)).toBe("Klanten Binnenkort lees je hier voor wie we werken.");
  });
});

describe("Customer", () => {
  const blok = {
    _uid: "cu-1",
    component: "Customer",
    name: "Zorggroep De Linde",
    logo: { filename: "/images/customers/de-linde.svg", alt: "Zorggroep De Linde" },
    description: "Roosterapp en intranet voor twaalf locaties.",
    link: { url: "https://www.delinde.example", linktype: "url", fieldtype: "multilink", cached_url: "" },
  };

  it("features one customer: logo, h2 name, description and an outgoing link", async () => {
    const { html, logs } = await renderBlok(blok);
    expect(logs).toEqual([]);
    const h2 = await one(html, "h2");
    expect(h2.text).toBe("Zorggroep De Linde");
    expect((await one(html, "article")).attrs["aria-labelledby"]).toBe(h2.attrs.id);
    expect((await one(html, "img")).attrs).toMatchObject({
      src: "/images/customers/de-linde.svg",
      alt: "Zorggroep De Linde",
      width: "240",
      height: "96",
    });
    const link = await one(html, "a");
    expect(link.attrs).toMatchObject({ href: "https://www.delinde.example", target: "_blank", rel: "noopener noreferrer" });
    expect(link.text).toBe("Naar de website van Zorggroep De Linde ↗");
    expect(textOf(html)).toBe("Zorggroep De Linde Roosterapp en intranet voor twaalf locaties. Naar de website van Zorggroep De Linde ↗");
  });

  it("links inside the site with an arrow and no new tab", async () => {
    const { html } = await renderBlok({ ...blok, link: { id: "x", linktype: "story", cached_url: "klanten", url: "" } });
    const link = await one(html, "a");
    expect(link.attrs.href).toBe("/klanten");
    expect(link.attrs.target).toBeUndefined();
    expect(link.text).toBe("Meer over Zorggroep De Linde →");
  });

  it("leaves out what is empty and renders nothing with neither name nor logo", async () => {
    const { html } = await renderBlok({
      _uid: "cu-2",
      component: "Customer",
      name: "Molenaar Bouw",
      link: { url: "", cached_url: "", linktype: "story" },
    });
    expect(await query(html, "a")).toEqual([]);
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "p")).toEqual([]);
    expect((await one(html, "h2")).text).toBe("Molenaar Bouw");
    expect((await renderBlok({ _uid: "cu-3", component: "Customer" })).html).toBe("");
  });
});
