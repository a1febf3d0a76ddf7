/**
 * What the newsletter API says to visitors, in Dutch. The form shows `message` as is, so every
 * answer is a sentence a visitor understands. The two messages of the form itself (invalid
 * address, subscribed) live in the shared rule module, which the browser imports too.
 */
export { INVALID_EMAIL_MESSAGE, SUBSCRIBED_MESSAGE } from "./email";

export const BAD_REQUEST_MESSAGE = "Ongeldig verzoek: stuur een JSON-object met je e-mailadres.";
export const METHOD_NOT_ALLOWED_MESSAGE = "Deze methode is hier niet toegestaan.";
export const TOO_LARGE_MESSAGE = "Het verzoek is te groot.";
export const UNSUPPORTED_TYPE_MESSAGE = "Stuur je aanmelding als JSON (Content-Type: application/json).";
export const UNSUPPORTED_FORM_TYPE_MESSAGE = "Stuur het formulier als application/x-www-form-urlencoded of multipart/form-data.";
export const CROSS_SITE_MESSAGE = "Aanmelden kan alleen via deze website.";
export const UNAVAILABLE_MESSAGE = "Inschrijven lukte niet. Probeer het later opnieuw.";

export function tooManyMessage(retryAfterSeconds: number): string {
  return retryAfterSeconds === 1
    ? "Te veel aanmeldingen achter elkaar. Probeer het over 1 seconde opnieuw."
    : `Te veel aanmeldingen achter elkaar. Probeer het over ${retryAfterSeconds} seconden opnieuw.`;
}
