/**
 * A datasheet peak the catalog leaves out, or gives as 0, is not a rate to divide by: the
 * estimate falls back to the next figure the GPU has (fp8 and int8 to the fp16 tensor peak,
 * everything to the FP32 peak) and says it fell back. Made-up GPUs with round figures keep
 * the expected peaks exact.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { peakTflops } from "../../../../src/estimate/hardware/precision.ts";
import { a10g, rtx4090 } from "../helpers.ts";

/** A GPU with the given tensor peaks and an FP32 peak of 10 TFLOPS (the rest an RTX 4090's). */
const withTensor = (tensorTflopsDense: GpuSpec["tensorTflopsDense"]): GpuSpec => ({
  ...rtx4090,
  id: "made-up",
  name: "Made-up GPU",
  fp32Tflops: 10,
  tensorTflopsDense,
});

describe("a tensor peak given as 0 counts as missing", () => {
  it("bf16 listed as 0 TFLOPS runs at the 10 TFLOPS FP32 peak, marked as a fallback", () => {
    expect(peakTflops(withTensor({ fp16: 40, bf16: 0 }), "bf16")).toEqual({
      tflops: 10,
      format: "fp32",
      fellBack: true,
    });
  });

  it("fp8 with no fp8 figure and fp16 listed as 0 falls through to FP32, not to a 0 rate", () => {
    expect(peakTflops(withTensor({ fp16: 0 }), "fp8")).toEqual({
      tflops: 10,
      format: "fp32",
      fellBack: true,
    });
  });

  it("fp8 on a GPU with no tensor figures at all uses the FP32 peak, never an undefined rate", () => {
    expect(peakTflops(withTensor({}), "fp8")).toEqual({
      tflops: 10,
      format: "fp32",
      fellBack: true,
    });
  });
});

describe("int8 falls back like fp8", () => {
  it("the A10G lists no int8 peak: int8 work runs at its 70 TFLOPS fp16 tensor peak, not 31.2 FP32", () => {
    expect(peakTflops(a10g, "int8")).toEqual({ tflops: 70, format: "fp16", fellBack: true });
  });

  it("int8 listed as 0 also takes the fp16 peak (40 TFLOPS here)", () => {
    expect(peakTflops(withTensor({ fp16: 40, int8: 0 }), "int8")).toEqual({
      tflops: 40,
      format: "fp16",
      fellBack: true,
    });
  });
});
