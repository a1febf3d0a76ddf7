import { resolveLink } from "../../shared/links/links";
import { Link } from "../ui/link";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { useSite } from "../site-context";
import type { BlockProps, BlokOf } from "./types";

export type ServicesBlok = BlokOf<"Services">;

/** What we do, at a glance: a heading and a grid of service cards. */
export function Services({ blok }: BlockProps<ServicesBlok>) {
  const editable = useEditable(blok);
  const { Block } = useSite();
  const services = (blok.services ?? []).filter((item) => item?.component);
  if (!services.length && !blok.title) return null;
  const headingId = `services-${blok._uid}`;
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
      <div className="mb-10 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} className="max-w-3xl gap-3" />
        {blok.linkText && resolveLink(blok.link) ? (
          <Link link={blok.link} className="btn-secondary shrink-0 self-start md:ml-auto md:self-auto">
            {blok.linkText}
            <span aria-hidden="true">→</span>
          </Link>
        ) : null}
      </div>
      {services.length ? (
        <ul className="m-0 grid list-none gap-6 p-0 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service._uid} className="flex">
              <Block blok={service} />
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
