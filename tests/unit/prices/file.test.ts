/**
 * The price file (`content/prices.json`): it parses with the schema, names only catalog GPUs,
 * and holds no undated row.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pinnedSiteDay, siteDay } from "../../../src/catalog/site-date.ts";
import { loadCatalog } from "../../../src/catalog/load.ts";
import { loadPrices, loadReferencePrices } from "../../../src/prices/load.ts";

describe("price file", () => {
  const prices = loadPrices();

  it("parses with the schema", () => {
    expect(prices.length).toBeGreaterThan(40);
  });

  it("names only GPUs in the catalog", () => {
    const ids = new Set(loadCatalog().map((g) => g.id));
    expect(prices.map((p) => p.gpuId).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("has a printed date on every row", () => {
    for (const p of prices) expect(p.date, p.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("holds no row newer than the day `npm test` checks the site as of (bump SITE_TODAY with the data)", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: { test: string };
    };
    const script = pkg.scripts.test;
    const day = /SITE_TODAY=(\d{4}-\d{2}-\d{2})/.exec(script)?.[1];
    expect(day, "npm test pins SITE_TODAY").toBeDefined();
    for (const p of prices) expect(p.date <= day!, `${p.id} (${p.date})`).toBe(true);
  });

  it("reads a pinned day and refuses a malformed one", () => {
    expect(pinnedSiteDay({ SITE_TODAY: "2026-12-06" })).toBe("2026-12-06");
    expect(pinnedSiteDay({})).toBeUndefined();
    expect(() => pinnedSiteDay({ SITE_TODAY: "6 Dec 2026" })).toThrow(/YYYY-MM-DD/);
    expect(siteDay({ SITE_TODAY: "2026-12-06" })).toBe("2026-12-06");
  });

  it("keeps a known row as listed", () => {
    const p5 = prices.find((p) => p.id === "aws-p5-48xlarge-us-east-1");
    expect(p5).toMatchObject({
      gpuId: "h100-sxm",
      gpusPerInstance: 8,
      price: 55.04,
      pricePerGpuHour: 6.88,
      currency: "USD",
      billingUnit: "instance-hour",
      date: "2026-11-09",
    });
  });

  it("lists RunPod Community Cloud as community capacity", () => {
    const community = prices.filter((p) => p.product.includes("Community Cloud"));
    expect(community.length).toBeGreaterThan(0);
    for (const p of community) expect(p.kind, p.id).toBe("community");
  });

  it("makes reference prices of on-demand rows only", () => {
    const onDemand = prices.filter((p) => p.kind === "on-demand");
    const refs = loadReferencePrices();
    expect(refs.length).toBe(onDemand.length);
    expect(refs.some((r) => r.product.includes("Community Cloud"))).toBe(false);
  });
});
