/**
 * The `cost` request as the page and the command line send it: hours measured on one GPU
 * carried to another by compute or by bandwidth, the issues a request with nothing to price
 * from gets, the currency every total is in, the assumptions and warnings the answer carries
 * and the monthly break-even. Two made-up GPUs with round figures keep the speeds exact.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { Currency } from "../../../../src/estimate/vocabulary.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { rtx4090 } from "../helpers.ts";

/** A GPU with only the speed figures given (the rest as an RTX 4090's, unused here). */
function card(
  id: string,
  name: string,
  figures: Pick<GpuSpec, "bandwidthGBps" | "fp32Tflops" | "tensorTflopsDense">,
): GpuSpec {
  const { bandwidthGBps: _b, fp32Tflops: _f, ...rest } = rtx4090;
  return { ...rest, id, name, ...figures };
}

// Compute-bound, fast runs 400 / 100 = 4 times slow's speed; bandwidth-bound 1000 / 500 = 2.
const slow = card("slow", "Slow GPU", {
  bandwidthGBps: 500,
  fp32Tflops: 50,
  tensorTflopsDense: { bf16: 100 },
});
const fast = card("fast", "Fast GPU", {
  bandwidthGBps: 1000,
  fp32Tflops: 100,
  tensorTflopsDense: { bf16: 400 },
});
// Catalogued without a compute figure: only bandwidth-bound hours can be carried to it.
const noCompute = card("no-compute", "No Compute", {
  bandwidthGBps: 800,
  tensorTflopsDense: {},
});
const GPUS = [slow, fast, noCompute];

function cost(request: Record<string, unknown>, currency?: Currency) {
  return runRequest(
    { task: "cost", ...request },
    { gpus: GPUS, presets: PRESETS, ...(currency ? { currency } : {}) },
  );
}

interface Costed {
  options: { hours: number; total: number; option: Record<string, unknown> }[];
  cheapest: number;
  hours: number;
  total: number;
  currency: string;
  assumptions: { key: string; value: unknown; source: string }[];
  warnings: { code: string; params: Record<string, unknown> }[];
  monthlyBreakEvenHours?: number;
}

function costOk(request: Record<string, unknown>, currency?: Currency): Costed {
  const r = cost(request, currency);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r.result as unknown as Costed;
}

function refusal(request: Record<string, unknown>) {
  const r = cost(request);
  if (r.ok) throw new Error("accepted a request that should be refused");
  return r.issues.map((i) => ({ field: i.field, code: i.code }));
}

const assumption = (r: Costed, key: string) => r.assumptions.find((a) => a.key === key);

// 12 h measured on one slow GPU at 1 per hour; one fast GPU at 3 per hour, not measured.
const carried = {
  options: [
    { gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 },
    { gpu: "fast", gpus: 1, pricePerHour: 3 },
  ],
};

describe("hours measured on one GPU carried to another", () => {
  it("compute-bound work goes by the dense BF16 peaks", () => {
    // 12 h / 4 = 3 h on the fast GPU, 3 x 3 = 9 against 12 x 1 = 12: the fast one is cheaper.
    const r = costOk(carried);
    expect(r.options.map((o) => o.hours)).toEqual([12, 3]);
    expect(r.options.map((o) => o.total)).toEqual([12, 9]);
    expect(r.cheapest).toBe(1);
    // The answer's hours are the cheapest option's.
    expect(r.hours).toBe(3);
    expect(r.warnings).toContainEqual({ code: "speed-carried", params: {} });
  });

  it("bandwidth-bound work goes by the memory bandwidths", () => {
    // 12 h / 2 = 6 h on the fast GPU, 6 x 3 = 18 against 12: the slow one is cheaper.
    const r = costOk({ ...carried, bound: "memory-bandwidth" });
    expect(r.options.map((o) => o.hours)).toEqual([12, 6]);
    expect(r.options.map((o) => o.total)).toEqual([12, 18]);
    expect(r.cheapest).toBe(0);
    expect(r.hours).toBe(12);
  });

  it("names the GPU the hours were measured on: the first option's, or the one given", () => {
    expect(assumption(costOk(carried), "base-gpu")).toEqual({
      key: "base-gpu",
      value: "Slow GPU",
      source: "first-option-gpu",
    });
    // Measured on the fast GPU instead: 12 h there are 12 x 4 = 48 h on the slow one.
    const r = costOk({
      baseGpu: "fast",
      singleGpuHours: 12,
      options: [
        { gpu: "slow", gpus: 1, pricePerHour: 1 },
        { gpu: "fast", gpus: 1, pricePerHour: 3 },
      ],
    });
    expect(assumption(r, "base-gpu")).toEqual({
      key: "base-gpu",
      value: "Fast GPU",
      source: "request",
    });
    expect(r.options.map((o) => o.hours)).toEqual([48, 12]);
  });

  it("refuses to carry compute-bound hours to a GPU with no compute figure, not bandwidth-bound", () => {
    const toNoCompute = {
      options: [
        { gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 },
        { gpu: "no-compute", gpus: 1, pricePerHour: 2 },
      ],
    };
    expect(refusal(toNoCompute)).toEqual([{ field: "options.1.gpu", code: "gpu-no-compute" }]);
    // 800 / 500 = 1.6 times the speed: 12 / 1.6 = 7.5 h.
    const r = costOk({ ...toNoCompute, bound: "memory-bandwidth" });
    expect(r.options[1]!.hours).toBe(7.5);
  });

  it("warns of no carried speed when every option runs on the measured GPU", () => {
    // The 4-GPU option is scaled from the 12 h (12 / 4 = 3 h), not carried: only the
    // assumed linear scaling is worth a warning.
    const r = costOk({
      options: [
        { gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 },
        { gpu: "slow", gpus: 4, pricePerHour: 4 },
      ],
    });
    expect(r.warnings).toEqual([{ code: "scaling-assumed-linear", params: { gpus: 4 } }]);
    expect(r.options[1]!.hours).toBe(3);
  });

  it("echoes each option with only what the request gave", () => {
    const r = costOk({
      options: [
        { gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 },
        { gpu: "slow", gpus: 4, pricePerHour: 4 },
      ],
    });
    expect(r.options.map((o) => o.option)).toStrictEqual([
      { gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 },
      { gpu: "slow", gpus: 4, pricePerHour: 4 },
    ]);
  });
});

describe("a request with nothing to price an option's hours from", () => {
  it("a one-GPU option without hours is no baseline: it needs its own", () => {
    expect(refusal({ options: [{ gpu: "slow", gpus: 1, pricePerHour: 1 }] })).toEqual([
      { field: "options.0.runHours", code: "run-hours-needed" },
    ]);
  });

  it("a measured multi-GPU option is no baseline either: only the unmeasured one is named", () => {
    expect(
      refusal({
        options: [
          { gpu: "slow", gpus: 4, pricePerHour: 4, runHours: 3 },
          { gpu: "slow", gpus: 2, pricePerHour: 2 },
        ],
      }),
    ).toEqual([{ field: "options.1.runHours", code: "run-hours-needed" }]);
  });
});

describe("the currency every total is in", () => {
  const one = { options: [{ gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 }] };

  it("is the request's when it names one, over the page's", () => {
    const r = costOk({ ...one, currency: "CNY" }, "USD");
    expect(r.currency).toBe("CNY");
    expect(assumption(r, "currency")).toEqual({
      key: "currency",
      value: "CNY",
      source: "request",
    });
  });

  it("is the page's when the request names none", () => {
    const r = costOk(one, "CNY");
    expect(r.currency).toBe("CNY");
    expect(assumption(r, "currency")).toEqual({
      key: "currency",
      value: "CNY",
      source: "currency-default",
    });
  });

  it("is USD with neither (the command line)", () => {
    const r = costOk(one);
    expect(r.currency).toBe("USD");
    expect(assumption(r, "currency")?.source).toBe("currency-default");
  });
});

describe("the monthly plan's break-even", () => {
  it("is the monthly price over the first option's hourly price", () => {
    // 1,000 a month at 2 per hour: monthly pays from 500 h a month.
    const r = costOk({
      options: [{ gpu: "slow", gpus: 1, pricePerHour: 2, runHours: 12 }],
      monthlyPrice: 1000,
    });
    expect(r.monthlyBreakEvenHours).toBe(500);
  });

  it("is left out when the hourly price is free or no monthly price is given", () => {
    const free = costOk({
      options: [{ gpu: "slow", gpus: 1, pricePerHour: 0, runHours: 12 }],
      monthlyPrice: 1000,
    });
    expect(free.total).toBe(0);
    expect("monthlyBreakEvenHours" in free).toBe(false);
    const none = costOk({ options: [{ gpu: "slow", gpus: 1, pricePerHour: 2, runHours: 12 }] });
    expect("monthlyBreakEvenHours" in none).toBe(false);
  });
});

describe("an option with its own run hours on another GPU", () => {
  it("needs no speed figure, and its chart line passes through its own run", () => {
    // Measured on the GPU without a compute figure: 6 h at 2 per hour, beside 12 h on the
    // slow GPU. Nothing is carried to it, so nothing is refused, even compute-bound.
    const r = costOk({
      options: [
        { gpu: "slow", gpus: 1, pricePerHour: 1, runHours: 12 },
        { gpu: "no-compute", gpus: 1, pricePerHour: 2, runHours: 6 },
      ],
    }) as Costed & { costByGpuCount: number[][] };
    expect(r.options[1]!.total).toBe(12);
    // Linear scaling from its own 6 h: 6 h x 2 per hour = 12 at every count.
    expect(r.costByGpuCount[1]).toEqual([12, 12, 12, 12]);
  });
});
