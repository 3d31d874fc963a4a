/**
 * Decode-speed calibration rows (`content/reference/decode-calibration.tsv`): published
 * decode measurements, single-stream and static batches, by engine, weight format and GPU
 * (a batch row is one decode step over `batch` sequences), each with the model's
 * architecture from its config.json and the source it was read from. The estimator derives
 * its achieved-bandwidth fractions from these rows and the accuracy page lists them as
 * "calibration", apart from the rows that validate; a row that set a constant is never
 * scored. Held-out validation rows are kept out of this file on purpose.
 *
 * Keys are the TSV's column names (units in the names); an empty cell is a fact the source
 * does not state or that does not apply (a dense model has no experts). The schema refuses a
 * row without a source or date, a weight width that does not fit its format, a multi-GPU row
 * without its link, and (through the loader) a GPU the catalog lacks.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { loadCatalog } from "../catalog/load.ts";
import { parseMeasuredTable, publisherId } from "./measured-table.ts";
import { ENGINES, WEIGHT_FORMATS } from "../estimate/vocabulary.ts";

export const CALIBRATION_URL = new URL(
  "../../content/reference/decode-calibration.tsv",
  import.meta.url,
);

/** Rows name the estimator's own engines and weight formats (`vocabulary.ts`). */
export const CALIBRATION_ENGINES = ENGINES;
export { WEIGHT_FORMATS };

/**
 * How a multi-GPU row's GPUs were joined, as the source states it: `pcie-no-p2p` PCIe with
 * peer-to-peer off (NCCL through host memory), `network` several nodes, `unknown` unstated.
 */
export const CALIBRATION_LINKS = [
  "nvswitch",
  "nvlink-bridge",
  "pcie",
  "pcie-no-p2p",
  "network",
  "unknown",
] as const;

/** The file's header, in order; a file with other columns is refused. */
export const CALIBRATION_COLUMNS = [
  "id",
  "engine",
  "engine_version",
  "model",
  "config_source",
  "params_total",
  "params_active",
  "layers",
  "hidden",
  "heads",
  "kv_heads",
  "head_dim",
  "ffn",
  "vocab",
  "tied_embeddings",
  "experts",
  "active_experts",
  "expert_ffn",
  "shared_experts",
  "weight_format",
  "weight_bits",
  "gpu",
  "gpus",
  "tensor_parallel",
  "link",
  "batch",
  "prompt_tokens",
  "gen_tokens",
  "tokens_per_s",
  "source",
  "publisher",
  "date",
  "notes",
] as const;

/** A whole number in a cell ("" is refused: use `optionalCount` where a cell may be empty). */
const count = (min: number) => z.coerce.number().int().min(min);
/** An empty cell (not stated, or not applicable) or a whole number. */
const optionalCount = (min: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), count(min).optional());
const text = (min: number) => z.string().trim().min(min);

/** Nominal bits a format allows: gguf and exl2 widths are averages over mixed blocks. */
const BITS_RANGE: Record<(typeof WEIGHT_FORMATS)[number], (bits: number) => boolean> = {
  fp16: (b) => b === 16,
  fp8: (b) => b === 8,
  gptq: (b) => [2, 3, 4, 8].includes(b),
  awq: (b) => b === 4,
  bnb: (b) => b === 4 || b === 8,
  gguf: (b) => b >= 1.5 && b <= 16,
  exl2: (b) => b >= 2 && b <= 8,
};

export const calibrationRowSchema = z
  .object({
    /** Stable row id, e.g. `qwen25-vl-13`. */
    id: z.string().regex(/^[a-z0-9.-]+$/, "row ids are lowercase words joined by '-'"),
    engine: z.enum(CALIBRATION_ENGINES),
    /** Version or commit as the source gives it, with the kernel or runtime where stated. */
    engine_version: text(1),
    /** Model name as measured (the checkpoint's family name). */
    model: text(2),
    /** Where the architecture columns come from (a config.json, with how it was read). */
    config_source: text(5),
    /** Parameters, count (the notes say whether from the model card or the config). */
    params_total: count(1),
    /** Parameters used per token (equal to the total for a dense model). */
    params_active: count(1),
    layers: count(1),
    hidden: count(1),
    heads: count(1),
    kv_heads: count(1),
    head_dim: count(1),
    /** Dense MLP width (`intermediate_size`). */
    ffn: count(1),
    vocab: count(1),
    tied_embeddings: z.enum(["true", "false"]).transform((v) => v === "true"),
    /** Routed experts per MoE layer; empty for a dense model. */
    experts: optionalCount(2),
    active_experts: optionalCount(1),
    expert_ffn: optionalCount(1),
    shared_experts: optionalCount(0),
    weight_format: z.enum(WEIGHT_FORMATS),
    /** Bits per weight: nominal for gptq/awq/fp8/fp16, the type's effective width for gguf, the bpw for exl2. */
    weight_bits: z.coerce.number().positive(),
    /** A catalog GPU id (`content/gpus.json`). */
    gpu: z.string().regex(/^[a-z0-9-]+$/),
    gpus: count(1),
    tensor_parallel: count(1),
    /** How the GPUs were joined; empty on a single GPU, required on several. */
    link: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CALIBRATION_LINKS).optional()),
    /** Sequences decoded together. */
    batch: count(1),
    /** Prompt length, tokens; empty where the source does not state it. */
    prompt_tokens: optionalCount(0),
    /** Tokens generated in the measurement; empty where not stated. */
    gen_tokens: optionalCount(1),
    /** Decode speed per sequence, tokens per second, as the source measured it. */
    tokens_per_s: z.coerce.number().positive(),
    source: text(3),
    publisher: publisherId,
    /** When the figure was published: YYYY-MM-DD, or YYYY-MM / YYYY where the source says no more. */
    date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "date must be YYYY, YYYY-MM or YYYY-MM-DD"),
    notes: z.string(),
  })
  .superRefine((r, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message: `${r.id}: ${message}` });
    const moe = [r.experts, r.active_experts, r.expert_ffn, r.shared_experts];
    if (moe.some((v) => v === undefined) && moe.some((v) => v !== undefined))
      fail("experts", "experts, active_experts, expert_ffn and shared_experts go together");
    if (r.experts !== undefined && (r.active_experts ?? 0) > r.experts)
      fail("active_experts", "more active experts than experts");
    if (r.experts === undefined && r.params_active !== r.params_total)
      fail("params_active", "a dense model uses all its parameters");
    if (r.experts !== undefined && r.params_active >= r.params_total)
      fail("params_active", "an MoE model uses fewer parameters per token than it has");
    if (r.heads % r.kv_heads !== 0) fail("kv_heads", "attention heads must divide into KV heads");
    if (!BITS_RANGE[r.weight_format](r.weight_bits))
      fail("weight_bits", `${r.weight_bits} bits do not fit ${r.weight_format}`);
    if (r.tensor_parallel > r.gpus || r.gpus % r.tensor_parallel !== 0)
      fail("tensor_parallel", "tensor parallel must divide the GPU count");
    if (r.gpus > 1 && r.link === undefined) fail("link", "a multi-GPU row needs its link");
    if (r.gpus === 1 && r.link !== undefined) fail("link", "a single-GPU row has no link");
  });

export type CalibrationRow = z.infer<typeof calibrationRowSchema>;

/**
 * Parses the TSV and checks every row, the header and the GPU ids; all problems at once,
 * each naming its line, so a broken edit says where it is.
 */
export function parseCalibration(text: string, gpuIds: ReadonlySet<string>): CalibrationRow[] {
  return parseMeasuredTable(text, {
    file: "decode-calibration.tsv",
    columns: CALIBRATION_COLUMNS,
    schema: calibrationRowSchema,
    gpuIds,
  });
}

/** The calibration rows, checked against the schema and the GPU catalog. */
export function loadCalibration(): CalibrationRow[] {
  const gpuIds = new Set(loadCatalog().map((g) => g.id));
  return parseCalibration(readFileSync(CALIBRATION_URL, "utf8"), gpuIds);
}
