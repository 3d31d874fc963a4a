/**
 * Published training throughput (`content/reference/training-throughput.tsv`): tokens per
 * second per GPU of training runs from 2023-2026 stacks, each with its model, sequence
 * length, batch, GPUs, parallel layout, stack, precision, source URL and date.
 *
 * Rows are calibration or validation by their publication, fixed here before any fitting
 * and never by their error: the four 2023-2024 publications the utilisation table is
 * fitted on (MosaicML llm-foundry's benchmark tables, the Megatron-LM README's Megatron-Core
 * r0.8 model table, NVIDIA NeMo 24.07's performance summary, torchtune's README) are
 * calibration; the three 2025-2026 publications (Megatron-Bridge's 25.11 performance
 * summary, torchtitan's H200 community benchmark, NeMo AutoModel's performance summary) are
 * validation. The loader refuses a row whose role is not its source's, so the split cannot
 * drift row by row.
 *
 * Keys are the TSV's column names; an empty cell is a fact that does not apply (no LoRA,
 * one node). The schema refuses a row without a source URL or a date, a multi-node row
 * without its network, a layout that does not divide its GPUs, and (through the loader) a
 * GPU the catalog lacks.
 */
import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { loadGpuSpecs } from "../catalog/load.ts";
import { parseMeasuredTable } from "./measured-table.ts";
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { ATTENTION_KERNELS } from "../estimate/training/attention-speed.ts";
import { FRAMEWORKS, RECOMPUTES, SHARDINGS, TRAINING_PRECISIONS } from "../estimate/vocabulary.ts";

export const THROUGHPUT_URL = new URL(
  "../../content/reference/training-throughput.tsv",
  import.meta.url,
);

/** Each publication's role, decided before fitting (see the file's doc). */
export const ROLE_BY_SOURCE = {
  "llm-foundry": "calibration",
  "megatron-core-r0.8": "calibration",
  "megatron-core-moe-2024": "calibration",
  "nemo-24.07": "calibration",
  torchtune: "calibration",
  "megatron-bridge-25.11": "validation",
  "torchtitan-h200": "validation",
  "nemo-automodel": "validation",
} as const;
export type ThroughputSource = keyof typeof ROLE_BY_SOURCE;

/**
 * Held-out runs gathered after the split (`content/reference/holdout-training.tsv`, role
 * `holdout`): from publications that are none of the above, scored against the shipped
 * table and never fitted on.
 */
export const HOLDOUT_URL = new URL("../../content/reference/holdout-training.tsv", import.meta.url);

const isKnownSource = (s: string): s is ThroughputSource => Object.hasOwn(ROLE_BY_SOURCE, s);

export const THROUGHPUT_COLUMNS = [
  "id",
  "role",
  "source_id",
  "model",
  "model_json",
  "gpu",
  "gpus",
  "precision",
  "fp8",
  "attention_kernel",
  "framework",
  "micro_batch",
  "seq_len",
  "grad_accumulation",
  "recompute",
  "lora_json",
  "tensor_parallel",
  "pipeline_parallel",
  "virtual_stages",
  "expert_parallel",
  "context_parallel",
  "sharding",
  "inter_node_gbps",
  "tokens_per_s_per_gpu",
  "source",
  "url",
  "date",
  "notes",
] as const;

const count = z.coerce.number().int().min(1);
const text = (min: number) => z.string().trim().min(min);
const empty = (v: unknown) => (v === "" ? undefined : v);
/** A JSON object in a cell (a model or a LoRA group, as a request writes it). */
const jsonObject = z.string().transform((s, ctx) => {
  try {
    const v: unknown = JSON.parse(s);
    if (typeof v === "object" && v !== null && !Array.isArray(v))
      return v as Record<string, unknown>;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: "must be a JSON object" });
  return z.NEVER;
});

export const throughputRowSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9.-]+$/, "row ids are lowercase words joined by '-'"),
    role: z.enum(["calibration", "validation", "holdout"]),
    /** The publication: one of `ROLE_BY_SOURCE`, or (holdout rows only) any other. */
    source_id: z.string().regex(/^[a-z0-9.-]+$/, "source ids are lowercase words joined by '-'"),
    /** The model as measured, and where its shape comes from. */
    model: text(3),
    /** The model as a request gives it: a preset or an architecture. */
    model_json: jsonObject,
    /** A catalog GPU id (`content/gpus.json`). */
    gpu: z.string().regex(/^[a-z0-9-]+$/),
    gpus: count,
    precision: z.enum(TRAINING_PRECISIONS),
    /** Linear layers in FP8. */
    fp8: z.enum(["true", "false"]).transform((v) => v === "true"),
    /**
     * The fused attention kernel the run used; FlashAttention-2 stands in for cuDNN's and
     * Transformer Engine's fused attention, which no public benchmark of this kind measured.
     */
    attention_kernel: z.enum(ATTENTION_KERNELS),
    /** A framework the estimator names; empty for the PyTorch stacks it does not list. */
    framework: z.preprocess(empty, z.enum(FRAMEWORKS).optional()),
    micro_batch: count,
    seq_len: count,
    /** Micro-batches per optimizer step on each pipeline. */
    grad_accumulation: count,
    recompute: z.enum(RECOMPUTES),
    lora_json: z.preprocess(empty, jsonObject.optional()),
    tensor_parallel: count,
    pipeline_parallel: count,
    virtual_stages: count,
    expert_parallel: count,
    /** Context parallelism as the source ran it; the estimate counts it as data parallel. */
    context_parallel: count,
    sharding: z.enum(SHARDINGS),
    /** Network between nodes per GPU, Gb/s; empty within one node. */
    inter_node_gbps: z.preprocess(empty, z.coerce.number().positive().optional()),
    tokens_per_s_per_gpu: z.coerce.number().positive(),
    source: text(10),
    url: z.string().regex(/^https:\/\/\S+$/, "url must be an https address"),
    /** When the figure was published: YYYY-MM or YYYY-MM-DD. */
    date: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, "date must be YYYY-MM or YYYY-MM-DD"),
    notes: z.string(),
  })
  .superRefine((r, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message: `${r.id}: ${message}` });
    if (isKnownSource(r.source_id)) {
      if (ROLE_BY_SOURCE[r.source_id] !== r.role)
        fail("role", `rows of ${r.source_id} are ${ROLE_BY_SOURCE[r.source_id]} rows`);
    } else if (r.role !== "holdout")
      fail("source_id", `${r.source_id} is not a calibration or validation publication`);
    const replica = r.tensor_parallel * r.pipeline_parallel * r.context_parallel;
    if (r.gpus % replica !== 0)
      fail("gpus", "tensor x pipeline x context parallel must divide the GPUs");
    if (r.gpus % (r.pipeline_parallel * r.expert_parallel) !== 0)
      fail("expert_parallel", "pipeline x expert parallel must divide the GPUs");
  });

export type ThroughputRow = z.infer<typeof throughputRowSchema>;

/**
 * Parses the TSV and checks every row, the header, the GPU ids and that a row spanning
 * nodes states its network; all problems at once, each naming its line.
 */
export function parseThroughput(
  text: string,
  gpus: readonly GpuSpec[],
  file = "training-throughput.tsv",
): ThroughputRow[] {
  return parseMeasuredTable(text, {
    file,
    columns: THROUGHPUT_COLUMNS,
    schema: throughputRowSchema,
    gpuIds: new Set(gpus.map((g) => g.id)),
    check: (row) => {
      const gpu = gpus.find((g) => g.id === row.gpu);
      return gpu && row.gpus > Math.max(...gpu.nodeGpus) && row.inter_node_gbps === undefined
        ? [`${row.gpus} GPUs span nodes: inter_node_gbps is required`]
        : [];
    },
  });
}

/** The rows, checked against the schema and the GPU catalog. */
export function loadThroughput(gpus: readonly GpuSpec[] = loadGpuSpecs()): ThroughputRow[] {
  const rows = parseThroughput(readFileSync(THROUGHPUT_URL, "utf8"), gpus);
  const held = rows.filter((r) => r.role === "holdout").map((r) => r.id);
  if (held.length)
    throw new Error(
      `training-throughput.tsv: holdout rows go to holdout-training.tsv: ${held.join(", ")}`,
    );
  return rows;
}

/** The held-out rows, every one role `holdout`; none when the file is absent. */
export function loadHoldout(gpus: readonly GpuSpec[] = loadGpuSpecs()): ThroughputRow[] {
  if (!existsSync(HOLDOUT_URL)) return [];
  const rows = parseThroughput(readFileSync(HOLDOUT_URL, "utf8"), gpus, "holdout-training.tsv");
  const stray = rows.filter((r) => r.role !== "holdout").map((r) => r.id);
  if (stray.length) throw new Error(`holdout-training.tsv: not holdout rows: ${stray.join(", ")}`);
  return rows;
}
