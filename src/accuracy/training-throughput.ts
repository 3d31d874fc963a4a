/**
 * Training throughput against published runs (`training-throughput-rows.ts`): each row
 * written as the `train-time` request a user would send for that run, run through the same
 * task code as the calculator and the command line, and its tokens per second per GPU
 * compared with what the source measured. Calibration rows (the utilisation table was
 * fitted on them) and validation rows (nothing was) are summarised apart.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { ModelSpec } from "../estimate/model/model.ts";
import { isArch } from "../estimate/model/model.ts";
import { checkModel } from "../estimate/model/source.ts";
import type { ResolvedModelValue } from "../estimate/model/value.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { runRequest } from "../estimate/registry.ts";
import type { UtilisationEntry } from "../estimate/training/utilisation-entry.ts";
import type { AccuracyRow } from "./cases.ts";
import type { ThroughputRow } from "./training-throughput-rows.ts";

/** Tokens the requests train on: any amount gives the same tokens per second. */
const ROW_TOKENS = 1e9;

/** The model a row names, as the estimator resolves it. */
export function rowModel(row: ThroughputRow): ModelSpec {
  const checked = checkModel(row.model_json, "model", PRESETS);
  if (checked.issues.length > 0) throw new Error(`${row.id}: ${JSON.stringify(checked.issues)}`);
  return (checked.keep as ResolvedModelValue).spec;
}

/** A row as the `train-time` request for the same run. */
export function throughputRequest(row: ThroughputRow): Record<string, unknown> {
  return {
    task: "train-time",
    model: row.model_json,
    gpu: row.gpu,
    gpus: row.gpus,
    precision: row.precision,
    fp8: row.fp8,
    attentionKernel: row.attention_kernel,
    ...(row.framework === undefined ? {} : { framework: row.framework }),
    microBatch: row.micro_batch,
    seqLen: row.seq_len,
    gradAccumulation: row.grad_accumulation,
    recompute: row.recompute,
    ...(row.lora_json === undefined ? {} : { lora: row.lora_json }),
    tensorParallel: row.tensor_parallel,
    pipelineParallel: row.pipeline_parallel,
    virtualStages: row.virtual_stages,
    expertParallel: row.expert_parallel,
    sharding: row.sharding,
    ...(row.inter_node_gbps === undefined ? {} : { interNodeGbps: row.inter_node_gbps }),
    tokens: ROW_TOKENS,
  };
}

/** The estimate's tokens per second per GPU for a row, with a given utilisation table. */
export function estimateRow(
  row: ThroughputRow,
  gpus: readonly GpuSpec[],
  utilisation?: readonly UtilisationEntry[],
): number {
  // Only the row's GPU: the task would also time the job on every other catalog GPU.
  const r = runRequest(throughputRequest(row), {
    gpus: gpus.filter((g) => g.id === row.gpu),
    presets: PRESETS,
    ...(utilisation === undefined ? {} : { utilisation }),
  });
  if (!r.ok) throw new Error(`${row.id}: request refused: ${JSON.stringify(r.issues)}`);
  return (r.result as unknown as { tokensPerSecondPerGpu: number }).tokensPerSecondPerGpu;
}

/** A row against its measurement; `moe` tells mixture-of-experts runs apart. */
/** `adapter`: LoRA or QLoRA, whose likely range is a kind of its own (`rangeKindOf`). */
export type ThroughputAccuracyRow = AccuracyRow & {
  moe: boolean;
  adapter: boolean;
  source: string;
};

/** Every row against its measurement, as the accuracy page lists it. */
export function trainingThroughputTable(
  rows: readonly ThroughputRow[],
  gpus: readonly GpuSpec[],
): ThroughputAccuracyRow[] {
  return scoreRows(rows, gpus);
}

/** Rows against their measurements with a given utilisation table (absent: the fitted one). */
export function scoreRows(
  rows: readonly ThroughputRow[],
  gpus: readonly GpuSpec[],
  utilisation?: readonly UtilisationEntry[],
): ThroughputAccuracyRow[] {
  return rows.map((row) => {
    const estimate = estimateRow(row, gpus, utilisation);
    const model = rowModel(row);
    return {
      moe: isArch(model) && model.moe !== undefined,
      adapter: row.lora_json !== undefined,
      source: row.source_id,
      id: row.id,
      role: row.role,
      description: `${row.model}, ${row.gpus} x ${row.gpu}, ${row.fp8 ? "FP8" : row.precision}, sequence ${row.seq_len}${layout(row)}`,
      measures: `tokens/s per GPU (${row.source}, ${row.date})`,
      estimate,
      measured: row.tokens_per_s_per_gpu,
      unit: "tok/s",
      kind: "throughput",
      signedError: (estimate - row.tokens_per_s_per_gpu) / row.tokens_per_s_per_gpu,
    };
  });
}

function layout(r: ThroughputRow): string {
  const parts = [
    r.tensor_parallel > 1 ? `TP ${r.tensor_parallel}` : "",
    r.pipeline_parallel > 1
      ? `PP ${r.pipeline_parallel}${r.virtual_stages > 1 ? ` (VP ${r.virtual_stages})` : ""}`
      : "",
    r.expert_parallel > 1 ? `EP ${r.expert_parallel}` : "",
    r.context_parallel > 1 ? `CP ${r.context_parallel}` : "",
    r.lora_json ? "LoRA" : "",
  ].filter((p) => p !== "");
  return parts.length ? `, ${parts.join(", ")}` : "";
}

/** Median, 90th percentile (nearest rank) and largest |error|, for a set of rows. */
export function errorSpread(rows: readonly Pick<AccuracyRow, "signedError">[]): {
  count: number;
  median: number;
  p90: number;
  max: number;
} {
  const xs = rows.map((r) => Math.abs(r.signedError)).sort((a, b) => a - b);
  const mid = Math.floor(xs.length / 2);
  const median = xs.length % 2 ? (xs[mid] ?? 0) : ((xs[mid - 1] ?? 0) + (xs[mid] ?? 0)) / 2;
  const rank = Math.max(0, Math.ceil(0.9 * xs.length) - 1);
  return { count: xs.length, median, p90: xs[rank] ?? 0, max: xs.at(-1) ?? 0 };
}

/**
 * Published runs read but not rows, and why (the reasons are texts of the accuracy page's
 * dictionary, `src/i18n/accuracy.ts`): each lacks a fact the estimate needs, or was measured
 * on hardware the catalog does not hold. None is left out for its error.
 */
export const EXCLUDED_THROUGHPUT_RUNS = [
  { id: "Megatron-Core r0.8: 70B-462B", reason: "excludedPipelineUnstated" },
  { id: "Megatron-Core MoE README (2024): Mixtral 8x22B", reason: "excludedNoThroughput" },
  { id: "Llama 3 (Dubey et al. 2024), Table 4", reason: "excludedVirtualStagesUnstated" },
  { id: "torchtitan Llama 3.1 on H100 (2024-12, 2025-06)", reason: "excludedH100Variant" },
  { id: "llm-foundry A100 40GB rows", reason: "excludedA100Sxm40" },
  {
    id: "torchtune QLoRA, 70B full (CPU offload), 405B QLoRA",
    reason: "excludedQuantisedOrOffload",
  },
  {
    id: "NeMo AutoModel Nemotron V3 (Nano, Super, Ultra), Kimi K2",
    reason: "excludedShapes",
  },
] as const;
