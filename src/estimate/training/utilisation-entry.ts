/**
 * Training utilisation as data: the share of a GPU's dense peak its matrix multiplies reach
 * in a training step, looked up in a table measured on published runs
 * (`generated/utilisation-table.ts`, fitted on the calibration rows of
 * content/reference/training-throughput.tsv by src/accuracy/utilisation-fit.ts), keyed by
 * the GPU family, the math format, the training stack, dense or MoE, and the model's size.
 * The table's value is the utilisation of the model's dense FLOPs with attention timed
 * apart (at its kernels' measured speed, `training/attention-speed.ts`) and the parallel layout's bubble and exposed traffic
 * taken out, so the layout of the request (`training/step.ts`) puts its own back.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import type { Framework } from "../vocabulary.ts";

/**
 * GPU families whose training efficiency the table tells apart: the generation, and
 * whether the part is a large HBM training die (A100, H100, B200) or a GDDR card (RTX,
 * A6000, L40S), whose tensor cores run 16-bit math with FP32 accumulate at a lower rate
 * and whose memory feeds them differently.
 */
export const GPU_FAMILIES = [
  "ampere-hbm",
  "ampere-gddr",
  "ada-gddr",
  "hopper-hbm",
  "blackwell-hbm",
  "blackwell-gddr",
] as const;
export type GpuFamily = (typeof GPU_FAMILIES)[number];

const GENERATIONS = ["ampere", "ada", "hopper", "blackwell"] as const;

/** The family of a catalog GPU; null for generations no published run measured (Volta, CDNA, …). */
export function gpuFamily(gpu: GpuSpec): GpuFamily | null {
  const generation = gpu.architecture?.split(" ")[0]?.toLowerCase() ?? "";
  const known = GENERATIONS.find((g) => g === generation);
  if (!known) return null;
  const memory = gpu.memoryType?.toUpperCase().startsWith("HBM") ? "hbm" : "gddr";
  const family = `${known}-${memory}`;
  return GPU_FAMILIES.find((f) => f === family) ?? null;
}

/**
 * Training stacks the table tells apart: Megatron-Core (Megatron-LM, NeMo), whose
 * Transformer Engine kernels, fused layers and overlapped collectives the published runs
 * credit for their speed, and the PyTorch stacks (FSDP/DDP trainers, Hugging Face based
 * fine-tuning frameworks, torchtune, DeepSpeed), which run PyTorch's own kernels.
 */
export const STACKS = ["megatron", "pytorch"] as const;
export type Stack = (typeof STACKS)[number];

export const stackOf = (framework: Framework | undefined): Stack =>
  framework === "megatron" ? "megatron" : "pytorch";

/**
 * Size classes by the parameters a token multiplies (`matmulParams`): small matrices keep
 * tensor cores less busy (Megatron-LM README, weak scaling on H100: MFU 41% at 1.7B, 47-48%
 * from 7B up, "larger GEMMs have higher arithmetic intensity").
 */
export const SIZE_CLASSES = ["small", "medium", "large"] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];
/** Upper bounds of the small and medium classes, parameters per token. */
export const SIZE_CLASS_BOUNDS = [1.5e9, 2e10] as const;

export function sizeClass(matmulParams: number): SizeClass {
  if (matmulParams < SIZE_CLASS_BOUNDS[0]) return "small";
  return matmulParams < SIZE_CLASS_BOUNDS[1] ? "medium" : "large";
}

/** The dense math the table keys: 16-bit (bf16/fp16) tensor math, or FP8 linear layers. */
export const DENSE_FORMATS = ["16-bit", "fp8"] as const;
export type DenseFormat = (typeof DENSE_FORMATS)[number];

export interface UtilisationKey {
  family: GpuFamily;
  format: DenseFormat;
  stack: Stack;
  moe: boolean;
  size: SizeClass;
}

/** Names a key the way the assumptions print it: `hopper-hbm/16-bit/pytorch/dense/medium`. */
export const keyName = (k: UtilisationKey): string =>
  `${k.family}/${k.format}/${k.stack}/${k.moe ? "moe" : "dense"}/${k.size}`;

export interface UtilisationEntry extends UtilisationKey {
  /**
   * Share of the format's dense peak the dense FLOPs the GPU runs go at: the model's and,
   * under full recomputation, the forward's again (the GPU does that work too; Korthikanti
   * et al. 2022 call the rate with it hardware FLOPs utilisation).
   */
  dense: number;
  /** Calibration rows behind the value (their median). */
  rows: number;
  /** The publications those rows come from (`source` column ids of the TSV). */
  sources: string[];
}

/** How an entry was matched to a request: exactly, or which dimension had to give. */
export type MatchKind =
  "exact" | "other-size" | "other-stack" | "other-family" | "moe-as-dense" | "fp8-as-16-bit";

export interface UtilisationPick {
  entry: UtilisationEntry;
  /** Empty for an exact match. */
  gave: MatchKind[];
  /** FP8 requested but only 16-bit measurements found: the 16-bit peak applies. */
  format: DenseFormat;
}

/** Families whose utilisation stands in for one without measurements, nearest first. */
const FAMILY_NEIGHBOURS: Record<GpuFamily, readonly GpuFamily[]> = {
  "ampere-hbm": ["hopper-hbm"],
  "hopper-hbm": ["ampere-hbm", "blackwell-hbm"],
  "blackwell-hbm": ["hopper-hbm"],
  "ampere-gddr": ["ada-gddr"],
  "ada-gddr": ["ampere-gddr"],
  "blackwell-gddr": ["ada-gddr"],
};

/**
 * What giving up each dimension costs, so the nearest entry wins: a size class away is
 * the least change, then the stack, an MoE measured as dense, and another family last.
 */
const COST = { size: 1, stack: 2, moe: 3, family: 4 } as const;

function cost(
  want: UtilisationKey,
  e: UtilisationEntry,
): { cost: number; gave: MatchKind[] } | null {
  const gave: MatchKind[] = [];
  let c = 0;
  if (e.family !== want.family) {
    if (!FAMILY_NEIGHBOURS[want.family].includes(e.family)) return null;
    c += COST.family;
    gave.push("other-family");
  }
  if (e.moe !== want.moe) {
    // A dense model's speed never comes from MoE runs; an MoE without its own falls back to dense.
    if (e.moe) return null;
    c += COST.moe;
    gave.push("moe-as-dense");
  }
  if (e.stack !== want.stack) {
    c += COST.stack;
    gave.push("other-stack");
  }
  const steps = Math.abs(SIZE_CLASSES.indexOf(e.size) - SIZE_CLASSES.indexOf(want.size));
  if (steps > 0) {
    c += COST.size * steps;
    gave.push("other-size");
  }
  return { cost: c, gave };
}

/**
 * The table entry nearest the request, or null where no measured family is near (Volta,
 * Turing, AMD, Ascend: the published default stands in). FP8 without an FP8 measurement
 * near it falls back to the 16-bit entries, run at the 16-bit peak: no speed-up is assumed
 * that no run showed.
 */
export function pickUtilisation(
  want: UtilisationKey,
  table: readonly UtilisationEntry[],
): UtilisationPick | null {
  const best = (format: DenseFormat) => {
    let found: { entry: UtilisationEntry; cost: number; gave: MatchKind[] } | null = null;
    for (const entry of table) {
      if (entry.format !== format) continue;
      const c = cost(want, entry);
      if (!c) continue;
      const better =
        !found || c.cost < found.cost || (c.cost === found.cost && entry.rows > found.entry.rows);
      if (better) found = { entry, ...c };
    }
    return found;
  };
  const same = best(want.format);
  if (same) return { entry: same.entry, gave: same.gave, format: want.format };
  if (want.format !== "fp8") return null;
  const sixteen = best("16-bit");
  return sixteen
    ? { entry: sixteen.entry, gave: ["fp8-as-16-bit", ...sixteen.gave], format: "16-bit" }
    : null;
}
