import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's violations on the page as it is now, one line each: the rule and the elements it names.
 * Every rule runs; only violations are collected in full (`resultTypes`: axe then keeps one node
 * of each passed, incomplete or inapplicable rule, which nothing here reads).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
