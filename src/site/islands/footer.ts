// The footer's islands, loaded together as one chunk when the footer comes near.
export { FooterGroups } from "./footer-groups";
export { NewsletterForm } from "./newsletter-form";
