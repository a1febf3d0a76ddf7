// The footer's island, loaded as its own chunk when the footer comes near (or on first interaction).
export { NewsletterForm } from "./newsletter-form";
