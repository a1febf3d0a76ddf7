import { FigureSection } from "../ui/figure-section";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type VideoAssetBlok = BlokOf<"VideoAsset">;

const VIDEO_TYPES: Readonly<Record<string, string>> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  ogv: "video/ogg",
  mov: "video/quicktime",
};

/**
 * A video the visitor starts: controls, muted, inline on phones, only its metadata loaded up
 * front, and a poster until it plays. Never autoplay.
 */
export function VideoAsset({ blok }: BlockProps<VideoAssetBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  const src = blok.video?.filename;
  if (!src) return null;
  const label = blok.title || blok.video?.alt || blok.caption || t.video.fallbackLabel;
  return (
    <FigureSection {...editable} id={`video-${blok._uid}`} title={blok.title} caption={blok.caption}>
      <video
        controls
        muted
        playsInline
        preload="metadata"
        poster={blok.poster?.filename || undefined}
        aria-label={label}
        className="block aspect-video h-auto w-full rounded-3xl bg-ink object-cover"
      >
        <source src={src} type={videoType(src)} />
        <p>
          {t.video.unsupported}{" "}
          <a href={src} className="text-link">
            {t.video.download}
          </a>
          .
        </p>
      </video>
    </FigureSection>
  );
}

function videoType(src: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase();
  return extension && Object.hasOwn(VIDEO_TYPES, extension) ? VIDEO_TYPES[extension] : undefined;
}
