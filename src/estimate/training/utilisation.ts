/**
 * The utilisation a training step runs at, and why: the user's MFU when given (it wins),
 * else the nearest entry of the measured table (`training/utilisation-entry.ts`) with attention at its
 * kernels' own efficiency, else, for GPUs no published run measured or FP32 math, the
 * published default.
 */
import { attentionCurve, attentionShareAt } from "./attention-speed.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import type { ModelSpec } from "../model/model.ts";
import { isArch, shapeFromParams } from "../model/model.ts";
import type { MathFormat } from "../hardware/precision.ts";
import type { Assumption, SourceKey } from "../result.ts";
import { attentionHeadDim, matmulParams } from "./flops.ts";
import type { StepUtilisation } from "./step.ts";
import type { MatchKind, UtilisationEntry } from "./utilisation-entry.ts";
import { gpuFamily, keyName, pickUtilisation, sizeClass, stackOf } from "./utilisation-entry.ts";
import { UTILISATION_TABLE } from "../generated/utilisation-table.ts";
import type { AttentionKernel } from "./attention-speed.ts";
import type { Framework } from "../vocabulary.ts";
import { MFU_DEFAULT } from "../vocabulary.ts";

export interface UtilisationRequest {
  model: ModelSpec;
  gpu: GpuSpec;
  format: MathFormat;
  fp8: boolean;
  framework?: Framework;
  flashAttention: boolean;
  /** The fused kernel when attention is not eager. */
  attentionKernel: AttentionKernel;
  /** Tokens per sequence: the attention kernels' speed depends on it. */
  seqLen: number;
  /** The user's model FLOPs utilisation; wins over the table. */
  mfu?: number;
  /** The table; absent, the fitted one. */
  table?: readonly UtilisationEntry[];
}

/** Kernels by the names their authors give them (the same in every language). */
const ATTENTION_KERNEL_NAMES = {
  flash2: "FlashAttention-2",
  flash1: "FlashAttention",
  "flash-triton": "FlashAttention (Triton)",
  eager: "PyTorch eager",
} as const;

const GAVE_SOURCE: Record<MatchKind, SourceKey> = {
  exact: "mfu-table",
  "other-size": "mfu-other-size",
  "other-stack": "mfu-other-stack",
  "other-family": "mfu-other-family",
  "moe-as-dense": "mfu-moe-as-dense",
  "fp8-as-16-bit": "mfu-fp8-as-16-bit",
};

export function trainingUtilisation(r: UtilisationRequest): {
  utilisation: StepUtilisation;
  assumptions: Assumption[];
} {
  if (r.mfu !== undefined)
    return {
      utilisation: { kind: "mfu", mfu: r.mfu },
      assumptions: [{ key: "mfu", value: r.mfu, source: "request" }],
    };
  const family = gpuFamily(r.gpu);
  const fallback = {
    utilisation: { kind: "mfu", mfu: MFU_DEFAULT } as const,
    assumptions: [
      {
        key: "mfu",
        value: MFU_DEFAULT,
        source: "mfu-published",
      } satisfies Assumption,
    ],
  };
  // FP32 runs on the CUDA cores, which no table entry measured.
  if (!family || r.format === "fp32") return fallback;
  // A GPU without FP8 tensor math runs the layers in 16 bits (the task warns).
  const fp8 = r.fp8 && r.gpu.tensorTflopsDense.fp8 !== undefined;
  const pick = pickUtilisation(
    {
      family,
      format: fp8 ? "fp8" : "16-bit",
      stack: stackOf(r.framework),
      moe: isArch(r.model) && r.model.moe !== undefined,
      size: sizeClass(matmulParams(r.model)),
    },
    r.table ?? UTILISATION_TABLE,
  );
  if (!pick) return fallback;
  const arch = isArch(r.model) ? r.model : shapeFromParams(r.model.params);
  const method = r.flashAttention ? r.attentionKernel : "eager";
  const attention = attentionCurve(family, method, attentionHeadDim(arch));
  const entry = keyName(pick.entry);
  const params = {
    entry,
    rows: pick.entry.rows,
    sources: pick.entry.sources.join(", "),
  };
  return {
    utilisation: { kind: "table", dense: pick.entry.dense, denseFormat: pick.format, attention },
    assumptions: [
      {
        key: "dense-utilisation-share",
        value: pick.entry.dense,
        source: "mfu-table",
        sourceParams: params,
      },
      ...pick.gave.map((g): Assumption => ({
        key: "utilisation-entry",
        value: entry,
        source: GAVE_SOURCE[g],
      })),
      {
        key: "attention-efficiency",
        value: attentionShareAt(attention, r.seqLen),
        source: !r.flashAttention
          ? "eager-attention-bench"
          : attention.derived
            ? "attention-bench-carried"
            : "flash-attention-bench",
        sourceParams: {
          kernel: ATTENTION_KERNEL_NAMES[method],
          gpu: attention.bench === "h100" ? "H100" : "A100",
          headDim: attention.headDim,
          seqLen: r.seqLen,
        },
      },
    ],
  };
}
