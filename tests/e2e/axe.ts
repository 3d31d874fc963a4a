/**
 * axe as every browser test runs it: the default rule set, nothing disabled, plus
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name), which axe ships but marks
 * experimental and leaves off by default.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const EXTRA_RULES = ["label-content-name-mismatch"] as const;

export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({
    rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
  });
}

/** Violations as one line each: rule, help and the elements, for a readable diff. */
export async function axeViolations(builder: AxeBuilder): Promise<string[]> {
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}
