import { Image } from "../ui/image";
import { Link } from "../ui/link";
import { resolveLink } from "../../shared/links/links";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type ServiceCardBlok = BlokOf<"ServiceCard">;

/**
 * One service: icon, title, short text and a link to its page. The whole card is clickable
 * through the link's stretched ::before, while the accessible name stays the link text.
 */
export function ServiceCard({ blok }: BlockProps<ServiceCardBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  if (!blok.title && !blok.text) return null;
  const hasLink = resolveLink(blok.link) !== null;
  return (
    <article
      {...editable}
      className="group relative flex w-full flex-col gap-4 rounded-3xl bg-sand p-7 text-ink transition-shadow hover:shadow-[0_12px_40px_-16px_rgba(22,22,42,0.35)] md:p-8"
    >
      {blok.icon?.filename ? (
        <Image src={blok.icon.filename} alt={blok.icon.alt} sizes={{ xs: 64 }} width={64} height={64} className="h-16 w-16" />
      ) : null}
      {blok.title ? <h3 className="m-0 font-display text-2xl font-bold leading-snug tracking-tight">{blok.title}</h3> : null}
      {blok.text ? <p className="m-0 text-ink-muted">{blok.text}</p> : null}
      {hasLink ? (
        <Link
          link={blok.link}
          className="mt-auto inline-flex items-center gap-2 pt-2 font-semibold text-koraal-700 no-underline before:absolute before:inset-0 before:rounded-3xl before:content-[''] hover:text-ink kbd-focus"
        >
          {blok.linkText || t.services.more(blok.title)}
          <span aria-hidden="true" className="transition-transform group-hover:translate-x-1">
            →
          </span>
        </Link>
      ) : null}
    </article>
  );
}
