/**
 * A GPU the catalog gives no bandwidth or FP32 figure for (Ascend 910B's bandwidth) is
 * refused by speed estimates before they start: `missingSpeedFigures` names what is
 * missing, and reaching `requiredFigure` without the figure is a bug that fails loudly,
 * naming the GPU and the figure, instead of computing with `undefined`.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { missingSpeedFigures, requiredFigure } from "../../../../src/estimate/hardware/gpu.ts";
import { rtx4090 } from "../helpers.ts";

const { bandwidthGBps: _b, fp32Tflops: _f, ...rest } = rtx4090;
/** No bandwidth figure, as the catalog has the Ascend 910B; FP32 kept at 82.6. */
const noBandwidth: GpuSpec = { ...rest, id: "no-bw", name: "No Bandwidth", fp32Tflops: 82.6 };
/** Neither figure. */
const neither: GpuSpec = { ...rest, id: "bare", name: "Bare" };

describe("requiredFigure", () => {
  it("returns the catalogued figure: RTX 4090 1008 GB/s and 82.6 TFLOPS FP32", () => {
    expect(requiredFigure(rtx4090, "bandwidthGBps")).toBe(1008);
    expect(requiredFigure(rtx4090, "fp32Tflops")).toBe(82.6);
  });

  it("throws, naming the GPU and the figure, when the figure is missing", () => {
    expect(() => requiredFigure(noBandwidth, "bandwidthGBps")).toThrow(
      "no-bw has no bandwidthGBps: speed estimates on it must be refused first",
    );
    expect(() => requiredFigure(neither, "fp32Tflops")).toThrow(
      "bare has no fp32Tflops: speed estimates on it must be refused first",
    );
    // The figure it does have is still returned.
    expect(requiredFigure(noBandwidth, "fp32Tflops")).toBe(82.6);
  });
});

describe("missingSpeedFigures", () => {
  it("lists only the needed figures the GPU lacks, in the order asked", () => {
    expect(missingSpeedFigures(rtx4090, ["bandwidthGBps", "fp32Tflops"])).toEqual([]);
    expect(missingSpeedFigures(noBandwidth, ["bandwidthGBps", "fp32Tflops"])).toEqual([
      "bandwidthGBps",
    ]);
    // A compute-only estimate does not care that the bandwidth is missing.
    expect(missingSpeedFigures(noBandwidth, ["fp32Tflops"])).toEqual([]);
    expect(missingSpeedFigures(neither, ["fp32Tflops", "bandwidthGBps"])).toEqual([
      "fp32Tflops",
      "bandwidthGBps",
    ]);
  });
});
