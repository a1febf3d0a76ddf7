import { Island } from "../islands/island";
import { NewsletterForm } from "../islands/newsletter-form";
import { Memo } from "../memo";
import { partId } from "../part-id";
import { useSite } from "../site-context";
import { useEditable } from "../editable";
import { RichText } from "../richtext/render";
import { NEWSLETTER_OUTCOME, outcomeMessage, outcomeText, successOutcome, type NewsletterMessage } from "../../shared/newsletter";
import { homePath, type Lang } from "../../shared/i18n/lang";
import { shownConsent } from "../../shared/newsletter-consent";
import { EXTERNAL_REL, resolveLink } from "../../shared/links/links";
import { Image } from "../ui/image";
import { Link } from "../ui/link";
import type { NavLink } from "../islands/nav-model";
import { FooterGroups, type FooterGroup } from "./parts/footer-groups";
import type { BlockProps, BlokOf } from "./types";

export type FooterLink = BlokOf<"nav-link">;

export type FooterSubmenu = BlokOf<"footer-submenu">;

export type FooterLinkGroup = BlokOf<"footer-link-group">;

export type ContactDetail = BlokOf<"contact-text-block">;

export type TwFooterBlok = BlokOf<"TwFooter">;

function footerGroups(blok: TwFooterBlok): FooterGroup[] {
  return (blok.links ?? [])
    .flatMap((group) => group.submenus ?? [])
    .map((submenu) => ({
      id: submenu._uid,
      title: submenu.title ?? "",
      links: (submenu.links ?? []).flatMap((item) => {
        const resolved = resolveLink(item.link);
        return resolved && item.linkText ? [{ id: item._uid, label: item.linkText, href: resolved.href, external: resolved.external }] : [];
      }),
    }));
}

/** The newsletter heading's id, beside the section's (the no-JS post's anchor), in the page's language. */
const NEWSLETTER_TITLE_ID: Record<Lang, string> = { nl: "nieuwsbrief-titel", en: "newsletter-title" };
/** The consent text's id: the address field is described by it, with and without JavaScript. */
const NEWSLETTER_CONSENT_ID: Record<Lang, string> = { nl: "nieuwsbrief-toestemming", en: "newsletter-consent" };

const SOCIAL_ICONS: Array<[RegExp, string]> = [
  [
    /linkedin/i,
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.7h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z",
  ],
  [
    /instagram/i,
    "M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2zM17.1 5.8a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 3.6c2.7 0 3 0 4.1.1 2.7.1 4 1.4 4.1 4.1.1 1.1.1 1.4.1 4.1s0 3-.1 4.1c-.1 2.7-1.4 4-4.1 4.1-1.1.1-1.4.1-4.1.1s-3 0-4.1-.1c-2.7-.1-4-1.4-4.1-4.1C3.7 15 3.6 14.7 3.6 12s0-3 .1-4.1C3.8 5.2 5.1 3.9 7.8 3.8 8.9 3.7 9.3 3.6 12 3.6z",
  ],
  [
    /tiktok/i,
    "M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 1 1-2.6-2.6c.3 0 .5 0 .8.1V9.7a5.8 5.8 0 1 0 4.9 5.7V9.1a7.4 7.4 0 0 0 4.3 1.4V7.4a4.3 4.3 0 0 1-3.2-1.6z",
  ],
];

/**
 * The site footer: who we are, where to go, the newsletter, socials and how to reach us. It belongs
 * to the theme story: editor attributes only when the theme itself is previewed, as a page's
 * preview marks only the bloks of that page's story. Where the sign-up form is the same for every
 * visitor of the page (no sign-up outcome to show, and a memoised body, or an error screen, whose
 * form returns to the language's home), the whole footer is one part of the memo: only the
 * `<footer>` element itself is rendered per request. An error screen's footer is then its
 * language's home page's, whatever path was asked: the memo holds no part per unknown path.
 */
export function TwFooter({ blok }: BlockProps<TwFooterBlok>) {
  const editable = useEditable(blok);
  const { year, path, notAPage, search, lang, t, bodyPart, newsletterConsent } = useSite();
  const outcome = outcomeMessage(search, lang, t.newsletter);
  const returnPath = notAPage ? homePath(lang) : path;
  const newsletterFor = (bodyPart !== undefined || notAPage) && !outcome ? returnPath : undefined;
  return (
    <Memo
      as="footer"
      part={newsletterFor === undefined ? undefined : partId.footerOf(blok._uid, year, newsletterFor)}
      nests
      {...editable}
      className="mt-auto bg-ink text-white"
    >
      <div className="site-container grid gap-12 py-16 lg:grid-cols-[1fr_2fr]">
        <FooterIntro blok={blok} />
        <div className="flex flex-col gap-12">
          <FooterGroups groups={() => footerGroups(blok)} part={partId.footer("groups", blok._uid)} />
          <FooterNewsletter
            consent={(newsletterConsent ?? shownConsent(blok.newsletterConsent, lang)).doc as TwFooterBlok["newsletterConsent"]}
            outcome={outcome}
            returnPath={returnPath}
            sameFor={newsletterFor}
          />
        </div>
        <FooterContact blok={blok} />
      </div>
      <div className="border-t border-white/15">
        <FooterBottom blok={blok} year={year} />
      </div>
    </Memo>
  );
}

/** Logo, title, description and the company's socials. */
function FooterIntro({ blok }: { blok: TwFooterBlok }) {
  const { socials, t } = useSite();
  return (
    <Memo part={partId.footer("intro", blok._uid)} className="flex flex-col gap-4">
      {blok.logo?.filename ? (
        <img
          src={blok.logo.filename}
          alt={blok.logo.alt || "Koraal"}
          width={132}
          height={32}
          loading="lazy"
          decoding="async"
          className="h-8 w-auto self-start"
        />
      ) : null}
      {blok.title ? <p className="m-0 font-display text-2xl font-bold">{blok.title}</p> : null}
      {blok.description ? <p className="m-0 max-w-md text-white/80">{blok.description}</p> : null}
      {socials.length ? <SocialLinks socials={socials} label={t.footer.socials} /> : null}
    </Memo>
  );
}

/** Round icon links; a network without an icon shows the first two letters of its name. */
function SocialLinks({ socials, label }: { socials: NavLink[]; label: string }) {
  return (
    <ul className="m-0 mt-2 flex list-none gap-3 p-0" aria-label={label}>
      {socials.map((social) => {
        const icon = SOCIAL_ICONS.find(([pattern]) => pattern.test(social.href + social.label))?.[1];
        return (
          <li key={social.id}>
            <a
              href={social.href}
              aria-label={social.label}
              className="kbd-focus flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-koraal hover:text-ink"
              {...(social.external ? { target: "_blank", rel: EXTERNAL_REL } : {})}
            >
              {icon ? (
                <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
                  <path d={icon} />
                </svg>
              ) : (
                social.label.slice(0, 2)
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The sign-up form (an island), with the outcome of a no-JS post when the address carries one;
 * `sameFor` (the path it returns to) when the form is the same for every visitor of the page.
 * The consent text (the editors', or the built-in one where theirs is missing: the one a signup
 * records) is rendered here, outside the island, so it is the same HTML with and without
 * JavaScript; the field points at it with aria-describedby.
 */
function FooterNewsletter({
  consent,
  outcome,
  returnPath,
  sameFor,
}: {
  consent: TwFooterBlok["newsletterConsent"];
  outcome: NewsletterMessage | undefined;
  returnPath: string;
  sameFor: string | undefined;
}) {
  const { lang, t, doubleOptIn } = useSite();
  const { emailLabel, placeholder, submit, busy, honeypot, invalidEmail } = t.newsletter;
  // the form does not read the API's answer to a success (spec): it is told here what to say
  const subscribed = outcomeText(successOutcome(doubleOptIn === true), t.newsletter);
  return (
    <section id={NEWSLETTER_OUTCOME[lang].anchor} aria-labelledby={NEWSLETTER_TITLE_ID[lang]} className="max-w-xl scroll-mt-24">
      <h2 id={NEWSLETTER_TITLE_ID[lang]} className="m-0 font-display text-xl font-bold">
        {t.newsletter.title}
      </h2>
      <p className="m-0 mb-4 mt-1 text-white/80">{t.newsletter.intro}</p>
      <Island
        name="NewsletterForm"
        component={NewsletterForm}
        // the same for every visitor of a page (its own path) who has no sign-up outcome to see
        sameFor={sameFor}
        props={{
          returnPath,
          lang,
          consentId: NEWSLETTER_CONSENT_ID[lang],
          texts: { emailLabel, placeholder, submit, busy, honeypot, subscribed, invalidEmail },
          initialMessage: outcome,
        }}
      />
      <div id={NEWSLETTER_CONSENT_ID[lang]} className="mt-3 text-sm text-white/75">
        <RichText doc={consent} />
      </div>
    </section>
  );
}

/** The address (rich text) and a picture of the office. */
function FooterContact({ blok }: { blok: TwFooterBlok }) {
  return (
    <Memo part={partId.footer("contact", blok._uid)} className="grid gap-8 md:grid-cols-2 lg:col-span-2">
      <address className="not-italic text-white/85">
        {(blok.contactDetails ?? []).map((detail) => (
          <RichText key={detail._uid} doc={detail.body} className="flex flex-col gap-3" />
        ))}
      </address>
      {blok.officeImage?.filename ? (
        <Image
          src={blok.officeImage.filename}
          alt={blok.officeImage.alt}
          sizes={{ xs: 320, md: 560 }}
          width={1120}
          height={560}
          className="h-auto w-full rounded-2xl"
        />
      ) : null}
    </Memo>
  );
}

/** Copyright line and the legal links. */
function FooterBottom({ blok, year }: { blok: TwFooterBlok; year: number }) {
  return (
    <Memo part={partId.footerBottom(blok._uid, year)} className="site-container flex flex-wrap gap-x-6 gap-y-2 py-6 text-sm text-white/70">
      <span>© {year} Koraal B.V.</span>
      {(blok.bottomSection ?? []).map((item) => (
        <Link key={item._uid} link={item.link} className="text-white/70 no-underline hover:text-white kbd-focus">
          {item.linkText}
        </Link>
      ))}
    </Memo>
  );
}
