import { describe, expect, it } from "vitest";
import { EMAIL_HTML_PATTERN, EMAIL_PATTERN, isValidEmail, normaliseEmail } from "../../src/shared/email";

const label = (n: number) => "a".repeat(n);

describe("the email rule (src/shared/email.ts): what HubSpot would refuse is refused", () => {
  it.each([
    ["jan@koraal.nl", "an ordinary address"],
    ["Jan.de-Vries+nieuws@Koraal.NL", "upper case, dots, plus and dash"],
    ["jan@mail.koraal.co.uk", "subdomains"],
    ["j@bücher.de", "an international domain (xn--bcher-kva.de)"],
    ["x@пример.рф", "an international top-level domain (xn--p1ai)"],
    ["x@example.xn--p1ai", "a top-level domain in its xn-- form"],
    ["x@a.भारत", "a top-level domain with combining marks"],
    ["a@ｅｘａｍｐｌｅ.ｃｏｍ", "full-width letters (example.com)"],
    [`${label(64)}@koraal.nl`, "a local part of 64 characters"],
    [`a@${label(63)}.nl`, "a label of 63 characters"],
    [`${label(64)}@${label(63)}.${label(63)}.${label(58)}.nl`, "254 characters in all"],
  ])("accepts %s (%s)", (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ["jan@localhost", "no dot in the domain"],
    ["jan@koraal", "no dot in the domain"],
    ["a@b.c0m", "a digit in the top-level domain"],
    ["a@b.c", "a one-letter top-level domain"],
    ["a@10.0.0.1", "an IPv4 address"],
    ["a@b.123", "a numeric top-level domain"],
    ["a@b.nl-", "a dash ending the top-level domain"],
    ["a@b.nl.", "a trailing dot"],
    ["a@b..nl", "an empty label"],
    ["a@-b.nl", "a label starting with a dash"],
    ["a@b_c.nl", "an underscore in the domain"],
    ["a b@koraal.nl", "a space"],
    ["@koraal.nl", "no local part"],
    ["jan@", "no domain"],
    ["jan.koraal.nl", "no @"],
    [`${label(65)}@koraal.nl`, "a local part of 65 characters"],
    [`a@${label(64)}.nl`, "a label of 64 characters"],
    [`${label(64)}@${label(63)}.${label(63)}.${label(59)}.nl`, "255 characters in all"],
    [`a@${"ü".repeat(60)}.nl`, "a label of 60 letters that is longer than 63 in its xn-- form"],
  ])("refuses %s (%s)", (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it("is one rule for the browser's pattern attribute and the script: the pattern alone already refuses a domain without a top-level domain", () => {
    // a browser compiles the `pattern` attribute anchored, with the v flag: EMAIL_PATTERN is exactly that
    expect(EMAIL_PATTERN.source).toBe(`^(?:${EMAIL_HTML_PATTERN})$`);
    expect(EMAIL_PATTERN.flags).toBe("v");
    for (const address of ["jan@localhost", "a@b.c0m", "a@b.c", "a@10.0.0.1"]) expect(EMAIL_PATTERN.test(address)).toBe(false);
  });

  it("keeps every accepted address valid once normalised (what the outbox checks again before delivery)", () => {
    for (const address of ["Jan@Koraal.NL", "j@Bücher.de", "x@пример.рф"]) expect(isValidEmail(normaliseEmail(address))).toBe(true);
    expect(normaliseEmail("x@пример.рф")).toBe("x@xn--e1afmkfd.xn--p1ai");
  });
});
