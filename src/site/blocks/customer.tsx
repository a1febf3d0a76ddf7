import { resolveLink } from "../../shared/links/links";
import { Image } from "../ui/image";
import { assetDimensions } from "../ui/image-url";
import { Link } from "../ui/link";
import { useEditable } from "../editable";
import type { BlockProps, BlokOf, LinkField } from "./types";
import { useT } from "../site-context";

export type CustomerBlok = BlokOf<"Customer">;

/** Customer logos are drawn 240 x 96; a Storyblok asset carries its own size. */
const LOGO_SIZE = { width: 240, height: 96 };

function logoSize(filename: string) {
  return assetDimensions(filename) ?? LOGO_SIZE;
}

/** One customer, featured: logo, name, what we do for them and a link to them. */
export function Customer({ blok }: BlockProps<CustomerBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  if (!blok.name && !blok.logo?.filename) return null;
  const headingId = `customer-${blok._uid}`;
  const target = resolveLink(blok.link);
  return (
    <div {...editable} className="site-container py-3 first:pt-12 last:pb-16 md:last:pb-24">
      <article
        aria-labelledby={blok.name ? headingId : undefined}
        className="grid items-center gap-6 rounded-3xl bg-white p-6 ring-1 ring-sand-dark sm:grid-cols-[12rem_1fr] md:p-8"
      >
        <div className="flex h-28 items-center justify-center rounded-2xl bg-sand px-6">
          {blok.logo?.filename ? (
            <Image
              src={blok.logo.filename}
              alt={blok.logo.alt || blok.name}
              sizes={{ xs: 160 }}
              {...logoSize(blok.logo.filename)}
              className="h-auto max-h-16 w-full max-w-40 object-contain"
            />
          ) : (
            <span aria-hidden="true" className="font-display text-lg font-bold text-ink-soft">
              {blok.name}
            </span>
          )}
        </div>
        <div className="flex flex-col items-start gap-2">
          {blok.name ? (
            <h2 id={headingId} className="m-0 font-display text-2xl font-bold leading-snug">
              {blok.name}
            </h2>
          ) : null}
          {blok.description ? <p className="m-0 max-w-2xl text-ink-soft">{blok.description}</p> : null}
          {target ? (
            <Link link={blok.link} className="text-link mt-1 font-semibold">
              {target.external ? t.customers.website(blok.name) : t.customers.more(blok.name)}
              <span aria-hidden="true"> {target.external ? "↗" : "→"}</span>
            </Link>
          ) : null}
        </div>
      </article>
    </div>
  );
}

/** A customer's logo in a grid tile (CustomerList); links to the customer when it has a link. */
export function CustomerLogoTile({ customer }: { customer: CustomerBlok }) {
  const name = customer.name ?? "";
  const filename = customer.logo?.filename;
  const logo = filename ? (
    <Image
      src={filename}
      alt={customer.logo?.alt || name}
      sizes={{ xs: 140, md: 180 }}
      {...logoSize(filename)}
      className="h-auto max-h-20 w-full max-w-52 object-contain"
    />
  ) : (
    <span className="text-center font-display text-lg font-bold text-ink-soft">{name}</span>
  );
  const tile = "flex h-28 items-center justify-center rounded-2xl bg-white px-4 ring-1 ring-sand-dark md:h-36 md:px-8";
  const link = resolveLink(customer.link as LinkField | undefined);
  if (!link) return <div className={tile}>{logo}</div>;
  return (
    <Link link={link.href} className={`${tile} transition-shadow hover:shadow-md hover:ring-koraal-300 kbd-focus`}>
      {logo}
    </Link>
  );
}
