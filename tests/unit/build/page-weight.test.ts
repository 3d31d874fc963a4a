/**
 * The page-weight contract's verdicts on hand-made page weights: the limits are the
 * developers' guide's (60 kB first visit, 40 kB of JavaScript on a calculator page, none of
 * ours on a prose page), and a page still over the first-visit limit may only stay within
 * its own ceiling.
 */
import { describe, expect, it } from "vitest";
import type { PageWeight } from "../../../src/build/page-weight.ts";
import { contractBreaches, OVER_LIMIT_CEILINGS_KB } from "../../../src/build/page-weight.ts";

const kB = 1024;
function page(p: string, totalKB: number, jsKB: number, interactive = true): PageWeight {
  return {
    page: p,
    htmlBytes: (totalKB - jsKB) * kB,
    cssBytes: 0,
    jsBytes: jsKB * kB,
    dataBytes: 0,
    totalBytes: totalKB * kB,
    interactive,
  };
}
const CEILINGS = { "/heavy/": 70 };

describe("contractBreaches", () => {
  it("passes a calculator page at exactly 60 kB with 40 kB of JavaScript", () => {
    expect(contractBreaches(page("/a/", 60, 40), CEILINGS)).toEqual({ enforced: [], pending: [] });
  });

  it("fails a calculator page over 60 kB that has no ceiling, by its weight", () => {
    const r = contractBreaches(page("/a/", 60.5, 30), CEILINGS);
    expect(r.enforced).toEqual(["/a/: first visit 60.5 kB > 60.0 kB"]);
    expect(r.pending).toEqual([]);
  });

  it("fails JavaScript over 40 kB even when the whole visit is light", () => {
    expect(contractBreaches(page("/a/", 50, 41), CEILINGS).enforced).toEqual([
      "/a/: JavaScript 41.0 kB > 40.0 kB",
    ]);
  });

  it("prints a page over the limit but within its ceiling, and fails it past the ceiling", () => {
    expect(contractBreaches(page("/heavy/", 69.9, 35), CEILINGS)).toEqual({
      enforced: [],
      pending: ["/heavy/: first visit 69.9 kB > 60.0 kB (its ceiling: 70 kB)"],
    });
    expect(contractBreaches(page("/heavy/", 70.1, 35), CEILINGS)).toEqual({
      enforced: ["/heavy/: first visit 70.1 kB > 60.0 kB, and past its ceiling of 70 kB"],
      pending: [],
    });
  });

  it("says nothing of a page with a ceiling once it meets the limit", () => {
    expect(contractBreaches(page("/heavy/", 59, 35), CEILINGS)).toEqual({
      enforced: [],
      pending: [],
    });
  });

  it("fails a prose page that loads any of our JavaScript, whatever its size", () => {
    expect(contractBreaches(page("/p/", 20, 0.5, false), CEILINGS).enforced).toEqual([
      "/p/: a prose page loads 0.5 kB of JavaScript files",
    ]);
    expect(contractBreaches(page("/p/", 90, 0, false), CEILINGS)).toEqual({
      enforced: [],
      pending: [],
    });
  });

  it("keeps every ceiling above the limit: a ceiling at or under 60 kB is no exception", () => {
    for (const [p, ceiling] of Object.entries(OVER_LIMIT_CEILINGS_KB))
      expect(ceiling, p).toBeGreaterThan(60);
  });
});
