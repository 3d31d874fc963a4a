/**
 * What a user can set on the calculator pages, drawn at random (fast-check), and the request
 * each widget means by it, written out here from the README's request reference: the test's
 * own reading of the page, never the stores' request builders. Ranges stay where estimates
 * run (a few GPUs, contexts up to 64k); cross-field rules (tensor parallelism that does not
 * divide the GPUs, a deadline without tokens) are left to chance, so refusals are drawn too.
 */
import fc from "fast-check";
import { COST_FIELDS } from "../../../src/estimate/cost/fields.ts";
import { JOB_FIELDS } from "../../../src/estimate/training/job-fields.ts";
import { PLAN_STORE_FIELDS } from "../../../src/estimate/plan/fields.ts";
import { RENDER_FIELDS } from "../../../src/estimate/batch/fields.ts";
import { KV_BITS, SERVING_FIELDS } from "../../../src/estimate/serving/fields.ts";
import { LORA_FIELDS, TRAINING_FIELDS } from "../../../src/estimate/memory/training-fields.ts";
import type { Preset } from "../../../src/estimate/model/presets.ts";
import type { TaskRequest } from "../../../src/estimate/registry.ts";
import type { CostState } from "../../../src/stores/cost.ts";
import type { FitState } from "../../../src/stores/fit.ts";
import type { JobState } from "../../../src/stores/job.ts";
import type { ModelChoice } from "../../../src/stores/model-choice.ts";
import type { ServingState } from "../../../src/stores/serving.ts";
import type { TrainingState } from "../../../src/stores/training.ts";
import type { YourPricesState } from "../../../src/stores/your-prices.ts";

type Json = Record<string, unknown>;

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const share = fc.double({ min: 0.05, max: 1, noNaN: true });
const some = <T extends Json>(arbs: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(arbs, { requiredKeys: [] });

/** A model as the picker holds it: a preset, a parameter count, or a preset's shape typed in. */
export const modelChoice = (presets: readonly Preset[]): fc.Arbitrary<ModelChoice> =>
  fc.oneof(
    pick(presets).map((p): ModelChoice => ({ kind: "preset", preset: p.id })),
    fc.double({ min: 1e8, max: 2e11, noNaN: true }).map((params): ModelChoice => ({
      kind: "params",
      params: Math.round(params),
    })),
    pick(presets).map((p): ModelChoice => {
      const { layers, hidden, heads, kvHeads, ffn, vocab } = p.model;
      return {
        kind: "arch",
        arch: { layers, hidden, heads, ffn, vocab, ...(kvHeads === undefined ? {} : { kvHeads }) },
      };
    }),
  );

/** The request's `model` for a choice (README, "Models"). */
export function modelRequest(m: ModelChoice): Json {
  if (m.kind === "params") return { params: m.params };
  if (m.kind === "arch") return { ...m.arch };
  return { preset: m.preset };
}

export const training = (gpus: readonly string[]): fc.Arbitrary<TrainingState> =>
  some<TrainingState>({
    framework: pick(TRAINING_FIELDS.framework.options),
    precision: pick(TRAINING_FIELDS.precision.options),
    optimizer: pick(TRAINING_FIELDS.optimizer.options),
    microBatch: fc.integer({ min: 1, max: 16 }),
    seqLen: fc.integer({ min: 16, max: 32_768 }),
    gradAccumulation: fc.integer({ min: 1, max: 8 }),
    recompute: pick(TRAINING_FIELDS.recompute.options),
    flashAttention: fc.boolean(),
    loss: pick(TRAINING_FIELDS.loss.options),
    lora: some<NonNullable<TrainingState["lora"]>>({
      rank: fc.integer({ min: 1, max: 256 }),
      alpha: fc.integer({ min: 1, max: 512 }),
      targets: fc.subarray([...LORA_FIELDS.targets.options], { minLength: 1 }),
      baseBits: pick(LORA_FIELDS.baseBits.options),
      doubleQuant: fc.boolean(),
      dropout: fc.double({ min: 0, max: 0.5, noNaN: true }),
      adapterBits: pick(LORA_FIELDS.adapterBits.options),
      fullModules: fc.subarray([...LORA_FIELDS.fullModules.options]),
    }),
    gpus: pick([1, 2, 4, 8]),
    tensorParallel: pick([1, 2, 4]),
    sharding: pick(TRAINING_FIELDS.sharding.options),
    offload: pick(TRAINING_FIELDS.offload.options),
    head: pick(TRAINING_FIELDS.head.options),
    dropout: fc.boolean(),
    gpu: pick(gpus),
    headroom: fc.double({ min: 0, max: 0.5, noNaN: true }),
    cudaContextMiB: fc.integer({ min: 0, max: 2000 }),
    fragmentation: fc.double({ min: 0, max: 0.5, noNaN: true }),
  });

export const serving = (gpus: readonly string[]): fc.Arbitrary<ServingState> =>
  some<ServingState>({
    engine: pick(SERVING_FIELDS.engine.options),
    weightBits: pick([32, 16, 8, 6.56, 4.85, 4]),
    weightFormat: pick(SERVING_FIELDS.weightFormat.options),
    kvBits: pick(KV_BITS),
    contextTokens: fc.integer({ min: 128, max: 65_536 }),
    sequences: fc.integer({ min: 1, max: 64 }),
    arrival: pick(SERVING_FIELDS.arrival.options),
    gpuMemoryUtilization: fc.double({ min: 0.5, max: 0.95, noNaN: true }),
    tensorParallel: pick([1, 2, 4]),
    gpuLink: pick(SERVING_FIELDS.gpuLink.options),
    gpuLayers: fc.integer({ min: 0, max: 120 }),
    promptTokens: fc.integer({ min: 0, max: 16_384 }),
    outputTokens: fc.integer({ min: 1, max: 4096 }),
    efficiency: share,
    gpu: pick(gpus),
    headroom: fc.double({ min: 0, max: 0.5, noNaN: true }),
  });

export const job = (): fc.Arbitrary<JobState> =>
  some<JobState>({
    work: pick(JOB_FIELDS.work.options),
    tokens: fc.double({ min: 1e6, max: 1e12, noNaN: true }),
    samples: fc.double({ min: 1e3, max: 1e9, noNaN: true }),
    flopsPerSample: fc.double({ min: 1e6, max: 1e15, noNaN: true }),
    forwardOnly: fc.boolean(),
    deadlineHours: fc.double({ min: 0.5, max: 2000, noNaN: true }),
    mfu: share,
    scaling: share,
    pipelineParallel: pick([1, 2, 4]),
    virtualStages: pick([1, 2]),
    expertParallel: pick([1, 2]),
    fp8: fc.boolean(),
  });

const hours = fc.double({ min: 0, max: 100, noNaN: true });
export const cost = (gpus: readonly string[]): fc.Arbitrary<CostState> =>
  fc
    .record(
      {
        options: fc.array(
          some<NonNullable<CostState["options"]>[number]>({
            gpus: pick([1, 2, 4, 8]),
            runHours: fc.double({ min: 0.5, max: 500, noNaN: true }),
            scaling: share,
          }).chain((o) =>
            fc
              .record({
                gpu: pick(gpus),
                pricePerHour: fc.double({ min: 0, max: 80, noNaN: true }),
              })
              .map((r) => ({ ...o, ...r })),
          ),
          { minLength: COST_FIELDS.options.min, maxLength: 4 },
        ),
      },
      { requiredKeys: ["options"] },
    )
    .chain((base) =>
      some<CostState>({
        singleGpuHours: fc.double({ min: 0.5, max: 1000, noNaN: true }),
        baseGpu: pick(gpus),
        bound: pick(COST_FIELDS.bound.options),
        setupHours: hours,
        dataPrepHours: hours,
        downloadHours: hours,
        exportHours: hours,
        idleHours: hours,
        rerunFraction: fc.double({ min: 0, max: 1, noNaN: true }),
        storageGB: fc.double({ min: 0, max: 5000, noNaN: true }),
        storagePricePerGBMonth: fc.double({ min: 0, max: 1, noNaN: true }),
        transferGB: fc.double({ min: 0, max: 5000, noNaN: true }),
        transferPricePerGB: fc.double({ min: 0, max: 0.2, noNaN: true }),
        units: fc.double({ min: 1, max: 1000, noNaN: true }),
        monthlyPrice: fc.double({ min: 100, max: 20_000, noNaN: true }),
      }).map((rest) => ({ ...rest, ...base })),
    );

export const fit = (gpus: readonly string[]): fc.Arbitrary<FitState> =>
  some<FitState>({
    mode: pick(["training", "inference", "batch"] as const),
    epochs: fc.double({ min: 0.5, max: 5, noNaN: true }),
    network: pick(PLAN_STORE_FIELDS.network.options),
    interNodeGbps: pick([25, 100, 200, 400]),
    budget: fc.double({ min: 10, max: 1e5, noNaN: true }),
    sortBy: pick(PLAN_STORE_FIELDS.sortBy.options),
    maxGpus: fc.integer({ min: 1, max: 16 }),
    measuredOn: pick(gpus),
    bound: pick(PLAN_STORE_FIELDS.bound.options),
    currency: pick(PLAN_STORE_FIELDS.currency.options),
    users: fc.integer({ min: 1, max: 200 }),
    outputTokensPerSecondPerUser: fc.double({ min: 1, max: 100, noNaN: true }),
    secondsPerFrame: fc.double({ min: 1, max: 600, noNaN: true }),
    frames: fc.integer({ min: 1, max: 100_000 }),
    resolution: pick(RENDER_FIELDS.resolution.options),
    complexity: pick(RENDER_FIELDS.complexity.options),
  });

/**
 * Prices a user typed on the decision table: each GPU at most once, in either currency (a
 * currency other than the plan's is drawn too, and refused), some rows still without price.
 */
export const yourPrices = (gpus: readonly string[]): fc.Arbitrary<YourPricesState> =>
  some<YourPricesState>({
    prices: fc.uniqueArray(
      fc.record(
        {
          gpu: pick(gpus),
          pricePerGpuHour: fc.double({ min: 0.1, max: 50, noNaN: true }),
          currency: pick(["USD", "CNY"] as const),
        },
        { requiredKeys: ["gpu", "currency"] },
      ),
      { selector: (p) => p.gpu, maxLength: 4 },
    ),
  });

// ---- The requests each widget means (README, "Requests") ----

export const trainMemoryRequest = (
  m: ModelChoice,
  t: TrainingState,
): TaskRequest<"train-memory"> => ({
  task: "train-memory",
  model: modelRequest(m),
  ...t,
});

export const inferMemoryRequest = (
  m: ModelChoice,
  s: ServingState,
): TaskRequest<"infer-memory"> => ({
  task: "infer-memory",
  model: modelRequest(m),
  ...s,
});

export const decodeSpeedRequest = (
  m: ModelChoice,
  s: ServingState,
): TaskRequest<"decode-speed"> => ({
  task: "decode-speed",
  model: modelRequest(m),
  ...s,
});

/** The compute-time widget: the training settings and the job's size, one `train-time` request. */
export const trainTimeRequest = (
  m: ModelChoice,
  t: TrainingState,
  j: JobState,
): TaskRequest<"train-time"> => ({ task: "train-time", model: modelRequest(m), ...t, ...j });

export const costRequest = (k: CostState): TaskRequest<"cost"> => ({ task: "cost", ...k });

/** Only the entries that are set (the request holds no `undefined`). */
const given = <T extends Json>(o: { [K in keyof T]?: T[K] | undefined }): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * The decision table and the front door: what the page says it plans. Its fields start at
 * what the page shows before anything is typed: no currency chosen; a served user reading
 * along at 5.3 tokens/s (238 words a minute); a batch job at the rendering guide's example,
 * 45 s per frame for 2,880 frames measured on an RTX 4090. Tokens, utilisation, scaling,
 * the deadline and a training run's layout (pipeline, virtual stages, expert parallel, FP8)
 * are the compute-time calculator's; prices per GPU-hour are only those the user typed (a
 * row without a price is none), each with its currency; the cost comparison's example
 * options are never the user's prices. The currency is the one the user chose, else none
 * (the plan then takes the prices', else US dollars).
 */
export function planRequest(
  f: FitState,
  m: ModelChoice,
  t: TrainingState,
  s: ServingState,
  j: JobState,
  y: YourPricesState,
): TaskRequest<"plan"> {
  const mode = f.mode ?? "training";
  const workload: Json =
    mode === "training"
      ? trainMemoryRequest(m, t)
      : mode === "inference"
        ? given({
            task: "serve",
            model: modelRequest(m),
            ...s,
            users: f.users,
            outputTokensPerSecondPerUser: f.outputTokensPerSecondPerUser ?? 5.3,
          })
        : given({
            task: "render",
            secondsPerFrame: f.secondsPerFrame ?? 45,
            frames: f.frames ?? 2880,
            resolution: f.resolution,
            complexity: f.complexity,
          });
  const prices: Record<string, { pricePerGpuHour: number; currency?: "USD" | "CNY" }> = {};
  for (const p of y.prices ?? [])
    if (p.gpu !== undefined && p.pricePerGpuHour !== undefined)
      prices[p.gpu] = {
        pricePerGpuHour: p.pricePerGpuHour,
        ...(p.currency === undefined ? {} : { currency: p.currency }),
      };
  return given<TaskRequest<"plan">>({
    task: "plan",
    workload,
    // The page shows each GPU at its best count only, and asks for no other.
    counts: "best",
    epochs: f.epochs,
    network: f.network,
    interNodeGbps: f.interNodeGbps,
    budget: f.budget,
    sortBy: f.sortBy,
    maxGpus: f.maxGpus,
    currency: f.currency,
    ...(mode === "batch" ? { measuredOn: f.measuredOn ?? "rtx-4090", bound: f.bound } : {}),
    ...(mode === "training"
      ? {
          tokens: j.tokens,
          pipelineParallel: j.pipelineParallel,
          virtualStages: j.virtualStages,
          expertParallel: j.expertParallel,
          fp8: j.fp8,
        }
      : {}),
    ...(mode === "batch" ? {} : { mfu: j.mfu, scaling: j.scaling }),
    // Serving runs as long as it is rented: it has no deadline.
    ...(mode === "inference" ? {} : { deadlineHours: j.deadlineHours }),
    ...(Object.keys(prices).length ? { prices } : {}),
  });
}
