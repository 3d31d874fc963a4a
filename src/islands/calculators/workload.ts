/**
 * Maps store state to the estimation core's inputs. This is the only glue between the UI
 * and `src/estimate/`: no formula lives here, only which field feeds which input (the same
 * mapping `src/estimate/run.ts` does for the command line; e2e tests compare the two).
 */
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { TrainingMemoryInput } from "../../estimate/training-memory.ts";
import { trainingMemory } from "../../estimate/training-memory.ts";
import type { InferenceMemoryInput } from "../../estimate/inference-memory.ts";
import { inferenceMemory, defaultScaleBits, quantizedWeightBytes } from "../../estimate/inference-memory.ts";
import { decodeSpeed, prefillSeconds, requestsPerSecond } from "../../estimate/inference-speed.ts";
import { isArch, paramCounts, shapeFromParams } from "../../estimate/model.ts";
import { kvBytesPerToken } from "../../estimate/kv-cache.ts";
import type { LoraTarget } from "../../estimate/lora.ts";
import type { Workload } from "../../estimate/fit-rank.ts";
import { trainingFlops, MFU_DEFAULT } from "../../estimate/compute-time.ts";
import { mathFormatFor } from "../../estimate/precision.ts";
import type { ModelState } from "../../stores/model.ts";
import type { TrainingState } from "../../stores/training.ts";
import type { InferenceState } from "../../stores/inference.ts";
import type { ComputeState } from "../../stores/compute.ts";
import type { CostState } from "../../stores/cost.ts";

/** QLoRA adapts every linear layer of the blocks (Dettmers et al. 2023, sec. 4). */
export const LORA_TARGETS_ALL: readonly LoraTarget[] = ["q", "k", "v", "o", "gate", "up", "down"];

export const findGpu = (gpus: readonly GpuSpec[], id: string): GpuSpec | undefined => gpus.find((g) => g.id === id);

export function trainingInput(m: ModelState, t: TrainingState, gpu: GpuSpec | undefined): TrainingMemoryInput {
  const input: TrainingMemoryInput = {
    model: m.spec, precision: t.precision, optimizer: t.optimizer, microBatch: t.microBatch, seqLen: t.seqLen,
    recompute: t.recompute, flashAttention: t.flash, gradAccumulation: t.gradAccum, gpus: t.gpus,
    tensorParallel: Math.min(t.tp, t.gpus), sharding: t.sharding, offload: t.offload, headroom: t.headroomPct / 100,
  };
  if (t.lora !== "none") input.lora = { rank: t.loraRank, targets: LORA_TARGETS_ALL, baseBits: t.lora === "qlora" ? 4 : 16 };
  if (gpu) input.gpu = gpu;
  return input;
}

export function inferenceInput(m: ModelState, s: InferenceState, gpu: GpuSpec | undefined): InferenceMemoryInput {
  const input: InferenceMemoryInput = {
    model: m.spec, weightBits: s.weightBits, kvBits: s.kvBits, contextTokens: s.context, sequences: s.sequences,
    engine: s.engine, gpuMemoryUtilization: s.utilPct / 100, tensorParallel: s.gpus, headroom: s.headroomPct / 100,
  };
  if (gpu) input.gpu = gpu;
  return input;
}

/** Decode, prefill and serving rates on `gpu`, wired as run.ts's "decode-speed" task does. */
export function speed(m: ModelState, s: InferenceState, gpu: GpuSpec) {
  const counts = paramCounts(m.spec);
  const arch = isArch(m.spec) ? m.spec : shapeFromParams(m.spec.params);
  const share = counts.active / counts.total;
  const weightBytes = quantizedWeightBytes(counts.active, counts.quantizable * share, s.weightBits, defaultScaleBits(s.weightBits), s.engine);
  const decode = decodeSpeed({
    gpu, weightBytes: weightBytes / s.gpus, activeParams: counts.active, kvBytesPerToken: kvBytesPerToken(arch, s.kvBits),
    contextTokens: s.context, batch: s.sequences, engine: s.engine, gpus: s.gpus,
  });
  const prefill = prefillSeconds({ gpu, activeParams: counts.active, promptTokens: s.promptTokens, engine: s.engine, gpus: s.gpus });
  const serving = requestsPerSecond({ decode, ttftSeconds: prefill.seconds, outputTokens: s.outputTokens, concurrency: s.sequences });
  return { decode, prefill, serving };
}

/** Training FLOPs of the job in `$compute`: 6·N·D on active parameters, or samples x FLOPs per sample. */
export function jobFlops(m: ModelState, c: ComputeState, t: TrainingState): number {
  return c.mode === "tokens"
    ? trainingFlops({ kind: "transformer", params: paramCounts(m.spec).active, tokens: c.tokens, fullRecompute: t.recompute === "full" })
    : trainingFlops({ kind: "samples", samples: c.samples, flopsPerSample: c.flopsPerSample, forwardOnly: c.forwardOnly });
}

/** The fit table's workload, wired as run.ts's "fit-rank" task does (ZeRO-3 when split for training). */
export function fitWorkload(mode: "training" | "inference", m: ModelState, t: TrainingState, s: InferenceState, c: ComputeState): Workload {
  const train = mode === "training";
  const base = trainingInput(m, t, undefined);
  const inf = inferenceInput(m, s, undefined);
  return {
    memoryPerGpu: (n) =>
      train
        ? trainingMemory({ ...base, gpus: n, tensorParallel: 1, sharding: n > 1 ? "zero3" : base.sharding ?? "none" }).nvidiaSmiBytes
        : inferenceMemory({ ...inf, tensorParallel: n }).nvidiaSmiBytes,
    flops: train ? jobFlops(m, c, t) : null,
    format: mathFormatFor(train ? t.precision : "bf16-mixed"),
    mfu: c.mfuPct / 100 || MFU_DEFAULT,
    scaling: c.scalingPct / 100,
    splitNeedsFastLink: !train,
    memoryBound: !train,
    headroom: (train ? t.headroomPct : s.headroomPct) / 100,
  };
}

/** Price per GPU-hour of each GPU that has a node option in the cost comparison. */
export function pricesPerGpu(k: CostState): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const o of k.options) if (o.price > 0 && prices[o.gpu] === undefined) prices[o.gpu] = o.price / o.gpus;
  return prices;
}
