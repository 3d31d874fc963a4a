/**
 * Shared fixtures for the estimation-core tests. GPU figures from gpu-datasheets.tsv (dense);
 * link facts and nvidia-smi memory.total from content/gpus.json (PCIe per direction: Gen3
 * x16 15.75, Gen4 x16 31.5 GB/s).
 */
import type { ExchangeRate } from "../../../src/estimate/cost/exchange.ts";
import type { GpuSpec } from "../../../src/estimate/hardware/gpu.ts";
import { mibToBytes } from "../../../src/estimate/units.ts";
import type { BreakdownItem } from "../../../src/estimate/result.ts";
import type { LoraConfig } from "../../../src/estimate/memory/lora.ts";
import type { TrainingMemoryInput } from "../../../src/estimate/memory/training-memory.ts";
import type { TokenFlops } from "../../../src/estimate/training/flops.ts";
import { findPreset, PRESETS } from "../../../src/estimate/model/presets.ts";
import type { ServingSpeedInput } from "../../../src/estimate/serving/speed.ts";
import type { TaskId, TaskRequest, TaskResult } from "../../../src/estimate/registry.ts";
import { runRequest, runTyped } from "../../../src/estimate/registry.ts";
import type { TaskContext } from "../../../src/estimate/request/task.ts";

export const rtx4090: GpuSpec = {
  id: "rtx-4090",
  name: "GeForce RTX 4090",
  vendor: "NVIDIA",
  segment: "consumer",
  memoryGB: 24,
  memoryTotalBytes: mibToBytes(24564),
  bandwidthGBps: 1008,
  fp32Tflops: 82.6,
  tensorTflopsDense: { tf32: 82.6, fp16: 165.2, bf16: 165.2, fp8: 330.3, int8: 660.6 },
  link: "pcie",
  pcieGBps: 31.5,
  pcieP2p: "no",
  nodeGpus: [1, 2, 4, 8],
  tdpW: 450,
  unverified: [],
};
export const a100: GpuSpec = {
  id: "a100-80gb-sxm",
  name: "NVIDIA A100 80GB SXM",
  vendor: "NVIDIA",
  segment: "datacenter",
  memoryGB: 80,
  memoryTotalBytes: mibToBytes(81920),
  bandwidthGBps: 2039,
  fp32Tflops: 19.5,
  tensorTflopsDense: { tf32: 156, fp16: 312, bf16: 312, int8: 624 },
  link: "nvswitch",
  linkGBps: 600,
  pcieGBps: 31.5,
  pcieP2p: "unverified",
  nodeGpus: [1, 8],
  tdpW: 400,
  unverified: [],
};
export const t4: GpuSpec = {
  id: "t4",
  name: "NVIDIA T4",
  vendor: "NVIDIA",
  segment: "datacenter",
  memoryGB: 16,
  memoryTotalBytes: mibToBytes(15360),
  bandwidthGBps: 320,
  fp32Tflops: 8.1,
  tensorTflopsDense: { fp16: 65, int8: 130 },
  link: "pcie",
  pcieGBps: 15.75,
  pcieP2p: "unverified",
  nodeGpus: [1, 4, 8],
  tdpW: 70,
  unverified: [],
};
export const a10g: GpuSpec = {
  id: "a10g",
  name: "NVIDIA A10G",
  vendor: "NVIDIA",
  segment: "datacenter",
  memoryGB: 24,
  memoryTotalBytes: mibToBytes(23028),
  bandwidthGBps: 600,
  fp32Tflops: 31.2,
  tensorTflopsDense: { tf32: 35, fp16: 70, bf16: 70 },
  link: "pcie",
  pcieGBps: 31.5,
  pcieP2p: "unverified",
  nodeGpus: [1, 4, 8],
  tdpW: 300,
  unverified: ["fp16", "bf16"],
};
export const GPUS: readonly GpuSpec[] = [rtx4090, a100, t4, a10g];

export const sum = (b: readonly BreakdownItem[]): number => b.reduce((a, x) => a + x.value, 0);
export const valueOf = (b: readonly BreakdownItem[], key: string): number =>
  b.find((x) => x.key === key)?.value ?? Number.NaN;

/** Every number anywhere in the value is finite (no NaN, no Infinity). */
export const allFinite = (v: unknown): boolean =>
  typeof v === "number"
    ? Number.isFinite(v)
    : Array.isArray(v)
      ? v.every(allFinite)
      : v !== null && typeof v === "object"
        ? Object.values(v).every(allFinite)
        : true;

/** Every number anywhere in the value is ≥ 0 (where a quantity cannot be negative). */
export const allNonNegative = (v: unknown): boolean =>
  typeof v === "number"
    ? v >= 0
    : Array.isArray(v)
      ? v.every(allNonNegative)
      : v !== null && typeof v === "object"
        ? Object.values(v).every(allNonNegative)
        : true;

/** |actual / expected - 1| ≤ tol. */
export function expectRel(actual: number, expected: number, tol: number): void {
  if (!(Math.abs(actual / expected - 1) <= tol)) {
    throw new Error(
      `expected ${actual} within ${tol * 100}% of ${expected} (off by ${((actual / expected - 1) * 100).toFixed(3)}%)`,
    );
  }
}

export const RUNS = { numRuns: 200 } as const;

/** Runs a request through the task registry, as the command line does. */
export function run(request: Record<string, unknown>, gpus: readonly GpuSpec[] = GPUS) {
  return runRequest(request, { gpus, presets: PRESETS });
}

/**
 * The result of a request that must be accepted, in a task context of the test's own (the
 * catalog, a day, reference prices); a refused one fails with its issues.
 */
export function acceptedIn<T = Record<string, unknown>>(
  request: Record<string, unknown>,
  ctx: TaskContext,
): T {
  const r = runRequest(request, ctx);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r.result as unknown as T;
}

/** The result of a request that must be accepted, on the fixture GPUs. */
export const runOk = <T = Record<string, unknown>>(
  request: Record<string, unknown>,
  gpus: readonly GpuSpec[] = GPUS,
): T => acceptedIn<T>(request, { gpus, presets: PRESETS });

/** The typed result of a request that must be accepted (the registry types it by its task). */
export function resultOf<Id extends TaskId>(
  request: { task: Id } & TaskRequest<NoInfer<Id>>,
  gpus: readonly GpuSpec[] = GPUS,
): TaskResult<Id> {
  const r = runTyped(request, { gpus, presets: PRESETS });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r.result;
}

/** The issues of a request that must be refused. */
export function issuesOf(request: unknown, gpus: readonly GpuSpec[] = GPUS) {
  const r = runRequest(request, { gpus, presets: PRESETS });
  if (r.ok) throw new Error("accepted a request that should be refused");
  return r.issues;
}

/** A dated USD → CNY reading at a round 7 per dollar, or as `over` says. */
export const exchangeReading = (over: Partial<ExchangeRate> = {}): ExchangeRate => ({
  base: "USD",
  quote: "CNY",
  rate: 7,
  date: "2026-01-01",
  source: "test",
  url: "https://example.com/",
  ...over,
});

/** PEFT's LoRA defaults: r 8 on q and v, no dropout, fp32 adapters, a 16-bit base. */
export const peftLora = (o: Partial<LoraConfig> = {}): LoraConfig => ({
  rank: 8,
  targets: ["q", "v"],
  baseBits: 16,
  doubleQuant: true,
  dropout: 0,
  adapterBits: 32,
  fullModules: [],
  ...o,
});

/**
 * Llama 2 7B in 16 bits on vLLM, one RTX 4090 (a 24 GB card: 2048-token steps), one user,
 * a 512-token prompt and 128 output tokens: the serving input the speed tests vary.
 */
export const llama2VllmOn4090: ServingSpeedInput = {
  model: findPreset("llama-2-7b")!.model,
  gpu: rtx4090,
  format: "fp16",
  weightBits: 16,
  scaleBits: 0,
  kvBits: 16,
  contextTokens: 4096,
  batch: 1,
  engine: "vllm",
  tensorParallel: 1,
  promptTokens: 512,
  outputTokens: 128,
};

/** A round token's FLOPs for the step and run tests: 1e9 dense, no attention. */
export const gigaFlops = (over: Partial<TokenFlops> = {}): TokenFlops => ({
  modelDense: 1e9,
  modelAttention: 0,
  hardwareDense: 1e9,
  hardwareAttention: 0,
  attention: [],
  attentionRecomputes: 0,
  forwardReruns: 0,
  attentionHeadDim: 128,
  ...over,
});

/** A round training run for the run tests: 1e9 parameters, AdamW under bf16 AMP, 1 × 1000 tokens. */
export const gigaParamsRun = (over: Partial<TrainingMemoryInput> = {}): TrainingMemoryInput => ({
  model: { params: 1e9 },
  precision: "bf16-mixed",
  optimizer: "adamw",
  microBatch: 1,
  seqLen: 1000,
  ...over,
});
