import { describe, expect, it } from "vitest";
import { listingQuery } from "../../../src/shared/listings/listing-queries";
import { renderBlok, textOf } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";
import { storyOf } from "../../helpers/story-fixture";
import type { StoredBlok } from "../../helpers/stored";

const sanne = {
  _uid: "m-sanne",
  component: "TeamMember",
  name: "Sanne de Vries",
  role: "Oprichter & managing director",
  photo: { filename: "/images/team/sanne-de-vries.svg", alt: "Sanne de Vries, illustratie" },
  bio: "Begon Koraal in 2014.",
  linkedin: { url: "https://www.linkedin.com/in/koraal-sanne-de-vries", linktype: "url", fieldtype: "multilink", cached_url: "" },
};
const thomas = {
  _uid: "m-thomas",
  component: "TeamMember",
  name: "Thomas van Dijk",
  role: "People & culture",
  photo: { filename: "/images/team/thomas-van-dijk.svg", alt: "" },
  email: "werken@koraal.nl",
};
const teamBlok: StoredBlok = {
  _uid: "team-1",
  component: "Team",
  eyebrow: "Wie is wie",
  title: "De mensen achter je product",
  intro: "Vaste gezichten.",
};

describe("Team", () => {
  it("lists the team/ folder's TeamMember stories in the editors' order, 25 a page by default", () => {
    expect(listingQuery(teamBlok)).toEqual({
      starts_with: "team/",
      is_startpage: false,
      content_type: "TeamMember",
      sort_by: "position:asc",
      per_page: 25,
    });
    expect(listingQuery({ ...teamBlok, limit: "4" } as StoredBlok)?.per_page).toBe(4);
    expect(listingQuery({ ...teamBlok, limit: "" } as StoredBlok)?.per_page).toBe(25);
  });

  it("renders a labelled section with an h2 and one h3 card per member", async () => {
    const { html, logs } = await renderBlok(teamBlok, {
      listings: {
        "team-1": {
          stories: [storyOf("team/sanne-de-vries", sanne, { position: 10 }), storyOf("team/thomas-van-dijk", thomas, { position: 20 })],
          total: 2,
          perPage: 25,
          page: 1,
        },
      },
    });
    expect(logs.filter((l) => l.event === "block.missing")).toEqual([]);
    const section = await one(html, "section");
    expect(section.attrs["aria-labelledby"]).toBe("team-team-1");
    expect((await one(html, "h2")).text).toBe("De mensen achter je product");
    expect((await one(html, "h2")).attrs.id).toBe("team-team-1");
    expect((await one(html, "p.eyebrow")).text).toBe("Wie is wie");
    const items = await query(html, "ul.grid > li");
    expect(items.map((li) => li.text)).toEqual([
      "Sanne de Vries Oprichter & managing director Begon Koraal in 2014. LinkedIn",
      "Thomas van Dijk People & culture werken@koraal.nl",
    ]);
    expect((await query(html, "h3")).map((h) => h.text)).toEqual(["Sanne de Vries", "Thomas van Dijk"]);
    const images = await query(html, "img");
    expect(images.map((img) => [img.attrs.src, img.attrs.alt, img.attrs.width, img.attrs.height, img.attrs.loading])).toEqual([
      ["/images/team/sanne-de-vries.svg", "Sanne de Vries, illustratie", "320", "400", "lazy"],
      ["/images/team/thomas-van-dijk.svg", "Portret van Thomas van Dijk", "320", "400", "lazy"],
    ]);
    const linkedin = await one(html, 'a[href^="https://www.linkedin.com"]');
    expect(linkedin.attrs).toMatchObject({
      href: "https://www.linkedin.com/in/koraal-sanne-de-vries",
      target: "_blank",
      rel: "noopener noreferrer",
      "aria-label": "Sanne de Vries op LinkedIn (opent in een nieuw tabblad)",
    });
    expect((await one(html, 'a[href^="mailto:"]')).attrs.href).toBe("mailto:werken@koraal.nl");
    expect(await query(html, 'nav[aria-label="Meer teamleden"]')).toEqual([]);
  });

  it("skips stories that are not team members or have no name", async () => {
    const { html } = await renderBlok(teamBlok, {
      listings: {
        "team-1": {
          stories: [
            storyOf("team/sanne-de-vries", sanne, { position: 1 }),
            storyOf("team/leeg", { _uid: "x", component: "TeamMember" }, { position: 2 }),
            storyOf("team/pagina", { _uid: "y", component: "Page", name: "Geen lid" }, { position: 3 }),
          ],
          total: 3,
          perPage: 25,
          page: 1,
        },
      },
    });
    expect((await query(html, "ul.grid > li")).length).toBe(1);
    expect(textOf(html)).not.toContain("Geen lid");
  });

  it("shows a friendly Dutch empty state and no list when nobody is listed", async () => {
    const { html, logs } = await renderBlok(teamBlok);
    expect(await query(html, "ul")).toEqual([]);
    expect(textOf(html)).toBe(
      "Wie is wie De mensen achter je product Vaste gezichten. Ons team stelt zich hier binnenkort aan je voor. Tot die tijd zeggen we graag persoonlijk hallo.",
    );
    expect(logs).toEqual([]);
  });

  it("links to every page with ?pagina=N when there are more members than fit on one page", async () => {
    const { html } = await renderBlok(
      { ...teamBlok, limit: 2 },
      {
        listings: {
          "team-1": {
            stories: [storyOf("team/sanne-de-vries", sanne, { position: 1 }), storyOf("team/thomas-van-dijk", thomas, { position: 2 })],
            total: 5,
            perPage: 2,
            page: 2,
          },
        },
      },
    );
    const nav = await one(html, 'nav[aria-label="Meer teamleden"]');
    expect(nav.text).toBe("← Vorige 1 2 3 Volgende →");
    const links = await query(html, "nav a");
    expect(links.map((a) => a.attrs.href)).toEqual(["?pagina=1", "?pagina=1", "?pagina=2", "?pagina=3", "?pagina=3"]);
    expect(links.filter((a) => a.attrs["aria-current"] === "page").map((a) => a.text)).toEqual(["2"]);
    expect(links[0]?.attrs.rel).toBe("prev");
    expect(links[4]?.attrs.rel).toBe("next");
  });

  it("uses h2 for the members when the block has no title of its own", async () => {
    const { html } = await renderBlok(
      { _uid: "team-2", component: "Team" },
      { listings: { "team-2": { stories: [storyOf("team/sanne-de-vries", sanne, { position: 1 })], total: 1, perPage: 25, page: 1 } } },
    );
    expect((await query(html, "h2")).map((h) => h.text)).toEqual(["Sanne de Vries"]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBeUndefined();
  });
});

describe("TeamMember", () => {
  it("renders one person on a page as a card with an h2", async () => {
    const { html, logs } = await renderBlok(sanne);
    expect(logs).toEqual([]);
    const article = await one(html, "article");
    expect(article.attrs["aria-labelledby"]).toBe("team-member-m-sanne");
    expect((await one(html, "h2")).text).toBe("Sanne de Vries");
    expect((await one(html, "h2")).attrs.id).toBe("team-member-m-sanne");
    expect(textOf(html)).toBe("Sanne de Vries Oprichter & managing director Begon Koraal in 2014. LinkedIn");
    expect((await one(html, "img")).attrs).toMatchObject({ src: "/images/team/sanne-de-vries.svg", width: "320", height: "400" });
  });

  it("renders nothing without a name and leaves out empty parts", async () => {
    expect((await renderBlok({ _uid: "m", component: "TeamMember", role: "Developer" })).html).toBe("");
    const { html } = await renderBlok({
      _uid: "m2",
      component: "TeamMember",
      name: "Eva Smit",
      linkedin: { url: "", cached_url: "", linktype: "url" },
    });
    expect(textOf(html)).toBe("Eva Smit");
    expect(await query(html, "img")).toEqual([]);
    expect(await query(html, "ul")).toEqual([]);
    expect(await query(html, "p")).toEqual([]);
  });

  it("takes its size from a Storyblok asset URL", async () => {
    const { html } = await renderBlok({ ...sanne, photo: { filename: "https://a.storyblok.com/f/1/600x750/abc/sanne.jpg", alt: "Sanne" } });
    expect((await one(html, "img")).attrs).toMatchObject({ width: "600", height: "750" });
  });
});
