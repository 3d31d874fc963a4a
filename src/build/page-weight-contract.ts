/**
 * The page-weight contract as an Astro integration: when the build is done it prints every
 * page's first visit (`page-weight.ts`) and fails the build on a calculator page past the
 * JavaScript limit or the first-visit limit, or a prose page that loads any of our
 * JavaScript. The pages not yet within the first-visit limit are named with their ceilings
 * (`OVER_LIMIT_CEILINGS_KB`): the build fails past a ceiling and prints them until they meet
 * the limit.
 */
import type { AstroIntegration } from "astro";
import { fileURLToPath } from "node:url";
import {
  contractBreaches,
  FIRST_VISIT_LIMIT_BYTES,
  JAVASCRIPT_LIMIT_BYTES,
  OVER_LIMIT_CEILINGS_KB,
  pageWeight,
} from "./page-weight.ts";

const kB = (n: number): string => (n / 1024).toFixed(1).padStart(6);

export function pageWeightContract(): AstroIntegration {
  return {
    name: "page-weight-contract",
    hooks: {
      "astro:build:done": ({ dir, pages, logger }) => {
        const dist = fileURLToPath(dir);
        const weights = pages.map((p) => pageWeight(dist, `/${p.pathname}`));
        logger.info(
          `first visit, gzipped kB (limits: ${kB(FIRST_VISIT_LIMIT_BYTES)} in all, ${kB(JAVASCRIPT_LIMIT_BYTES)} of JavaScript on a calculator page; none on a prose page)`,
        );
        logger.info("   total    html     css      js    data  page");
        for (const w of weights
          .filter((x) => x.interactive)
          .sort((a, b) => b.totalBytes - a.totalBytes)) {
          logger.info(
            `${kB(w.totalBytes)}  ${kB(w.htmlBytes)}  ${kB(w.cssBytes)}  ${kB(w.jsBytes)}  ${kB(w.dataBytes)}  ${w.page}`,
          );
        }
        const prose = weights.filter((x) => !x.interactive);
        logger.info(
          `${prose.length} prose pages; the heaviest ${kB(Math.max(...prose.map((w) => w.totalBytes)))} kB`,
        );
        const breaches = weights.map((w) => contractBreaches(w));
        const pending = breaches.flatMap((b) => b.pending);
        if (pending.length > 0)
          logger.warn(`over the first-visit limit, within their ceilings:\n${pending.join("\n")}`);
        // A ceiling whose page now meets the limit (or was renamed) may be lowered or removed.
        const stale = Object.keys(OVER_LIMIT_CEILINGS_KB).filter(
          (page) => !weights.some((w) => w.page === page && w.totalBytes > FIRST_VISIT_LIMIT_BYTES),
        );
        if (stale.length > 0)
          logger.info(`within the limit now; lower or remove their ceilings: ${stale.join(", ")}`);
        const enforced = breaches.flatMap((b) => b.enforced);
        if (enforced.length > 0)
          throw new Error(`page-weight contract broken:\n${enforced.join("\n")}`);
      },
    },
  };
}
