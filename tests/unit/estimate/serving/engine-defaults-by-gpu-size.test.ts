/**
 * The engines' own defaults that depend on the GPU (`serving/engines.ts`), worked out by hand
 * from the engines' source: SGLang's chunked-prefill size and `mem_fraction_static` in each
 * band of GPU memory and tensor-parallel size, and ExLlamaV2's bytes per cached element.
 */
import { describe, expect, it } from "vitest";
import {
  exllamaKvBytesPerElement,
  sglangDefaults,
} from "../../../../src/estimate/serving/engines.ts";

// SGLang reserves, in MB: 512 + max(chunk, 2048) × 1.5 + cuda_graph_max_bs × 2 + tp / 8 × 1024;
// mem_fraction_static = (memory − reserved) / memory, to 3 decimals.
describe("SGLang's defaults by GPU memory", () => {
  it("under 35 GB: chunk 2048, graph batch 24 below tp 4, 80 from tp 4", () => {
    // tp 3: 512 + 3072 + 48 + 384 = 4016 MB; (24576 − 4016) / 24576 = 0.83659 → 0.837.
    expect(sglangDefaults(24576, 3)).toEqual({ chunk: 2048, fraction: 0.837 });
    // tp 4: 512 + 3072 + 160 + 512 = 4256 MB; (24576 − 4256) / 24576 = 0.82682 → 0.827.
    expect(sglangDefaults(24576, 4)).toEqual({ chunk: 2048, fraction: 0.827 });
  });
  it("35 to 60 GB: chunk 4096, graph batch 32 below tp 4, 160 from tp 4", () => {
    // 48 GiB, tp 1: 512 + 4096 × 1.5 + 64 + 128 = 6848 MB; (49152 − 6848) / 49152 = 0.86068.
    expect(sglangDefaults(49152, 1)).toEqual({ chunk: 4096, fraction: 0.861 });
    // tp 4: 512 + 6144 + 320 + 512 = 7488 MB; (49152 − 7488) / 49152 = 0.84766 → 0.848.
    expect(sglangDefaults(49152, 4)).toEqual({ chunk: 4096, fraction: 0.848 });
  });
  it("60 to 160 GB: chunk 8192, graph batch 256 below tp 4, 512 from tp 4", () => {
    // 80 GiB, tp 2: 512 + 12288 + 512 + 256 = 13568 MB; (81920 − 13568) / 81920 = 0.83437.
    expect(sglangDefaults(81920, 2)).toEqual({ chunk: 8192, fraction: 0.834 });
    // tp 4: 512 + 12288 + 1024 + 512 = 14336 MB; (81920 − 14336) / 81920 = 0.825.
    expect(sglangDefaults(81920, 4)).toEqual({ chunk: 8192, fraction: 0.825 });
  });
  it("160 GB and more: chunk 16384 and graph batch 512 whatever the tensor parallelism", () => {
    // 192 GiB, tp 1: 512 + 24576 + 1024 + 128 = 26240 MB; (196608 − 26240) / 196608 = 0.86654.
    expect(sglangDefaults(196608, 1)).toEqual({ chunk: 16384, fraction: 0.867 });
    // tp 8: 512 + 24576 + 1024 + 1024 = 27136 MB; (196608 − 27136) / 196608 = 0.86198.
    expect(sglangDefaults(196608, 8)).toEqual({ chunk: 16384, fraction: 0.862 });
  });
  it("each band starts at its bound: 35, 60 and 160 GB (1024 MB each)", () => {
    expect(sglangDefaults(35 * 1024 - 1, 1).chunk).toBe(2048);
    expect(sglangDefaults(35 * 1024, 1).chunk).toBe(4096);
    expect(sglangDefaults(60 * 1024 - 1, 1).chunk).toBe(4096);
    expect(sglangDefaults(60 * 1024, 1).chunk).toBe(8192);
    expect(sglangDefaults(160 * 1024 - 1, 1).chunk).toBe(8192);
    expect(sglangDefaults(160 * 1024, 1).chunk).toBe(16384);
  });
  it("the share is rounded to three decimals, not truncated", () => {
    // 40 GiB, tp 1: 512 + 6144 + 64 + 128 = 6848 MB; (40960 − 6848) / 40960 = 0.832813 → 0.833.
    expect(sglangDefaults(40960, 1).fraction).toBe(0.833);
  });
});

describe("ExLlamaV2's cache bytes per element", () => {
  it("fp16 and fp32 caches hold plain elements: 2 and 4 bytes", () => {
    expect(exllamaKvBytesPerElement(16)).toBe(2);
    expect(exllamaKvBytesPerElement(32)).toBe(4);
  });
  it("quantized caches add an fp16 scale per 32 elements: Q8 1 + 2/32, Q4 0.5 + 2/32", () => {
    expect(exllamaKvBytesPerElement(8)).toBe(1.0625);
    expect(exllamaKvBytesPerElement(4)).toBe(0.5625);
  });
});
