import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { mibToBytes } from "../estimate/units.ts";
import { pcieGBpsPerDirection } from "./pcie.ts";
import { FIGURE_KEYS, type GpuEntry } from "./schema.ts";

/** Flattens a sourced catalog entry into the plain figures the estimator computes with. */
export function toGpuSpec(gpu: GpuEntry): GpuSpec {
  const tensor: GpuSpec["tensorTflopsDense"] = {};
  if (gpu.tf32TensorTflopsDense) tensor.tf32 = gpu.tf32TensorTflopsDense.value;
  if (gpu.fp16TensorTflopsDense) tensor.fp16 = gpu.fp16TensorTflopsDense.value;
  if (gpu.bf16TensorTflopsDense) tensor.bf16 = gpu.bf16TensorTflopsDense.value;
  if (gpu.fp8TensorTflopsDense) tensor.fp8 = gpu.fp8TensorTflopsDense.value;
  if (gpu.int8TensorTopsDense) tensor.int8 = gpu.int8TensorTopsDense.value;
  const { link, linkGBps, pcie, pcieP2p, nodeGpus } = gpu.multiGpu;
  const unverified: string[] = FIGURE_KEYS.filter((key) => gpu[key]?.unverified === true);
  if (linkGBps?.unverified === true) unverified.push("linkGBps");
  const spec: GpuSpec = {
    id: gpu.id,
    name: gpu.name,
    vendor: gpu.vendor,
    segment: gpu.segment,
    memoryGB: gpu.memoryGB.value,
    memoryTotalBytes: mibToBytes(gpu.memoryTotalMiB.value),
    tensorTflopsDense: tensor,
    link,
    pcieGBps: pcieGBpsPerDirection(pcie.gen, pcie.lanes),
    pcieP2p: pcieP2p.value,
    nodeGpus: [...nodeGpus.value],
    unverified,
    architecture: gpu.architecture,
    memoryType: gpu.memoryType,
  };
  if (gpu.bandwidthGBps) spec.bandwidthGBps = gpu.bandwidthGBps.value;
  if (gpu.fp32Tflops) spec.fp32Tflops = gpu.fp32Tflops.value;
  if (gpu.tdpW) spec.tdpW = gpu.tdpW.value;
  if (linkGBps) spec.linkGBps = linkGBps.value;
  if (gpu.renderScores)
    spec.renderScores = gpu.renderScores.map(({ benchmark, backend, value }) => ({
      benchmark,
      backend,
      value,
    }));
  return spec;
}
