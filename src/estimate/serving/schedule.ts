/**
 * How a serving engine interleaves prompts and decoding, from its own source (read 2026-08),
 * and the steady state that follows for `running` users who each send their next request
 * as soon as the last one ends (what `vllm bench serve --max-concurrency` measures):
 * - `mixed`: every step carries each decoding sequence's next token and as many prompt
 *   tokens as the step's token budget leaves (vLLM V1 always chunks prefills,
 *   vllm/engine/arg_utils.py `_set_default_args_v1`; TensorRT-LLM's in-flight batching
 *   puts context and generation requests in one batch of at most `max_num_tokens`,
 *   tensorrt_llm/llmapi/llm_args.py; llama.cpp's server adds prompt tokens to the
 *   generation batch up to n_batch; ExLlamaV2's dynamic generator likewise per chunk);
 * - `separate`: prompt chunks run in steps of their own, which pause decoding (SGLang
 *   unless `--enable-mixed-chunk`, default off: sglang/srt/server_args.py);
 * - `static`: every sequence's prompt runs at once, then all decode together
 *   (Transformers generate).
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import type { SourceKey } from "../result.ts";
import {
  sglangDefaults,
  TRTLLM_MAX_NUM_TOKENS,
  VLLM_BATCHED_TOKENS,
  VLLM_LARGE_GPU_BYTES,
  VLLM_MAX_SEQS,
} from "./engines.ts";
import { BYTES_PER_MIB } from "../units.ts";
import type { Engine } from "../vocabulary.ts";

export type ScheduleMode = "mixed" | "separate" | "static";

/**
 * llama.cpp's server batches up to n_batch = 2048 tokens per llama_decode
 * (common/common.h `n_batch`); ExLlamaV2's dynamic generator prefills in chunks of
 * max_chunk_size = 2048 (exllamav2/generator/dynamic.py).
 */
export const LLAMA_CPP_BATCH = 2048;
export const EXLLAMA_CHUNK = 2048;
/** TensorRT-LLM's LLM API runs at most max_batch_size = 2048 requests (llm_args.py). */
export const TRTLLM_MAX_BATCH = 2048;

export interface EngineSchedule {
  mode: ScheduleMode;
  /** Tokens one step may carry (the prompt chunk limit); Infinity: no limit (static). */
  stepTokens: number;
  /** Sequences the engine runs at once before new ones wait; Infinity: no limit of its own. */
  maxRunning: number;
  source: SourceKey;
}

/** vLLM's larger defaults apply to GPUs of 70 GiB or more other than the A100 (arg_utils.py). */
const vllmLarge = (gpu: GpuSpec): boolean =>
  gpu.memoryTotalBytes >= VLLM_LARGE_GPU_BYTES && !/A100/i.test(gpu.name);

/** The engine's schedule on a GPU; `stepTokens` replaces its token budget when the user sets one. */
export function engineSchedule(
  engine: Engine,
  gpu: GpuSpec,
  tp: number,
  stepTokens?: number,
): EngineSchedule {
  const pick = (mode: ScheduleMode, tokens: number, maxRunning: number, source: SourceKey) => ({
    mode,
    stepTokens: stepTokens ?? tokens,
    maxRunning,
    source,
  });
  switch (engine) {
    case "vllm": {
      const large = vllmLarge(gpu);
      return pick(
        "mixed",
        large ? VLLM_BATCHED_TOKENS.large : VLLM_BATCHED_TOKENS.other,
        large ? VLLM_MAX_SEQS.large : VLLM_MAX_SEQS.other,
        "vllm-schedule",
      );
    }
    case "sglang":
      return pick(
        "separate",
        sglangDefaults(gpu.memoryTotalBytes / BYTES_PER_MIB, tp).chunk,
        Infinity,
        "sglang-schedule",
      );
    case "tensorrt-llm":
      return pick("mixed", TRTLLM_MAX_NUM_TOKENS, TRTLLM_MAX_BATCH, "trtllm-schedule");
    case "llama.cpp":
    case "ollama":
      return pick("mixed", LLAMA_CPP_BATCH, Infinity, "llama-cpp-schedule");
    case "exllamav2":
      return pick("mixed", EXLLAMA_CHUNK, Infinity, "exllamav2-schedule");
    case "transformers":
      return pick("static", Infinity, Infinity, "hf-generate-schedule");
  }
}

/** One step's load: what the step-time model needs to price it. */
export interface StepLoad {
  /** Live sequences whose KV cache the step reads, and their mean context. */
  sequences: number;
  contextTokens: number;
  /** Tokens through the weights, and how many of them are prompt tokens. */
  tokens: number;
  promptTokens: number;
  /** The length of the prompts those tokens come from (their attention); default the request's. */
  promptLength?: number;
}

export interface Cycle {
  /** Users served at once, and those waiting for a place. */
  running: number;
  queued: number;
  /** Steps a prompt takes before the first output token. */
  promptSteps: number;
  /** The average step a decoding sequence sees, and its time. */
  decodeStep: StepLoad;
  decodeStepSeconds: number;
  /** The time of a step carrying prompt tokens. */
  promptStepSeconds: number;
  /** The steps one request's service spans (every running user's prompts included), by load. */
  steps: { count: number; load: StepLoad }[];
  /** The steps before its first token. */
  ttftSteps: { count: number; load: StepLoad }[];
  /** Seconds a request waits for a place (users beyond what the engine runs), then is served. */
  waitSeconds: number;
  serviceSeconds: number;
  /** Seconds to the first token (wait included), per output token after it, and for the whole request. */
  ttftSeconds: number;
  tpotSeconds: number;
  requestSeconds: number;
  /** Output tokens per second over all users. */
  outputTokensPerSecond: number;
}

export interface CycleInput {
  schedule: EngineSchedule;
  /** Users (sequences) asking at once; at most `memoryRunning` fit the engine's KV memory. */
  users: number;
  memoryRunning?: number;
  promptTokens: number;
  outputTokens: number;
  /** Seconds of a step with this load (the decode-step model). */
  stepSeconds: (load: StepLoad) => number;
}

/**
 * The steady state: per request, `k` steps bring the prompt in (the last one samples the
 * first token) and O − 1 decode steps follow, S = k + O − 1 steps in all, while the other
 * running users' requests go through the same. `mixed`: every step decodes
 * d = running·(O − 1)/S tokens; a prompt arriving alone takes the budget those leave in
 * chunks, so running·⌈P / (budget − d)⌉ of the S steps also carry a prompt chunk (all of
 * them, chunks shared, once the prompts need more than the budget leaves: k ≥
 * running·(P + O − 1)/budget − (O − 1)). A step carrying a chunk is priced apart from a
 * pure decode step: its arithmetic is what makes it compute bound. `separate` and `static`
 * prompt steps carry no decoding and pause it. Users beyond what the engine runs wait: by
 * Little's law each waits (users/running − 1) request times.
 */
export function servingCycle(input: CycleInput): Cycle {
  const s = input.schedule;
  const users = Math.max(1, input.users);
  const running = Math.max(
    1,
    Math.min(users, s.maxRunning, Math.floor(input.memoryRunning ?? Infinity)),
  );
  const prompt = Math.max(1, input.promptTokens);
  const decodes = Math.max(0, input.outputTokens - 1);
  let promptSteps: number;
  let promptLoad: StepLoad;
  let decodeStep: StepLoad;
  let steps: { count: number; load: StepLoad }[];
  let ttftSteps: { count: number; load: StepLoad }[];
  if (s.mode === "mixed") {
    const aggregate = (running * (prompt + decodes)) / s.stepTokens - decodes;
    const first = Math.max(Math.ceil(prompt / s.stepTokens), aggregate);
    const decodePerStep = (running * decodes) / (first + decodes);
    const own = Math.ceil(prompt / Math.max(1, s.stepTokens - decodePerStep));
    promptSteps = Math.max(own, aggregate);
    const total = promptSteps + decodes;
    const d = (running * decodes) / total;
    const withPrompt = Math.min(total, running * own);
    const chunk = (running * prompt) / withPrompt;
    // Prompting sequences hold half their prompt on average, decoding ones P + (O − 1)/2.
    const context = (promptSteps * (prompt / 2) + decodes * (prompt + decodes / 2)) / total;
    decodeStep = { sequences: running, contextTokens: context, tokens: d, promptTokens: 0 };
    promptLoad = {
      sequences: running,
      contextTokens: context,
      tokens: d + chunk,
      promptTokens: chunk,
    };
    steps = [
      { count: withPrompt, load: promptLoad },
      { count: total - withPrompt, load: decodeStep },
    ];
    ttftSteps = [{ count: promptSteps, load: promptLoad }];
  } else {
    decodeStep = {
      sequences: running,
      contextTokens: prompt + decodes / 2,
      tokens: running,
      promptTokens: 0,
    };
    if (s.mode === "static") {
      promptSteps = 1;
      promptLoad = {
        sequences: running,
        contextTokens: prompt / 2,
        tokens: running * prompt,
        promptTokens: running * prompt,
      };
      steps = [
        { count: decodes, load: decodeStep },
        { count: 1, load: promptLoad },
      ];
    } else {
      // Each request's prompt arrives alone in steady state and takes its own chunks.
      promptSteps = Math.ceil(prompt / s.stepTokens);
      const chunk = prompt / promptSteps;
      promptLoad = { sequences: 1, contextTokens: prompt / 2, tokens: chunk, promptTokens: chunk };
      steps = [
        { count: decodes, load: decodeStep },
        { count: running * promptSteps, load: promptLoad },
      ];
    }
    ttftSteps = [{ count: promptSteps, load: promptLoad }];
  }
  steps = steps.filter((x) => x.count > 0);
  const seconds = (list: { count: number; load: StepLoad }[]) =>
    list.reduce((t, x) => t + x.count * input.stepSeconds(x.load), 0);
  const decodeStepSeconds = input.stepSeconds(decodeStep);
  const promptStepSeconds = input.stepSeconds(promptLoad);
  const ttft = seconds(ttftSteps);
  const request = seconds(steps);
  const tpot = decodes > 0 ? (request - ttft) / decodes : decodeStepSeconds;
  const queued = users - running;
  const wait = queued > 0 ? request * (users / running - 1) : 0;
  return {
    running,
    queued,
    promptSteps,
    decodeStep,
    decodeStepSeconds,
    promptStepSeconds,
    steps,
    ttftSteps,
    waitSeconds: wait,
    serviceSeconds: request,
    ttftSeconds: ttft + wait,
    tpotSeconds: tpot,
    requestSeconds: request + wait,
    outputTokensPerSecond: (running * Math.max(1, input.outputTokens)) / request,
  };
}

export interface Burst {
  /** Seconds until the first `running` requests' prompts are all through (the ramp). */
  rampSeconds: number;
  /** Seconds until the last request's last token. */
  makespanSeconds: number;
  /** Time to first token over the requests: mean, median and 90th percentile. */
  ttft: { mean: number; p50: number; p90: number };
  /** Output tokens per second over the whole burst. */
  outputTokensPerSecond: number;
}

/** The q-quantile of an ascending list by the nearest rank (what benchmark tables print). */
const nearestRank = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

/**
 * `requests` arriving at once (`vllm bench serve --request-rate inf`, SGLang's
 * `bench_serving` likewise), every one of the same lengths, on an engine that runs
 * `cycle.running` of them at a time (its own limit or its KV pool) and admits the rest in
 * arrival order as places free (vLLM's and SGLang's schedulers: FCFS waiting queues).
 *
 * The first `running` prompts come in together: their prompt tokens pass in `rampSteps`
 * steps of `rampStepSeconds` each, in order, so request j (1…running) has its first token
 * at the end of step ⌈j·rampSteps/running⌉ and its last (O − 1) steady decode steps later.
 * From then on a place frees whenever a request ends, and the next waiting request takes it: request
 * i = j + k·running waits for request i − running to end, then is served as in the steady
 * state (`cycle`: its prompt with the others' decoding, then its output), its first token
 * never before its predecessor's (prompts pass in arrival order).
 *
 * What it leaves out, on purpose: steps grow cheaper as the queue drains and fewer
 * sequences run (the tail is priced at the full batch, so a burst's end comes out late
 * rather than early), and requests of different lengths (the lengths are means).
 */
export function burstOf(
  cycle: Cycle,
  requests: number,
  rampSteps: number,
  rampStepSeconds: number,
  outputTokens: number,
): Burst {
  const n = cycle.running;
  const total = Math.max(1, requests);
  const ramp = rampSteps * rampStepSeconds;
  const steadyTtft = cycle.ttftSeconds - cycle.waitSeconds;
  const decodeSeconds = Math.max(0, outputTokens - 1) * cycle.tpotSeconds;
  const ttfts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < total; i++) {
    if (i < n) {
      // Request i's prompt ends in step ⌈(i + 1)·steps/running⌉ of the ramp.
      const first = Math.ceil(((i + 1) * rampSteps) / n) * rampStepSeconds;
      ttfts.push(first);
      ends.push(first + decodeSeconds);
    } else {
      // Prompts pass in arrival order: one admitted while the ramp still runs waits for it.
      const first = Math.max((ends[i - n] ?? 0) + steadyTtft, ttfts[i - 1] ?? 0);
      ttfts.push(first);
      ends.push(first + cycle.serviceSeconds - steadyTtft);
    }
  }
  // First tokens come in arrival order (each at least its predecessor's): no sort is needed.
  const makespan = ends.reduce((a, b) => Math.max(a, b), 0);
  const sorted = ttfts;
  return {
    rampSeconds: ramp,
    makespanSeconds: makespan,
    ttft: {
      mean: ttfts.reduce((s, t) => s + t, 0) / total,
      p50: nearestRank(sorted, 0.5),
      p90: nearestRank(sorted, 0.9),
    },
    outputTokensPerSecond: (total * Math.max(1, outputTokens)) / makespan,
  };
}
