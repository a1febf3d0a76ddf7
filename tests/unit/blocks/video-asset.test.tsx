import { describe, expect, it } from "vitest";
import { renderBlok } from "../../helpers/render";
import { one, query } from "../../helpers/query-html";

describe("VideoAsset", () => {
  it("renders a muted, inline video with controls, metadata preload and a poster, never autoplay", async () => {
    const { html, logs } = await renderBlok({
      _uid: "v1",
      component: "VideoAsset",
      title: "Zo werkt de app",
      video: { filename: "/images/cases/werfkelder-demo.webm", alt: "Demovideo van de looproute" },
      poster: { filename: "/images/cases/werfkelder-poster.svg", alt: "" },
      caption: "De looproute in actie.",
    });
    expect(logs).toEqual([]);
    expect((await one(html, "section")).attrs["aria-labelledby"]).toBe("video-v1");
    expect(await one(html, "h2")).toMatchObject({ text: "Zo werkt de app", attrs: { id: "video-v1" } });
    const video = await one(html, "figure > video");
    expect(Object.keys(video.attrs).sort()).toEqual(["aria-label", "class", "controls", "muted", "playsinline", "poster", "preload"]);
    expect(video.attrs).toMatchObject({
      preload: "metadata",
      poster: "/images/cases/werfkelder-poster.svg",
      "aria-label": "Zo werkt de app",
    });
    expect(html).not.toMatch(/autoplay/i);
    expect((await one(html, "video > source")).attrs).toEqual({ src: "/images/cases/werfkelder-demo.webm", type: "video/webm" });
    expect((await one(html, "video a")).attrs.href).toBe("/images/cases/werfkelder-demo.webm");
    expect((await one(html, "figcaption")).text).toBe("De looproute in actie.");
  });

  it("knows mp4 and leaves the type out for unknown files; no title means no heading", async () => {
    const mp4 = await renderBlok({
      _uid: "v2",
      component: "VideoAsset",
      video: { filename: "https://a.storyblok.com/f/1/x/demo.MP4?v=2", alt: "Demo" },
    });
    expect((await one(mp4.html, "source")).attrs.type).toBe("video/mp4");
    expect((await one(mp4.html, "video")).attrs["aria-label"]).toBe("Demo");
    expect((await one(mp4.html, "video")).attrs.poster).toBeUndefined();
    expect(await query(mp4.html, "h2, figcaption")).toEqual([]);
    const unknown = await renderBlok({ _uid: "v3", component: "VideoAsset", video: { filename: "/media/clip" } });
    expect((await one(unknown.html, "source")).attrs.type).toBeUndefined();
    const proto = await renderBlok({ _uid: "v5", component: "VideoAsset", video: { filename: "/media/clip.constructor" } });
    expect((await one(proto.html, "source")).attrs.type).toBeUndefined();
    expect((await one(unknown.html, "video")).attrs["aria-label"]).toBe("Video");
  });

  it("renders nothing without a video file", async () => {
    for (const video of [undefined, { filename: "" }, { filename: null }]) {
      const { html, logs } = await renderBlok({ _uid: "v4", component: "VideoAsset", title: "Leeg", video });
      expect(html).toBe("");
      expect(logs).toEqual([]);
    }
  });
});
