/**
 * The verdict every memory estimate carries: GB to rent per GPU (the memory to rent with
 * headroom, rounded up to 0.1 GB), yes/no for the chosen GPU against its nvidia-smi
 * memory.total, and the catalog GPUs that hold the need, smallest first. Messages about
 * GPUs name them and format their units.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rentGB } from "../../../../src/estimate/memory/views.ts";
import { warningText, issueText } from "../../../../src/i18n/messages.ts";
import { calculatorStrings } from "../../../../src/i18n/calculators.ts";
import type { TaskRequest } from "../../../../src/estimate/registry.ts";
import { a100, GPUS, issuesOf, resultOf, rtx4090, t4 } from "../helpers.ts";

const train = {
  task: "train-memory",
  model: { preset: "llama-3.1-8b" },
  microBatch: 1,
  seqLen: 2048,
} satisfies TaskRequest<"train-memory">;
const qlora = {
  ...train,
  precision: "bf16-mixed",
  recompute: "full",
  lora: { baseBits: 4, rank: 16 },
} satisfies TaskRequest<"train-memory">;
const infer = {
  task: "infer-memory",
  model: { preset: "llama-3.1-8b" },
  weightBits: 16,
  contextTokens: 4096,
  sequences: 1,
} satisfies TaskRequest<"infer-memory">;

describe("rentGB", () => {
  it("rounds up to 0.1 GB and keeps an exact tenth", () => {
    expect(rentGB(25e9)).toBe(25);
    expect(rentGB(25.01e9)).toBe(25.1);
    expect(rentGB(217_715_513_753.6)).toBe(217.8);
    expect(rentGB(1)).toBe(0.1);
    // A tight fit's shortfall of 0.04 GB reads 0.1 GB, never "0 GB"; nothing is 0, not -0.
    expect(rentGB(4e7)).toBe(0.1);
    expect(Object.is(rentGB(0), 0)).toBe(true);
  });
  it("is never below the need and at most 0.1 GB above it", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e6, max: 1e13, noNaN: true }), (bytes) => {
        const r = rentGB(bytes) * 1e9;
        expect(r).toBeGreaterThanOrEqual(bytes * (1 - 1e-12));
        expect(r - bytes).toBeLessThanOrEqual(1e8 * (1 + 1e-9));
      }),
    );
  });
});

/**
 * What "rent at least X GB" means, checked from its definition rather than by the code that
 * computes it: X is a whole number of tenths of a GB (10⁹ bytes), holds the need, and is the
 * smallest such number (0.1 GB less would not).
 */
function expectRentFor(rent: number, needBytes: number): void {
  expect(Math.abs(rent * 10 - Math.round(rent * 10))).toBeLessThan(1e-9);
  expect(rent * 1e9).toBeGreaterThanOrEqual(needBytes * (1 - 1e-12));
  expect((rent - 0.1) * 1e9).toBeLessThan(needBytes);
}

describe("train-memory verdict", () => {
  it("full fine-tuning of an 8B model does not fit an RTX 4090; no catalog GPU holds it", () => {
    const r = resultOf({ ...train, gpu: "rtx-4090" });
    const v = r.verdict;
    expect(v.needBytes).toBe(r.recommendedBytes);
    expectRentFor(v.rentGB, r.recommendedBytes);
    expect(v.rentGB).toBeGreaterThan(100);
    expect(v.gpus).toBe(1);
    expect(v.chosen).toEqual({
      gpuId: "rtx-4090",
      fit: "does-not-fit",
      shortBytes: 0,
      shortGB: 0,
      capacityBytes: rtx4090.memoryTotalBytes,
    });
    expect(v.fitsOn).toEqual([]);
  });

  it("QLoRA of an 8B model fits an RTX 4090, and the list holds it, smallest first", () => {
    const r = resultOf({ ...qlora, gpu: "rtx-4090" });
    const v = r.verdict;
    expect(r.recommendedBytes).toBeLessThanOrEqual(rtx4090.memoryTotalBytes);
    expect(v.chosen).toEqual({
      gpuId: "rtx-4090",
      fit: "fits",
      shortBytes: 0,
      shortGB: 0,
      capacityBytes: rtx4090.memoryTotalBytes,
    });
    expect(v.fitsOn).toContain("rtx-4090");
    const capacities = v.fitsOn.map((id) => GPUS.find((g) => g.id === id)!.memoryTotalBytes);
    expect(capacities).toEqual([...capacities].sort((a, b) => a - b));
  });

  it("the chosen GPU fits, is tight or does not fit exactly as the lists say, whatever the GPU", () => {
    for (const g of GPUS) {
      const r = resultOf({ ...qlora, gpu: g.id });
      const v = r.verdict;
      const fit = v.chosen?.fit;
      expect(fit === "fits", g.id).toBe(v.fitsOn.includes(g.id));
      expect(fit === "fits", g.id).toBe(g.memoryTotalBytes >= v.needBytes);
      expect(fit === "tight", g.id).toBe(v.tightOn.includes(g.id));
      expect(fit === "tight", g.id).toBe(
        g.memoryTotalBytes < v.needBytes && g.memoryTotalBytes >= r.nvidiaSmiBytes,
      );
      expect(v.chosen?.shortBytes, g.id).toBe(
        fit === "tight" ? v.needBytes - g.memoryTotalBytes : 0,
      );
    }
  });

  it("without a GPU there is no chosen verdict; the need is per GPU of the count", () => {
    const r = resultOf({ ...train, gpus: 8, sharding: "zero3" });
    expect(r.verdict.chosen).toBeNull();
    expect(r.verdict.gpus).toBe(8);
    expectRentFor(r.verdict.rentGB, r.recommendedBytes);
  });
});

describe("infer-memory verdict", () => {
  it("an 8B model in 16 bit fits an A100 80GB but not a T4", () => {
    const yes = resultOf({ ...infer, gpu: a100.id }).verdict;
    expect(yes.chosen).toEqual({
      gpuId: a100.id,
      fit: "fits",
      shortBytes: 0,
      shortGB: 0,
      capacityBytes: a100.memoryTotalBytes,
    });
    expect(yes.fitsOn).toContain(a100.id);
    expect(yes.fitsOn).not.toContain(t4.id);
    const no = resultOf({ ...infer, gpu: t4.id }).verdict;
    expect(no.chosen).toEqual({
      gpuId: t4.id,
      fit: "does-not-fit",
      shortBytes: 0,
      shortGB: 0,
      capacityBytes: t4.memoryTotalBytes,
    });
    expect(no.rentGB).toBe(yes.rentGB);
  });

  it("tensor parallelism halves the need per GPU and the verdict says per how many GPUs", () => {
    const one = resultOf({ ...infer, model: { preset: "llama-3.1-70b" } }).verdict;
    const two = resultOf({
      ...infer,
      model: { preset: "llama-3.1-70b" },
      tensorParallel: 2,
    }).verdict;
    expect(two.gpus).toBe(2);
    expect(two.rentGB).toBeLessThan(one.rentGB);
  });
});

describe("messages name GPUs and format units", () => {
  const langs = ["en", "zh-cn"] as const;
  it.each(langs)("exceeds-gpu-memory in %s: the GPU's name, GB and MiB, no raw bytes", (lang) => {
    const r = resultOf({ ...train, gpu: "rtx-4090" });
    const w = r.warnings.find((x) => x.code === "exceeds-gpu-memory");
    expect(w).toBeDefined();
    const text = warningText(lang, calculatorStrings(lang), w!);
    expect(text).toContain(rtx4090.name);
    expect(text).not.toContain("rtx-4090");
    expect(text).toMatch(/\d GB/);
    expect(text).toMatch(/MiB/);
    // No unformatted byte count (8 or more digits in a row).
    expect(text).not.toMatch(/\d{8,}/);
  });

  it.each(langs)("a headroom outside the seeds' 15–25%% says so, with the range, in %s", (lang) => {
    const r = resultOf({ ...train, headroom: 0.1 });
    const w = r.warnings.find((x) => x.code === "headroom-below-seed-range");
    expect(w).toBeDefined();
    const text = warningText(lang, calculatorStrings(lang), w!);
    for (const figure of ["10%", "15%", "25%"]) expect(text).toContain(figure);
  });

  it.each(langs)("unverified figures in %s are named, not catalog keys", (lang) => {
    const gpus = [{ ...t4, unverified: ["memoryTotalMiB", "linkGBps"] }];
    const r = resultOf({ ...infer, gpu: t4.id }, gpus);
    const w = r.warnings.find((x) => x.code === "unverified-gpu-figures");
    expect(w).toBeDefined();
    const text = warningText(lang, calculatorStrings(lang), w!);
    expect(text).toContain(t4.name);
    expect(text).not.toMatch(/memoryTotalMiB|linkGBps/);
  });

  it.each(langs)("an unknown GPU in %s suggests the nearest by name and id", (lang) => {
    const hit = issuesOf({ ...infer, gpu: "rtx4090" }).find((i) => i.field === "gpu");
    expect(hit).toBeDefined();
    const text = issueText(lang, calculatorStrings(lang), hit!);
    expect(text).toContain(rtx4090.name);
    // The id too: it is what a request has to say.
    expect(text).toMatch(/[“"]rtx-4090[”"]/);
  });
});
