/** The price schema refuses a row a renter could not check: no source, no date, a bad figure. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRICES_URL } from "../../../src/prices/load.ts";
import { priceSchema, pricesSchema } from "../../../src/prices/schema.ts";

type Raw = Record<string, unknown>;

const rawPrices = (): Raw[] => JSON.parse(readFileSync(PRICES_URL, "utf8")) as Raw[];

/** A valid row to break, cloned so tests do not share state. */
function validRow(id = "aws-p5-48xlarge-us-east-1"): Raw {
  const row = rawPrices().find((r) => r["id"] === id);
  if (!row) throw new Error(`no ${id} in the price file`);
  return structuredClone(row);
}

/** Every issue as "path.joined: message", so assertions can name the field. */
function issuesOf(raw: unknown): string[] {
  const r = priceSchema.safeParse(raw);
  return (r.error?.issues ?? []).map((i) => `${i.path.map(String).join(".")}: ${i.message}`);
}

describe("price schema", () => {
  it("accepts a valid row", () => {
    expect(issuesOf(validRow())).toEqual([]);
  });

  it("refuses a row without a source address", () => {
    const row = validRow();
    delete row["url"];
    expect(issuesOf(row).some((i) => i.startsWith("url:"))).toBe(true);
  });

  it("refuses a source that is not an http(s) address", () => {
    for (const url of ["lambda.ai/instances", "ftp://example.com/prices", "file:///tmp/p.json"]) {
      expect(
        issuesOf({ ...validRow(), url }).some((i) => i.startsWith("url:")),
        url,
      ).toBe(true);
    }
  });

  it("refuses a row without a date", () => {
    const row = validRow();
    delete row["date"];
    expect(issuesOf(row).some((i) => i.startsWith("date:"))).toBe(true);
  });

  it("refuses undated and invalid dates", () => {
    for (const date of ["not stated", "not exposed", "2026-9-20", "2026-02-30", "2026-13-01"]) {
      expect(
        issuesOf({ ...validRow(), date }).some((i) => i.startsWith("date:")),
        date,
      ).toBe(true);
    }
  });

  it("refuses a date after today", () => {
    const date = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(issuesOf({ ...validRow(), date })).toEqual([
      "date: a price cannot have been read after today",
    ]);
  });

  it("refuses a currency other than USD or CNY", () => {
    for (const currency of ["EUR", "usd", "$", undefined]) {
      const issues = issuesOf({ ...validRow(), currency });
      expect(
        issues.some((i) => i.startsWith("currency:")),
        String(currency),
      ).toBe(true);
    }
  });

  it("refuses a price that is not positive", () => {
    for (const price of [0, -1, "3.99"]) {
      expect(issuesOf({ ...validRow(), price }).some((i) => i.startsWith("price:"))).toBe(true);
    }
  });

  it("refuses an unknown kind", () => {
    expect(issuesOf({ ...validRow(), kind: "cheap" }).some((i) => i.startsWith("kind:"))).toBe(
      true,
    );
  });

  it("refuses a per-GPU-hour figure that does not follow from a per-instance price", () => {
    // p5.48xlarge: 55.04 per instance-hour over 8 GPUs is 6.88 per GPU-hour.
    const row = { ...validRow(), pricePerGpuHour: 55.04 };
    expect(issuesOf(row)).toEqual([
      "pricePerGpuHour: aws-p5-48xlarge-us-east-1: pricePerGpuHour 55.04 does not follow from 55.04 per instance-hour (6.8800 with 8 GPU(s))",
    ]);
    // Within the rounding tolerance of a source that prints four decimals.
    expect(issuesOf({ ...validRow(), pricePerGpuHour: 6.8801 })).toEqual([]);
  });

  it("checks per-GPU-hour and per-second rates too", () => {
    const perGpu = { ...validRow(), billingUnit: "gpu-hour", price: 3.99, pricePerGpuHour: 3.49 };
    expect(issuesOf(perGpu).some((i) => i.startsWith("pricePerGpuHour:"))).toBe(true);
    const perSecond = {
      ...validRow(),
      kind: "serverless",
      gpusPerInstance: 1,
      billingUnit: "gpu-second",
      price: 0.00116,
      pricePerGpuHour: 4.176,
    };
    expect(issuesOf(perSecond)).toEqual([]);
  });

  it("refuses two readings of the same offer", () => {
    const older = { ...validRow(), id: "aws-p5-48xlarge-older", date: "2026-01-21" };
    const r = pricesSchema.safeParse([validRow(), older]);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "aws-p5-48xlarge-older reads the same offer as aws-p5-48xlarge-us-east-1: keep only the latest reading",
    ]);
  });

  it("refuses a row without its source kind, or with one it does not know", () => {
    const row = validRow();
    delete row["sourceKind"];
    expect(issuesOf(row).some((i) => i.startsWith("sourceKind:"))).toBe(true);
    for (const sourceKind of ["secondary", "unknown", ""])
      expect(
        issuesOf({ ...validRow(), sourceKind }).some((i) => i.startsWith("sourceKind:")),
        sourceKind,
      ).toBe(true);
  });

  it("keeps the provider's page address for copies only", () => {
    const row = { ...validRow(), sourceKind: "primary", providerUrl: "https://aws.amazon.com/" };
    expect(issuesOf(row).some((i) => i.startsWith("providerUrl:"))).toBe(true);
  });
});
