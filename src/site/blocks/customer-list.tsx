import { useCustomers } from "../site-context";
import { Section, SectionHeading } from "../ui/section";
import { useEditable } from "../editable";
import { CustomerLogoTile } from "./customer";
import type { BlockProps, BlokOf } from "./types";
import { useT } from "../site-context";

export type CustomerListBlok = BlokOf<"CustomerList">;

/** The customers of the theme story (the customers store) as a grid of logos. */
export function CustomerList({ blok }: BlockProps<CustomerListBlok>) {
  const editable = useEditable(blok);
  const { t } = useT();
  const customers = useCustomers().filter((customer) => customer.name || customer.logo?.filename);
  if (!customers.length && !blok.title) return null;
  const headingId = `customer-list-${blok._uid}`;
  return (
    <Section {...editable} labelledBy={blok.title ? headingId : undefined}>
      <SectionHeading id={headingId} eyebrow={blok.eyebrow} title={blok.title} intro={blok.intro} />
      {customers.length ? (
        <ul className="m-0 grid list-none grid-cols-2 gap-4 p-0 md:grid-cols-3 lg:gap-6">
          {customers.map((customer, index) => (
            <li key={customer._uid || index}>
              <CustomerLogoTile customer={customer} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="m-0 text-lg text-ink-soft">{t.customers.empty}</p>
      )}
    </Section>
  );
}
