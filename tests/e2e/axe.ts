/**
 * axe as every browser test runs it: the default rule set, nothing disabled, plus
 * `label-content-name-mismatch` (WCAG 2.5.3, label in name), which axe ships but marks
 * experimental and leaves off by default.
 *
 * Only violations fail a test, so only they carry every node (`resultTypes`); passes and the
 * rest list each rule with one node, which spares axe building selectors for thousands of
 * nodes a test never reads. Our pages have no frames, so axe runs in the page itself
 * (`axe.run`, AxeBuilder's legacy mode), not split over frames and finished in a second tab.
 * `runAxe` injects axe once per document and runs it as often as a test asks (light, then
 * dark): on a busy 2-core machine a run on an injected page took 4-10 s, AxeBuilder's
 * inject-split-finish 12-22 s.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import axeCore from "axe-core";

export const EXTRA_RULES = ["label-content-name-mismatch"] as const;

const OPTIONS: RunOptions = {
  rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
  resultTypes: ["violations"],
};

/** AxeBuilder with the options every test uses, for a test that scopes the run. */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options(OPTIONS);
}

/** axe over the whole page as it is now; injected on the first run in a document. */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeCore.source);
  return page.evaluate(
    (options) =>
      (
        window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }
      ).axe.run(document, options),
    OPTIONS,
  );
}

/** Violations as one line each: rule, help and the elements, for a readable diff. */
export function violationLines(results: AxeResults): string[] {
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}
