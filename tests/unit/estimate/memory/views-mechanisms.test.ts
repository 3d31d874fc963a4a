/**
 * What `views.ts` says beside the three figures: the reserve the caching allocator holds,
 * the overheads as assumptions, what a tight fit's headroom lacks, and the warnings every
 * memory estimate shares (headroom outside the seeds' 15-25%, a GPU too small, no bf16,
 * unverified figures). Worked by hand on round numbers; the GPUs are the shared fixtures.
 */
import { describe, expect, it } from "vitest";
import {
  headroomShortBytes,
  memoryViews,
  overheadAssumptions,
  pushCommonWarnings,
} from "../../../../src/estimate/memory/views.ts";
import type { Warning } from "../../../../src/estimate/result.ts";
import { part } from "../../../../src/estimate/result.ts";
import { a10g, rtx4090, t4 } from "../helpers.ts";

describe("memoryViews: the allocator's reserve", () => {
  it("9 GB allocated at 10% fragmentation: reserved 9 / 0.9 = 10 GB", () => {
    const v = memoryViews([part("weights", 9e9)], { cudaContextBytes: 0 });
    expect(v.reservedBytes).toBeCloseTo(10e9, 0);
    // nvidia-smi: the 10 GB reserved and no context.
    expect(v.nvidiaSmiBytes).toBeCloseTo(10e9, 0);
  });
  it("a fragmentation of 1 or more (nothing but cache) reserves nothing rather than dividing by 0", () => {
    for (const fragmentation of [1, 1.5]) {
      const v = memoryViews([part("weights", 9e9)], { fragmentation, cudaContextBytes: 0 });
      expect(v.reservedBytes).toBe(9e9);
      expect(v.nvidiaSmiBytes).toBe(9e9);
    }
  });
});

describe("overheadAssumptions: the three overheads and their sources", () => {
  it("fragmentation from GMLake, the context from HF's anatomy, the headroom from the seeds", () => {
    const v = memoryViews([part("weights", 1e9)], {
      fragmentation: 0.05,
      cudaContextBytes: 5e8,
      headroom: 0.15,
    });
    expect(overheadAssumptions(v)).toEqual([
      { key: "allocator-fragmentation", value: 0.05, source: "gmlake" },
      { key: "cuda-context-bytes", value: 5e8, source: "hf-anatomy" },
      { key: "headroom", value: 0.15, source: "seed-headroom" },
    ]);
  });
});

describe("headroomShortBytes: what a tight fit's headroom lacks", () => {
  const views = { nvidiaSmiBytes: 20e9, recommendedBytes: 24e9 };
  it("tight on 22 GB: 24 − 22 = 2 GB short", () => {
    expect(headroomShortBytes(views, 22e9)).toBe(2e9);
  });
  it("nothing short when it fits, nor when even the peak does not", () => {
    expect(headroomShortBytes(views, 24e9)).toBe(0);
    expect(headroomShortBytes(views, 19e9)).toBe(0);
  });
});

describe("pushCommonWarnings", () => {
  const range = { headroomMin: 0.15, headroomMax: 0.25 };
  const warned = (
    headroom: number,
    nvidiaSmiBytes: number,
    gpu?: Parameters<typeof pushCommonWarnings>[2],
    precision?: Parameters<typeof pushCommonWarnings>[3],
  ) => {
    const w: Warning[] = [];
    pushCommonWarnings(w, { headroom, nvidiaSmiBytes }, gpu, precision);
    return w;
  };
  it("a headroom below 15% or above 25% is warned of with the seeds' range; 15% and 25% are not", () => {
    expect(warned(0.1, 1e9)).toEqual([
      { code: "headroom-below-seed-range", params: { headroom: 0.1, ...range } },
    ]);
    expect(warned(0.3, 1e9)).toEqual([
      { code: "headroom-above-seed-range", params: { headroom: 0.3, ...range } },
    ]);
    expect(warned(0.15, 1e9)).toEqual([]);
    expect(warned(0.25, 1e9)).toEqual([]);
  });
  it("a need over the GPU's nvidia-smi total names both, in bytes and the total in MiB", () => {
    // RTX 4090: 24,564 MiB = 25,757,220,864 B. A byte more does not fit; exactly it does.
    const capacity = 24564 * 2 ** 20;
    expect(warned(0.2, capacity + 1, rtx4090)).toEqual([
      {
        code: "exceeds-gpu-memory",
        params: {
          gpu: "GeForce RTX 4090",
          neededBytes: capacity + 1,
          capacityBytes: 25_757_220_864,
          capacityMiB: 24564,
        },
      },
    ]);
    expect(warned(0.2, capacity, rtx4090)).toEqual([]);
  });
  it("bf16 training on a GPU without bf16 (the T4) is warned of, in each bf16 precision only", () => {
    for (const precision of ["bf16", "bf16-mixed", "bf16-master"] as const)
      expect(warned(0.2, 1e9, t4, precision)).toEqual([
        { code: "no-bf16", params: { gpu: "NVIDIA T4" } },
      ]);
    expect(warned(0.2, 1e9, t4, "fp16-mixed")).toEqual([]);
    expect(warned(0.2, 1e9, t4)).toEqual([]);
    // The RTX 4090 has bf16.
    expect(warned(0.2, 1e9, rtx4090, "bf16")).toEqual([]);
  });
  it("a GPU with unverified figures names them, comma-joined", () => {
    expect(warned(0.2, 1e9, a10g)).toEqual([
      { code: "unverified-gpu-figures", params: { gpu: "NVIDIA A10G", figures: "fp16,bf16" } },
    ]);
  });
  it("without a GPU only the headroom is checked", () => {
    expect(warned(0.1, 1e15)).toEqual([
      { code: "headroom-below-seed-range", params: { headroom: 0.1, ...range } },
    ]);
  });
});
