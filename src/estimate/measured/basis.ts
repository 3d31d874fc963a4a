/**
 * A measured basis for a plan: the throughput a real run reached on one GPU type and count,
 * set beside this site's estimate for the same setup on the same GPU, and the ratio between
 * them carried to every other GPU.
 *
 * Why a ratio and not the measured figure alone: a log measures one GPU. What it says about
 * the others is how far the estimate was off for this workload and software (the data loader,
 * the framework's kernels, the server's scheduler), and most of that goes with the workload,
 * not the GPU. How much of the miss is the GPU's own is not in the log, so the other GPUs'
 * speed lies between the estimate alone (none of it carries) and the estimate × the ratio (all
 * of it carries): that range is reported beside every row the ratio scaled. The run's own GPU
 * at the run's count gets the measured figure itself (estimate × ratio = measured).
 *
 * The estimate is the one the plan ranks with (`training/run.ts`'s step for training,
 * `serving/speed.ts` for serving), so the ratio compares like with like.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import type { TokenFlops } from "../training/flops.ts";
import type { TrainingMemoryInput } from "../memory/training-memory.ts";
import { trainingMemory } from "../memory/training-memory.ts";
import type { RunOptions } from "../training/run.ts";
import { runOn } from "../training/run.ts";
import type { ServingSpeedInput } from "../serving/speed.ts";
import { servingSpeed } from "../serving/speed.ts";
import type { InferenceMemoryInput } from "../serving/memory.ts";
import { inferenceMemory } from "../serving/memory.ts";
import { poolRunning } from "../serving/decode-speed.ts";
import type { Sharding } from "../vocabulary.ts";

/**
 * What a run measured, as the plan's `measured` field takes it. Training: trained tokens per
 * second per GPU (what Trainer's train_tokens_per_second ÷ GPUs and torchtitan's tps are);
 * serving: output tokens per second of the whole server (vLLM's "Avg generation throughput"),
 * at `concurrency` requests running.
 */
export interface MeasuredRun {
  peakBytes?: number | undefined;
  gpus: number;
  headroom: number;
  gpu?: string | undefined;
  tokensPerSecond?: number | undefined;
  concurrency?: number | undefined;
  /** Serving: the run sent this many requests at once (a burst), not a steady load. */
  burstRequests?: number | undefined;
}

export type BasisKind = "training-tokens-per-gpu" | "serving-output-tokens";

export interface SpeedBasis {
  kind: BasisKind;
  gpu: string;
  gpuName: string;
  gpus: number;
  /** Serving: requests running at once in the run. */
  concurrency: number | null;
  /** Serving: the requests of the burst the run sent, when it sent them all at once. */
  burstRequests: number | null;
  measuredTokensPerSecond: number;
  estimatedTokensPerSecond: number;
  /** measured ÷ estimated: what every row's speed is multiplied by. */
  ratio: number;
  /** The factor range on the estimate the ratio implies for other GPUs: [min(1, r), max(1, r)]. */
  low: number;
  high: number;
  /** Training: this site's memory estimate on the run's GPU and count, in each view a log measures. */
  estimatedMemory: {
    allocatedBytes: number;
    reservedBytes: number;
    deviceUsedBytes: number;
  } | null;
  /** Serving: this site's KV pool on the run's GPU (tokens) and the requests of its context it holds. */
  estimatedKvPoolTokens: number | null;
  estimatedMaxConcurrency: number | null;
}

/** The basis from the two figures; null when the estimate gives no positive speed to divide by. */
export function speedBasis(
  kind: BasisKind,
  gpu: GpuSpec,
  m: MeasuredRun & { tokensPerSecond: number },
  estimated: number,
  extra: Pick<SpeedBasis, "estimatedMemory" | "estimatedKvPoolTokens" | "estimatedMaxConcurrency">,
): SpeedBasis | null {
  if (!(estimated > 0) || !Number.isFinite(estimated)) return null;
  const ratio = m.tokensPerSecond / estimated;
  return {
    kind,
    gpu: gpu.id,
    gpuName: gpu.name,
    gpus: m.gpus,
    concurrency: kind === "serving-output-tokens" ? (m.concurrency ?? null) : null,
    burstRequests: kind === "serving-output-tokens" ? (m.burstRequests ?? null) : null,
    measuredTokensPerSecond: m.tokensPerSecond,
    estimatedTokensPerSecond: estimated,
    ratio,
    low: Math.min(1, ratio),
    high: Math.max(1, ratio),
    ...extra,
  };
}

/** Training: the plan's own step on the run's GPU and count, at the sharding the plan fits it with. */
export function trainingBasis(
  memory: TrainingMemoryInput,
  flops: TokenFlops,
  gpu: GpuSpec,
  sharding: Sharding,
  run: RunOptions,
  m: MeasuredRun & { tokensPerSecond: number },
): SpeedBasis | null {
  const { step } = runOn(memory, flops, gpu, m.gpus, sharding, run);
  const mem = trainingMemory({ ...memory, gpu, gpus: m.gpus, sharding });
  return speedBasis("training-tokens-per-gpu", gpu, m, step.tokensPerSecondPerGpu, {
    estimatedMemory: {
      allocatedBytes: mem.allocatorPeakBytes,
      reservedBytes: mem.reservedBytes,
      deviceUsedBytes: mem.nvidiaSmiBytes,
    },
    estimatedKvPoolTokens: null,
    estimatedMaxConcurrency: null,
  });
}

/**
 * Serving: the server's output tokens/s on the run's GPUs (one tensor-parallel group of
 * `gpus`) under the run's load, and the KV pool the engine would reserve there. The load is
 * the run's own: a burst of `burstRequests` sent at once (`serving/schedule.ts` `burstOf`:
 * ramp, queue, drain), else a steady `concurrency` in flight, whatever load the plan's
 * workload names, so that the ratio compares like with like.
 */
export function servingBasis(
  speed: Omit<ServingSpeedInput, "gpu" | "tensorParallel" | "batch">,
  memory: Omit<InferenceMemoryInput, "gpu" | "tensorParallel" | "sequences">,
  gpu: GpuSpec,
  m: MeasuredRun & { tokensPerSecond: number },
): SpeedBasis | null {
  const burst = m.burstRequests;
  const batch = burst ?? Math.max(1, Math.round(m.concurrency ?? 1));
  const group = { ...memory, gpu, tensorParallel: m.gpus };
  // The requests the engine's KV pool runs at once, as the speed calculator bounds them.
  const running = poolRunning(group, speed.promptTokens, speed.outputTokens);
  const s = servingSpeed({
    ...speed,
    gpu,
    tensorParallel: m.gpus,
    batch,
    arrival: burst === undefined ? "closed" : "burst",
    ...(running === undefined ? {} : { memoryRunning: running }),
  });
  const pool = inferenceMemory({ ...group, sequences: Math.min(batch, running ?? batch) }).kvPool;
  return speedBasis("serving-output-tokens", gpu, m, s.tokensPerSecond, {
    estimatedMemory: null,
    estimatedKvPoolTokens: pool ? pool.tokens : null,
    estimatedMaxConcurrency: pool ? pool.maxSequences : null,
  });
}
