/**
 * Serving speed as a continuous-batching engine runs it: the engine's schedule
 * (`serving/schedule.ts`) decides what each step carries for the users, prompt and output
 * lengths asked, and the step model (`serving/decode-step.ts`: weights read once per step, every
 * live sequence's KV cache, the arithmetic of every token, per-layer costs, all-reduces)
 * prices each step. Reported: output tokens/s over all users and per user, time to first
 * token, time per output token and requests per second.
 */
import type {
  DecodeConstants,
  LinkClass,
  StepConstants,
  StepFeatures,
  StepTimes,
} from "./decode-step.ts";
import { stepFeatures, stepTimes } from "./decode-step.ts";
import { DECODE_CONSTANTS } from "../generated/decode-constants.ts";
import type { GpuSpec } from "../hardware/gpu.ts";
import { p2pAssumedOff } from "../hardware/gpu.ts";
import type { ModelSpec } from "../model/model.ts";
import type { Assumption, Result, SourceKey, Warning } from "../result.ts";
import { part } from "../result.ts";
import type { Burst, Cycle, EngineSchedule, StepLoad } from "./schedule.ts";
import { burstOf, engineSchedule, servingCycle } from "./schedule.ts";
import type { Arrival, Engine, WeightFormat } from "../vocabulary.ts";

/**
 * The share of the dense peak an engine without compute-bound rows of its own gets, where
 * the calibration pooled none either: prompt processing is large matmuls like training, so
 * the training range applies (Megatron 51-56%, PaLM 46.2%); 0.5.
 */
export const PREFILL_MFU = 0.5;

/** Ollama is llama.cpp underneath (ollama/ollama llama/ and ml/backend/ggml). */
const CALIBRATED_AS: Partial<Record<Engine, Engine>> = { ollama: "llama.cpp" };

export interface ConstantsChoice extends StepConstants {
  /** `engine/format` whose rows set the constants. */
  basis: string;
  /** Whose compute-bound rows set the compute share: the `engine/format`, `all` engines, or none. */
  computeBasis: string;
  warnings: Warning[];
}

/**
 * The constants for an engine, format and link, with what stood in where the calibration
 * has no rows: the engine's own 16-bit rows for another format, the bound itself where the
 * fit found no bandwidth term (Transformers' AutoAWQ rows are all per-layer cost), PCIe
 * with peer-to-peer for PCIe without it, every engine's compute-bound rows for an engine
 * without its own.
 */
export function decodeConstants(
  engine: Engine,
  format: WeightFormat,
  link: LinkClass,
  c: DecodeConstants = DECODE_CONSTANTS,
): ConstantsChoice {
  const warnings: Warning[] = [];
  const as = CALIBRATED_AS[engine] ?? engine;
  let basis = `${as}/${format}` as const;
  if (c.perLayerSeconds[basis] === undefined) {
    const fallback = `${as}/fp16` as const;
    warnings.push({ code: "decode-format-uncalibrated", params: { engine, format } });
    basis = c.perLayerSeconds[fallback] !== undefined ? fallback : "vllm/fp16";
  }
  const allReduce =
    c.allReduceSeconds[link] ?? c.allReduceSeconds.pcie ?? c.allReduceSeconds["gpu-link"] ?? 0;
  if (link === "pcie-no-p2p" && c.allReduceSeconds[link] === undefined)
    warnings.push({ code: "no-p2p-uncalibrated", params: {} });
  const own = c.computeShare[basis];
  const pooled = c.computeShare.all;
  return {
    basis,
    computeBasis: own !== undefined ? basis : pooled !== undefined ? "all" : "none",
    bandwidthShare: c.bandwidthShare[basis] ?? 1,
    perLayerSeconds: c.perLayerSeconds[basis] ?? 0,
    computeShare: own ?? pooled ?? PREFILL_MFU,
    allReduceSeconds: allReduce,
    warnings,
  };
}

export interface ServingSpeedInput {
  model: ModelSpec;
  gpu: GpuSpec;
  format: WeightFormat;
  weightBits: number;
  /** Scale bits per weight on top of `weightBits` (`formatScaleBits`). */
  scaleBits: number;
  /** The weights' exact size from the user's file. */
  weightFileBytes?: number;
  kvBits: number;
  /** The context a sequence may reach (vLLM's max_model_len): prompt plus output fit in it. */
  contextTokens: number;
  /** Users (sequences) served at once, or the requests of a burst. */
  batch: number;
  /** Users each sending the next request when the last ends (default), or all at once. */
  arrival?: Arrival;
  /** Sequences the engine's KV memory holds at the request's length (its pool), if it has one. */
  memoryRunning?: number;
  engine: Engine;
  /** GPUs the model is split over by tensor parallelism. */
  tensorParallel: number;
  /** How they are joined, where the user knows; otherwise the catalog's (`linkClass`). */
  link?: LinkClass;
  /** The engine's token budget per step, where the user sets one (`prefillChunkTokens`). */
  stepTokens?: number;
  promptTokens: number;
  outputTokens: number;
  /** The achieved share of the bandwidth bound, replacing the calibrated one. */
  efficiency?: number;
  /** The step constants; absent, the fitted ones (the accuracy page refits them per publisher). */
  constants?: DecodeConstants;
}

export type LimitedBy = "memory-bandwidth" | "compute" | "launch-overhead" | "communication";

/**
 * What limits a decode step: the largest of the four parts its time is made of, so the
 * limit named always has the largest share of the step and never a share of 0. The parts add
 * up to the step (`stepTimes`): the arithmetic, when it outlasts the weight read it overlaps
 * (the read then hides behind it); the memory reads (the weights' too when the arithmetic
 * does not outlast them, and the KV cache's); the per-layer launch costs; the all-reduces.
 * A tie goes to the earlier of memory bandwidth, compute, per-layer overhead, communication.
 */
export function limitOf(
  t: Pick<
    StepTimes,
    | "weightReadSeconds"
    | "kvReadSeconds"
    | "computeSeconds"
    | "overheadSeconds"
    | "allReduceSeconds"
  >,
): LimitedBy {
  const computeBound = t.computeSeconds > t.weightReadSeconds;
  const parts: [LimitedBy, number][] = [
    ["memory-bandwidth", (computeBound ? 0 : t.weightReadSeconds) + t.kvReadSeconds],
    ["compute", computeBound ? t.computeSeconds : 0],
    ["launch-overhead", t.overheadSeconds],
    ["communication", t.allReduceSeconds],
  ];
  let best = parts[0] ?? ["memory-bandwidth", 0];
  for (const p of parts) if (p[1] > best[1]) best = p;
  return best[0];
}

export interface ServingSpeedResult extends Result {
  /** Output tokens/s over all users. */
  tokensPerSecond: number;
  /** Output tokens/s each user sees while their answer streams: 1 / TPOT. */
  tokensPerSecondPerSequence: number;
  /** Bandwidth bound of the decode step at this batch, tokens/s (every byte at the datasheet bandwidth). */
  boundTokensPerSecond: number;
  /** Achieved share of the bandwidth bound for the reads. */
  efficiency: number;
  /** Bytes one GPU reads per decode step. */
  bytesPerStep: number;
  /** The decode step a streaming user waits for (= TPOT, prompt steps that pause it included). */
  stepSeconds: number;
  tpotSeconds: number;
  limitedBy: LimitedBy;
  /** Mean time to first token (queueing included), its median and 90th percentile over requests. */
  ttftSeconds: number;
  ttftMedianSeconds: number;
  ttftP90Seconds: number;
  /** Prompt tokens/s of a prompt-only step (one prompt, or 512 tokens without one). */
  prefillTokensPerSecond: number;
  requestsPerSecond: number;
  secondsPerRequest: number;
  /** Sequences decoding together, and users waiting for a place. */
  runningSequences: number;
  queuedSequences: number;
  /** Tokens the average step runs through the weights (decode tokens plus prompt tokens). */
  stepTokens: number;
  promptStepsPerRequest: number;
}

/** llama-bench's pp512: the prompt length a prompt-only speed is quoted at without a prompt. */
const PREFILL_PROBE_TOKENS = 512;

/** What a serving setup's steps are made of, before any constant prices them. */
export interface ServingLoads {
  tp: number;
  promptTokens: number;
  outputTokens: number;
  schedule: EngineSchedule;
  featuresOf: (load: StepLoad) => StepFeatures;
  warnings: Warning[];
}

/**
 * The lengths kept within the context, the engine's schedule and the step features of any
 * load: shared by the estimate and by the fit (`src/accuracy/decode-fit.ts`), so the two
 * price the same steps.
 */
export function servingLoads(input: ServingSpeedInput): ServingLoads {
  const tp = Math.max(1, input.tensorParallel);
  const warnings: Warning[] = [];
  // An engine refuses a request longer than its context; the estimate keeps to the context,
  // shortening the prompt first (the output is what the user waits for).
  const context = Math.max(2, input.contextTokens);
  const outputTokens = Math.max(1, Math.min(input.outputTokens, context - 1));
  const promptTokens = Math.min(input.promptTokens, context - outputTokens);
  if (input.promptTokens + input.outputTokens > context)
    warnings.push({
      code: "lengths-exceed-context",
      params: {
        promptTokens: input.promptTokens,
        outputTokens: input.outputTokens,
        contextTokens: context,
      },
    });
  const schedule = engineSchedule(input.engine, input.gpu, tp, input.stepTokens);
  const base = {
    model: input.model,
    format: input.format,
    weightBits: input.weightBits,
    scaleBits: input.scaleBits,
    ...(input.weightFileBytes === undefined ? {} : { weightFileBytes: input.weightFileBytes }),
    kvBits: input.kvBits,
    gpu: input.gpu,
    engine: input.engine,
    tensorParallel: tp,
    ...(input.link === undefined ? {} : { link: input.link }),
  };
  const featuresOf = (load: StepLoad) =>
    stepFeatures({
      ...base,
      contextTokens: Math.max(1, load.contextTokens),
      batch: load.sequences,
      tokens: load.tokens,
      promptTokensInStep: load.promptTokens,
      promptLength: Math.max(1, load.promptLength ?? promptTokens),
    });
  return { tp, promptTokens, outputTokens, schedule, featuresOf, warnings };
}

/** The steady state's steps for `batch` users, priced by `stepSeconds`. */
export function cycleOf(
  input: ServingSpeedInput,
  loads: ServingLoads,
  stepSeconds: (load: StepLoad) => number,
): Cycle {
  return servingCycle({
    schedule: loads.schedule,
    users: input.batch,
    ...(input.memoryRunning === undefined ? {} : { memoryRunning: input.memoryRunning }),
    promptTokens: loads.promptTokens,
    outputTokens: loads.outputTokens,
    stepSeconds,
  });
}

/**
 * A burst of `input.batch` requests (`burstOf`): the first `running` prompts pass in steps
 * of the engine's token budget (all at once where it has none), each step carrying every
 * admitted sequence's KV.
 */
function burstRun(
  input: ServingSpeedInput,
  loads: ServingLoads,
  cycle: Cycle,
  timesOf: (load: StepLoad) => { total: number },
): Burst {
  const promptTokens = cycle.running * Math.max(1, loads.promptTokens);
  const perStep = Math.min(loads.schedule.stepTokens, promptTokens);
  const rampStep: StepLoad = {
    sequences: cycle.running,
    contextTokens: Math.max(1, loads.promptTokens) / 2,
    tokens: perStep,
    promptTokens: perStep,
  };
  return burstOf(
    cycle,
    input.batch,
    Math.ceil(promptTokens / perStep),
    timesOf(rampStep).total,
    loads.outputTokens,
  );
}

/** Output speed, time to first token and per output token for `batch` users on `tensorParallel` x `gpu`. */
export function servingSpeed(input: ServingSpeedInput): ServingSpeedResult {
  const loads = servingLoads(input);
  const { tp, promptTokens, schedule, featuresOf, warnings } = loads;
  const link = featuresOf({ sequences: 1, contextTokens: 1, tokens: 1, promptTokens: 0 }).link;
  const chosen = decodeConstants(input.engine, input.format, link, input.constants);
  const share = input.efficiency ?? chosen.bandwidthShare;
  const constants = { ...chosen, bandwidthShare: share };
  const timesOf = (load: StepLoad) => stepTimes(featuresOf(load), constants);
  const cycle = cycleOf(input, loads, (load) => timesOf(load).total);
  const f = featuresOf(cycle.decodeStep);
  const times = stepTimes(f, constants);
  const limitedBy = limitOf(times);
  warnings.push(...chosen.warnings);
  // The catalog does not settle this card's P2P: it is costed without, and says so.
  if (tp > 1 && link === "pcie-no-p2p" && input.link === undefined && p2pAssumedOff(input.gpu))
    warnings.push({ code: "p2p-unverified-as-no", params: { gpus: input.gpu.name } });
  // The arithmetic outlasts the weight read it overlaps, whatever the largest part is.
  if (times.computeSeconds > times.weightReadSeconds)
    warnings.push({ code: "compute-bound-decode", params: { batch: cycle.running } });
  if (cycle.queued > 0)
    warnings.push({
      code: input.arrival === "burst" ? "requests-queued" : "users-queued",
      params: { users: input.batch, running: cycle.running },
    });
  // Users in a closed loop, all asking with one prompt and output length, start together and
  // stay in step (`vllm bench serve --max-concurrency`, genai-perf `--concurrency`): each
  // finishes with the others admitted in its step and asks again at once, so every round's
  // prompts queue for the step budget as a burst's do. Their first tokens are a burst's;
  // the output rate is the steady loop's, as every step's work is the same either way.
  const burst = input.arrival === "burst" ? burstRun(input, loads, cycle, timesOf) : undefined;
  const wave = burst ?? burstRun({ ...input, batch: cycle.running }, loads, cycle, timesOf);
  const waveWait = burst ? 0 : cycle.waitSeconds;
  const probe = Math.max(1, promptTokens || PREFILL_PROBE_TOKENS);
  // Without a prompt, the probe is a prompt of its own: 512 tokens attending over 512.
  const probeLoad = {
    sequences: 1,
    contextTokens: probe / 2,
    tokens: probe,
    promptTokens: probe,
    promptLength: probe,
  };
  const prefillTokensPerSecond = probe / timesOf(probeLoad).total;
  // What prompt steps apart from decoding add to each output token (SGLang, Transformers).
  const stall = Math.max(0, cycle.tpotSeconds - times.total);
  const breakdown = [
    part("weight-read-seconds", times.weightReadSeconds),
    part("kv-read-seconds", times.kvReadSeconds),
    part("compute-excess-seconds", times.computeExcessSeconds),
    part("per-layer-overhead-seconds", times.overheadSeconds),
    part("all-reduce-seconds", times.allReduceSeconds),
    part("prompt-stall-seconds", stall),
  ];
  const source: SourceKey = input.efficiency === undefined ? "decode-calibration" : "request";
  const assumptions: Assumption[] = [
    {
      key: "bandwidth-GBps",
      value: input.gpu.bandwidthGBps ?? 0,
      source: "datasheet",
      sourceParams: { gpu: input.gpu.name },
    },
    { key: "efficiency", value: share, source, sourceParams: { basis: chosen.basis } },
    {
      key: "per-layer-seconds",
      value: chosen.perLayerSeconds,
      source: "decode-calibration",
      sourceParams: { basis: chosen.basis },
    },
    {
      key: "compute-share",
      value: chosen.computeShare,
      source: chosen.computeBasis === "none" ? "prefill-mfu" : "decode-calibration",
      sourceParams: { basis: chosen.computeBasis },
    },
    { key: "bytes-per-step", value: f.bytesPerGpu, source: "weights-plus-kv" },
    { key: "schedule", value: schedule.mode, source: schedule.source },
  ];
  if (Number.isFinite(schedule.stepTokens))
    assumptions.push({
      key: "step-token-budget",
      value: schedule.stepTokens,
      source: input.stepTokens === undefined ? schedule.source : "request",
    });
  if (burst)
    assumptions.push(
      { key: "arrival", value: "burst", source: "request" },
      // How long the first admitted prompts take to pass the step budget together.
      { key: "burst-ramp-seconds", value: burst.rampSeconds, source: schedule.source },
    );
  if (tp > 1)
    assumptions.push({
      key: "all-reduce-seconds",
      value: chosen.allReduceSeconds,
      source: "decode-calibration",
      sourceParams: { basis: `link/${f.link}` },
    });
  return {
    total: cycle.tpotSeconds,
    breakdown,
    assumptions,
    warnings,
    tokensPerSecond: burst?.outputTokensPerSecond ?? cycle.outputTokensPerSecond,
    tokensPerSecondPerSequence: 1 / cycle.tpotSeconds,
    boundTokensPerSecond: cycle.running / f.boundSeconds,
    efficiency: share,
    bytesPerStep: f.bytesPerGpu,
    stepSeconds: cycle.tpotSeconds,
    tpotSeconds: cycle.tpotSeconds,
    limitedBy,
    ttftSeconds: wave.ttft.mean + waveWait,
    ttftMedianSeconds: wave.ttft.p50 + waveWait,
    ttftP90Seconds: wave.ttft.p90 + waveWait,
    prefillTokensPerSecond,
    requestsPerSecond: burst
      ? Math.max(1, input.batch) / burst.makespanSeconds
      : cycle.running / cycle.serviceSeconds,
    // A request's wait for its first token, then its output as the steady loop decodes it.
    secondsPerRequest:
      wave.ttft.mean + waveWait + (cycle.serviceSeconds - (cycle.ttftSeconds - cycle.waitSeconds)),
    runningSequences: cycle.running,
    queuedSequences: cycle.queued,
    stepTokens: cycle.decodeStep.tokens,
    promptStepsPerRequest: cycle.promptSteps,
  };
}
