import type { GpuSpec } from "../estimate/gpu.ts";
import { FIGURE_KEYS, type GpuEntry } from "./schema.ts";

/** Flattens a sourced catalog entry into the plain figures the estimator computes with. */
export function toGpuSpec(gpu: GpuEntry): GpuSpec {
  const tensor: GpuSpec["tensorTflopsDense"] = {};
  if (gpu.tf32TensorTflopsDense) tensor.tf32 = gpu.tf32TensorTflopsDense.value;
  if (gpu.fp16TensorTflopsDense) tensor.fp16 = gpu.fp16TensorTflopsDense.value;
  if (gpu.bf16TensorTflopsDense) tensor.bf16 = gpu.bf16TensorTflopsDense.value;
  if (gpu.fp8TensorTflopsDense) tensor.fp8 = gpu.fp8TensorTflopsDense.value;
  if (gpu.int8TensorTopsDense) tensor.int8 = gpu.int8TensorTopsDense.value;
  const spec: GpuSpec = {
    id: gpu.id,
    name: gpu.name,
    vendor: gpu.vendor,
    segment: gpu.segment,
    memoryGB: gpu.memoryGB.value,
    bandwidthGBps: gpu.bandwidthGBps.value,
    fp32Tflops: gpu.fp32Tflops.value,
    tensorTflopsDense: tensor,
    tdpW: gpu.tdpW.value,
    unverified: FIGURE_KEYS.filter((key) => gpu[key]?.unverified === true),
  };
  if (gpu.nvlinkGBps) spec.nvlinkGBps = gpu.nvlinkGBps.value;
  return spec;
}
