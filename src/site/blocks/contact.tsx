import { resolveLink } from "../../shared/links/links";
import { Image } from "../ui/image";
import { assetDimensions } from "../ui/image-url";
import { Link } from "../ui/link";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { TeamMemberCard, useTeamMemberRelation } from "./team-member";
import type { AssetField, BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";
import { keyed } from "../ui/keys";

export type ContactBlok = BlokOf<"Contact">;

/** `030 234 56 78` -> `tel:+31302345678`: a Dutch number as an international tel: link. */
export function telHref(phone: string): string | null {
  // "+31 (0)30 …": the bracketed trunk zero is not dialled from abroad
  const trimmed = phone.trim().replace(/\(0\)/g, "");
  const digits = trimmed.replace(/\D/g, "");
  if (!digits) return null;
  if (trimmed.startsWith("+")) return `tel:+${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `tel:+31${digits.slice(1)}`;
  return `tel:${digits}`;
}

function lines(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const heading = "m-0 mb-2 text-sm font-semibold uppercase tracking-widest text-koraal-700";
const card = "rounded-3xl bg-white p-6 ring-1 ring-sand-dark";

/** How to reach us: address, phone, email, opening hours, a map and who to ask for. */
export function Contact({ blok }: BlockProps<ContactBlok>) {
  const editable = useEditable(blok);
  const person = useTeamMemberRelation(blok.contactPerson);
  const address = lines(blok.address);
  const hours = lines(blok.openingHours).map((line) => {
    const split = line.indexOf(": ");
    return split > 0 ? { days: line.slice(0, split), time: line.slice(split + 2) } : { days: line, time: "" };
  });
  const phone = blok.phone?.trim() ? { label: blok.phone.trim(), href: telHref(blok.phone) } : null;
  const email = blok.email?.trim() || null;
  const headingId = `contact-${blok._uid}`;
  const map = blok.map?.filename ? blok.map : null;
  const { t } = useT();

  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="flex flex-col gap-5">
          {address.length || phone || email ? (
            <div className="grid gap-5 sm:grid-cols-2">
              {address.length ? (
                <div className={card}>
                  <h3 className={heading}>{t.contact.address}</h3>
                  <address className="m-0 text-lg not-italic">
                    {keyed(address).map(([key, line]) => (
                      <span key={key} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                </div>
              ) : null}
              {phone || email ? <ReachCard phone={phone} email={email} /> : null}
            </div>
          ) : null}
          {hours.length ? <OpeningHours hours={hours} /> : null}
          {person ? (
            <div className="flex flex-col gap-3">
              <h3 className={heading}>{t.contact.person}</h3>
              <TeamMemberCard member={person} headingLevel={3} layout="inline" />
            </div>
          ) : null}
        </div>
        {map ? <ContactMap map={map} mapLink={blok.mapLink} /> : null}
      </div>
    </Section>
  );
}

/** How to reach us: phone and email. */
function ReachCard({ phone, email }: { phone: { label: string; href: string | null } | null; email: string | null }) {
  const { t } = useT();
  return (
    <div className={card}>
      <h3 className={heading}>{t.contact.reach}</h3>
      <address className="not-italic">
        <ul className="m-0 flex list-none flex-col gap-1 p-0 text-lg">
          {phone ? (
            <li>
              {phone.href ? (
                <Link link={phone.href} className="text-link">
                  {phone.label}
                </Link>
              ) : (
                phone.label
              )}
            </li>
          ) : null}
          {email ? (
            <li>
              <Link link={`mailto:${email}`} className="text-link break-all">
                {email}
              </Link>
            </li>
          ) : null}
        </ul>
      </address>
    </div>
  );
}

/** Opening hours as days and times. */
function OpeningHours({ hours }: { hours: Array<{ days: string; time: string }> }) {
  const { t } = useT();
  return (
    <div className={card}>
      <h3 className={heading}>{t.contact.hours}</h3>
      <dl className="m-0 grid gap-2">
        {keyed(hours, ({ days, time }) => `${days} ${time}`).map(([key, { days, time }]) => (
          <div key={key} className="flex flex-wrap justify-between gap-x-6 border-b border-sand-dark pb-2 last:border-b-0 last:pb-0">
            <dt className="font-semibold">{days}</dt>
            {time ? <dd className="m-0 text-ink-soft">{time}</dd> : null}
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The map, with a route link under it. */
function ContactMap({ map, mapLink }: { map: AssetField; mapLink: ContactBlok["mapLink"] }) {
  const { t } = useT();
  return (
    <figure className="m-0 flex flex-col gap-3">
      <Image
        src={map.filename}
        alt={map.alt}
        sizes={{ xs: 335, sm: 576, md: 704, lg: 560, xl: 600 }}
        {...(assetDimensions(map.filename ?? "") ?? { width: 720, height: 560 })}
        className="h-auto w-full rounded-3xl bg-sand"
      />
      {mapLink ? (
        <figcaption>
          <Link link={mapLink} className="text-link font-semibold">
            {t.contact.route}
            {resolveLink(mapLink)?.external ? (
              <>
                <span aria-hidden="true"> ↗</span>
                <span className="sr-only">{` ${t.common.newTab}`}</span>
              </>
            ) : null}
          </Link>
        </figcaption>
      ) : null}
    </figure>
  );
}
