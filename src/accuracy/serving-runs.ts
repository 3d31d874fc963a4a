/**
 * Published serving runs (`content/reference/serving-throughput.tsv`): an engine serving a
 * model to a number of users at once, each sending a prompt of a stated length and reading a
 * stated number of output tokens, with what the source measured (output tokens/s over all
 * users, time per output token, time to first token), its source and date.
 *
 * Calibration and validation are split by source, never within one, and before any fit:
 * every row of one source document has the same `role`. `calibration` rows join the decode
 * fit (`decode-fit.ts`) and are shown with their in-sample error; `validation` rows are
 * only ever compared with the estimate.
 *
 * `users`: in a `closed` run each of that many users sends the next request when the last
 * one ends (`--max-concurrency`); in a `burst` run that many requests arrive at once and
 * the engine runs as many as it holds. Lengths are means over the run's requests.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { loadCatalog } from "../catalog/load.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { parseMeasuredTable, publisherId } from "./measured-table.ts";
import { ENGINES, WEIGHT_FORMATS } from "../estimate/vocabulary.ts";

export const SERVING_RUNS_URL = new URL(
  "../../content/reference/serving-throughput.tsv",
  import.meta.url,
);

export const SERVING_RUN_COLUMNS = [
  "id",
  "role",
  "engine",
  "engine_version",
  "model",
  "weight_format",
  "weight_bits",
  "kv_bits",
  "gpu",
  "tensor_parallel",
  "users",
  "mode",
  "prompt_tokens",
  "output_tokens",
  "output_tok_s",
  "tpot_ms",
  "ttft_ms",
  "source",
  "publisher",
  "date",
  "notes",
] as const;

const optionalNumber = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce.number().positive().optional(),
);
const count = (min: number) => z.coerce.number().int().min(min);

export const servingRunSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9.-]+$/, "row ids are lowercase words joined by '-'"),
    role: z.enum(["calibration", "validation"]),
    engine: z.enum(ENGINES),
    /** Version as the source gives it. */
    engine_version: z.string().trim().min(1),
    /** A preset id of `src/estimate/model/presets.ts` with the measured model's shape. */
    model: z.string().trim().min(2),
    weight_format: z.enum(WEIGHT_FORMATS),
    weight_bits: z.coerce.number().positive(),
    kv_bits: z.coerce.number().pipe(z.union([z.literal(8), z.literal(16)])),
    gpu: z.string().regex(/^[a-z0-9-]+$/),
    tensor_parallel: count(1),
    users: count(1),
    mode: z.enum(["closed", "burst"]),
    /** Mean prompt and output tokens per request. */
    prompt_tokens: z.coerce.number().positive(),
    output_tokens: z.coerce.number().positive(),
    /** Output tokens per second over all users. */
    output_tok_s: optionalNumber,
    /** Mean time per output token after the first, milliseconds. */
    tpot_ms: optionalNumber,
    /** Mean time to first token, milliseconds. */
    ttft_ms: optionalNumber,
    source: z.string().trim().min(3),
    publisher: publisherId,
    date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, "date must be YYYY, YYYY-MM or YYYY-MM-DD"),
    notes: z.string(),
  })
  .superRefine((r, ctx) => {
    if (r.output_tok_s === undefined && r.tpot_ms === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["output_tok_s"],
        message: "a run needs its output tokens/s or its time per output token",
      });
  });

export type ServingRun = z.infer<typeof servingRunSchema>;

/**
 * Parses the TSV, every problem at once with its line: the header, the schema, catalog GPUs,
 * preset models, and one role per source.
 */
export function parseServingRuns(text: string, gpuIds: ReadonlySet<string>): ServingRun[] {
  const roleOfSource = new Map<string, string>();
  return parseMeasuredTable(text, {
    file: "serving-throughput.tsv",
    columns: SERVING_RUN_COLUMNS,
    schema: servingRunSchema,
    gpuIds,
    check: (row) => {
      const role = roleOfSource.get(row.source);
      roleOfSource.set(row.source, row.role);
      return [
        ...(PRESETS.some((p) => p.id === row.model)
          ? []
          : [`model "${row.model}" is not a preset`]),
        ...(role !== undefined && role !== row.role
          ? [`${row.source} has rows of both roles; a source is one or the other`]
          : []),
      ];
    },
  });
}

/** The serving runs, checked against the schema, the GPU catalog and the presets. */
export function loadServingRuns(): ServingRun[] {
  const gpuIds = new Set(loadCatalog().map((g) => g.id));
  return parseServingRuns(readFileSync(SERVING_RUNS_URL, "utf8"), gpuIds);
}

/** A run as the decode-speed request that estimates it: the lengths it measured, its users. */
export function servingRunRequest(row: ServingRun): Record<string, unknown> {
  const prompt = Math.round(row.prompt_tokens);
  const output = Math.max(1, Math.round(row.output_tokens));
  return {
    task: "decode-speed",
    model: { preset: row.model },
    engine: row.engine,
    weightFormat: row.weight_format,
    weightBits: row.weight_bits,
    kvBits: row.kv_bits,
    gpu: row.gpu,
    tensorParallel: row.tensor_parallel,
    sequences: row.users,
    arrival: row.mode,
    promptTokens: prompt,
    outputTokens: output,
    contextTokens: prompt + output,
  };
}

/**
 * Publishers that supply both sides of the split: a decode calibration row or a calibration
 * run, and a validation run. Their validation runs are scored against constants fitted on
 * their own setups' other data, so the accuracy page also gives the error without them.
 */
export function publishersOnBothSides(
  decodeCalibration: readonly { publisher: string }[],
  runs: readonly ServingRun[],
): string[] {
  const fitted = new Set([
    ...decodeCalibration.map((r) => r.publisher),
    ...runs.filter((r) => r.role === "calibration").map((r) => r.publisher),
  ]);
  const validated = new Set(runs.filter((r) => r.role === "validation").map((r) => r.publisher));
  return [...validated].filter((p) => fitted.has(p)).sort();
}
