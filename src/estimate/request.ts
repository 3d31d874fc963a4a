/**
 * Validation at the edge (command line, URL state): zod/mini schemas whose messages name the
 * field and the allowed range. Nothing past this module re-checks ranges.
 */
import { z } from "zod/mini";

/** A finite number in [min, max] (or (min, max] with `open`), optionally whole. */
function range(min: number, max: number, opts: { int?: boolean; open?: boolean } = {}) {
  const kind = opts.int ? "a whole number" : "a number";
  const error = `must be ${kind} ${opts.open ? ">" : "≥"} ${min} and ≤ ${max}`;
  const base = opts.int ? z.int({ error }) : z.number({ error });
  return base.check(
    opts.open ? z.gt(min, { error }) : z.gte(min, { error }),
    z.lte(max, { error }),
  );
}
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(", ")}` });
const id = z.string({ error: "must be a string id" });
const opt = z.optional;

const archSchema = z
  .object({
    layers: range(1, 1000, { int: true }),
    hidden: range(1, 1e6, { int: true }),
    heads: range(1, 1e4, { int: true }),
    kvHeads: opt(range(1, 1e4, { int: true })),
    headDim: opt(range(1, 1e5, { int: true })),
    ffn: range(1, 1e7, { int: true }),
    vocab: range(1, 1e7, { int: true }),
    tiedEmbeddings: opt(z.boolean()),
    mlp: opt(oneOf(["gated", "plain"])),
    experts: opt(range(1, 1e4, { int: true })),
    activeExperts: opt(range(1, 1e4, { int: true })),
    sharedExperts: opt(range(0, 1e4, { int: true })),
    expertFfn: opt(range(1, 1e7, { int: true })),
  })
  .check(
    // Grouped-query attention shares each K/V head among heads/kvHeads query heads.
    z.refine(
      (m) => m.kvHeads === undefined || (m.kvHeads <= m.heads && m.heads % m.kvHeads === 0),
      {
        error: "must be ≤ heads and divide heads evenly (grouped-query attention)",
        path: ["kvHeads"],
      },
    ),
    z.refine((m) => m.activeExperts === undefined || m.activeExperts <= (m.experts ?? 1), {
      error: "must be ≤ experts",
      path: ["activeExperts"],
    }),
  );
export const modelSchema = z.union(
  [
    z.object({ preset: id }),
    z
      .object({
        params: range(0, 1e14, { open: true }),
        activeParams: opt(range(0, 1e14, { open: true })),
      })
      .check(
        z.refine((m) => m.activeParams === undefined || m.activeParams <= m.params, {
          error: "must be ≤ params",
          path: ["activeParams"],
        }),
      ),
    z.object({ hfConfig: z.record(z.string(), z.unknown()) }),
    archSchema,
  ],
  {
    error:
      "must be {preset}, {params}, {hfConfig} or an architecture {layers, hidden, heads, ffn, vocab, ...}",
  },
);

const overheads = {
  headroom: opt(range(0, 1)),
  cudaContextMiB: opt(range(0, 1e5)),
  fragmentation: opt(range(0, 0.9)),
  gpu: opt(id),
};

const loraSchema = z.object({
  rank: range(1, 4096, { int: true }),
  targets: z
    .array(oneOf(["q", "k", "v", "o", "gate", "up", "down"]))
    .check(z.minLength(1, { error: "must list at least one target" })),
  baseBits: opt(
    z.union([z.literal(4), z.literal(8), z.literal(16)], { error: "must be 4, 8 or 16" }),
  ),
  doubleQuant: opt(z.boolean()),
  dropout: opt(range(0, 1)),
});

export const trainMemorySchema = z.object({
  task: z.literal("train-memory"),
  model: modelSchema,
  precision: opt(oneOf(["fp32", "fp16-mixed", "bf16-mixed", "bf16"])),
  optimizer: opt(oneOf(["adamw", "sgd-momentum", "adam-8bit", "adafactor"])),
  microBatch: range(1, 1e5, { int: true }),
  seqLen: range(1, 1e7, { int: true }),
  recompute: opt(oneOf(["none", "selective", "full"])),
  flashAttention: opt(z.boolean()),
  gradAccumulation: opt(range(1, 1e5, { int: true })),
  gpus: opt(range(1, 1e5, { int: true })),
  tensorParallel: opt(range(1, 1024, { int: true })),
  sharding: opt(oneOf(["none", "zero1", "zero2", "zero3", "fsdp"])),
  offload: opt(oneOf(["none", "optimizer", "optimizer+params"])),
  lora: opt(loraSchema),
  head: opt(oneOf(["lm", "classifier"])),
  dropout: opt(z.boolean()),
  ...overheads,
});

const inferFields = {
  model: modelSchema,
  weightBits: range(1, 32, { open: false }),
  scaleBits: opt(range(0, 16)),
  kvBits: opt(
    z.union([z.literal(4), z.literal(8), z.literal(16), z.literal(32)], {
      error: "must be 4, 8, 16 or 32",
    }),
  ),
  engine: opt(oneOf(["pytorch", "vllm", "llama.cpp"])),
  tensorParallel: opt(range(1, 1024, { int: true })),
};

export const inferMemorySchema = z.object({
  task: z.literal("infer-memory"),
  ...inferFields,
  contextTokens: range(1, 1e8, { int: true }),
  sequences: range(1, 1e6, { int: true }),
  gpuMemoryUtilization: opt(range(0, 1, { open: true })),
  prefillChunkTokens: opt(range(1, 1e7, { int: true })),
  ...overheads,
});

export const decodeSpeedSchema = z.object({
  task: z.literal("decode-speed"),
  ...inferFields,
  gpu: id,
  gpus: opt(range(1, 1024, { int: true })),
  contextTokens: opt(range(0, 1e8, { int: true })),
  batch: opt(range(1, 1e5, { int: true })),
  efficiency: opt(range(0, 1, { open: true })),
  promptTokens: opt(range(0, 1e8, { int: true })),
  outputTokens: opt(range(1, 1e8, { int: true })),
});

export const trainTimeSchema = z.object({
  task: z.literal("train-time"),
  model: opt(modelSchema),
  tokens: opt(range(0, 1e16, { open: true })),
  samples: opt(range(0, 1e16, { open: true })),
  flopsPerSample: opt(range(0, 1e25, { open: true })),
  forwardOnly: opt(z.boolean()),
  precision: opt(oneOf(["fp32", "fp16-mixed", "bf16-mixed", "bf16"])),
  recompute: opt(oneOf(["none", "selective", "full"])),
  gpu: id,
  gpus: opt(range(1, 1e5, { int: true })),
  mfu: opt(range(0, 1, { open: true })),
  scaling: opt(range(0, 1, { open: true })),
  deadlineHours: opt(range(0, 1e6, { open: true })),
  pricePerGpuHour: opt(range(0, 1e6)),
});

const hours = opt(range(0, 1e6));
const optionSchema = z.object({
  gpu: id,
  gpus: range(1, 1e5, { int: true }),
  pricePerHour: range(0, 1e7),
  runHours: hours,
  scaling: opt(range(0, 1, { open: true })),
});
export const costSchema = z.object({
  task: z.literal("cost"),
  options: z.array(optionSchema).check(z.minLength(1, { error: "must list at least one option" })),
  singleGpuHours: hours,
  setupHours: hours,
  dataPrepHours: hours,
  downloadHours: hours,
  exportHours: hours,
  idleHours: hours,
  rerunFraction: opt(range(0, 10)),
  reruns: opt(range(0, 100, { int: true })),
  storageGB: opt(range(0, 1e9)),
  storagePricePerGBMonth: opt(range(0, 1e6)),
  storageMonths: opt(range(0, 1200)),
  transferGB: opt(range(0, 1e9)),
  transferPricePerGB: opt(range(0, 1e6)),
  units: opt(range(0, 1e15, { open: true })),
  monthlyPrice: opt(range(0, 1e9)),
});

export const fitRankSchema = z.object({
  task: z.literal("fit-rank"),
  workload: z.discriminatedUnion("task", [trainMemorySchema, inferMemorySchema], {
    error: "must be a train-memory or infer-memory request",
  }),
  tokens: opt(range(0, 1e16, { open: true })),
  mfu: opt(range(0, 1, { open: true })),
  scaling: opt(range(0, 1, { open: true })),
  prices: opt(z.record(z.string(), range(0, 1e6))),
  sortBy: opt(oneOf(["cost", "time"])),
  gpus: opt(z.array(id)),
});

export const diagnoseSchema = z.object({
  task: z.literal("diagnose"),
  throughputA: range(0, 1e15, { open: true }),
  throughputB: range(0, 1e15, { open: true }),
  peakA: opt(range(0, 1e6, { open: true })),
  peakB: opt(range(0, 1e6, { open: true })),
  gpuA: opt(id),
  gpuB: opt(id),
  precision: opt(oneOf(["fp32", "fp16-mixed", "bf16-mixed", "bf16"])),
});

export const renderSchema = z.object({
  task: z.literal("render"),
  resolution: oneOf(["1080p", "4k", "8k"]),
  complexity: opt(oneOf(["simple", "moderate", "complex"])),
  secondsPerFrame: opt(range(0, 1e7, { open: true })),
  frames: opt(range(1, 1e9, { int: true })),
  gpus: opt(range(1, 1e4, { int: true })),
  scaling: opt(range(0, 1, { open: true })),
  pricePerGpuHour: opt(range(0, 1e6)),
});

export const TASKS = [
  "train-memory",
  "infer-memory",
  "decode-speed",
  "train-time",
  "cost",
  "fit-rank",
  "diagnose",
  "render",
] as const;

export const requestSchema = z.discriminatedUnion(
  "task",
  [
    trainMemorySchema,
    inferMemorySchema,
    decodeSpeedSchema,
    trainTimeSchema,
    costSchema,
    fitRankSchema,
    diagnoseSchema,
    renderSchema,
  ],
  { error: `task must be one of: ${TASKS.join(", ")}` },
);

export type EstimateRequest = z.output<typeof requestSchema>;
export type ModelRequest = z.output<typeof modelSchema>;
export type TrainMemoryRequest = z.output<typeof trainMemorySchema>;
export type InferMemoryRequest = z.output<typeof inferMemorySchema>;

export interface RequestError {
  /** Dotted path of the offending field, e.g. `model.layers`. */
  field: string;
  message: string;
}

export type Parsed = { ok: true; request: EstimateRequest } | { ok: false; errors: RequestError[] };

export function parseRequest(input: unknown): Parsed {
  const r = z.safeParse(requestSchema, input);
  if (r.success) return { ok: true, request: r.data };
  return {
    ok: false,
    errors: r.error.issues.map((i) => ({
      field: i.path.map(String).join(".") || "request",
      message: i.message,
    })),
  };
}
