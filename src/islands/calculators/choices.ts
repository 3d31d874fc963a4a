/** Option lists for selects: translated enum labels and the catalog GPUs. */
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { Choice } from "./SelectField.tsx";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";

export const choices = (t: Strings, values: readonly string[]): Choice[] =>
  values.map((v) => ({ value: v, label: tr(t, `opt.${v}`) }));

export const gpuChoices = (gpus: readonly GpuSpec[]): Choice[] =>
  gpus.map((g) => ({ value: g.id, label: `${g.name} (${g.memoryGB} GB)` }));

/** Common weight formats: fp32, fp16/bf16, int8/fp8, GGUF Q4_K_M (~4.85 bits/weight), int4. */
export const WEIGHT_BITS = ["32", "16", "8", "4.85", "4"] as const;
export const KV_BITS = ["16", "8", "4"] as const;

/** The chosen GPU from the catalog list. */
export { findGpu } from "./inputs.ts";
