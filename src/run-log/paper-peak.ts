/** A node's paper peak: the per-GPU figure the catalog gives at a precision, times its GPUs. */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";

export type PeakPrecision = "fp32" | "tf32" | "fp16" | "bf16" | "fp8" | "int8";

/** A node's paper peak, TFLOPS: per-GPU peak for `precision` × GPU count; null if the GPU lacks it. */
export function paperPeakTflops(
  gpu: GpuSpec,
  precision: PeakPrecision,
  gpuCount = 1,
): number | null {
  const per = precision === "fp32" ? gpu.fp32Tflops : gpu.tensorTflopsDense[precision];
  if (per === undefined || !Number.isFinite(per) || per <= 0) return null;
  const n = Number.isFinite(gpuCount) && gpuCount >= 1 ? Math.floor(gpuCount) : 1;
  return per * n;
}
