/** `decode-speed`: output tokens per second, time to first token and per output token on a GPU. */
import type { InferenceMemoryInput } from "./memory.ts";
import { inferenceMemory } from "./memory.ts";
import type { ServingSpeedInput } from "./speed.ts";
import { servingSpeed } from "./speed.ts";
import { formatScaleBits } from "../model/weight-formats.ts";
import { gpuById, speedFigureIssues } from "../memory/verdict.ts";
import type { ServingRequest } from "./infer-memory.ts";
import { SERVING_REQUEST_FIELDS, servingInput, servingRules } from "./infer-memory.ts";
import { servingDefaults } from "./fields.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";
import {
  likelyHours,
  likelyRate,
  servingRangeKind,
  ttftRangeKind,
} from "../training/time-range.ts";

/**
 * The speed model's input for a checked serving request, without what a plan picks itself
 * (the GPU, the tensor-parallel group and the batch). The decode-speed task and the plan
 * both start from this.
 */
export function speedSetup(
  r: ServingRequest,
): Omit<ServingSpeedInput, "gpu" | "tensorParallel" | "batch"> {
  const format = r.weightFormat ?? "fp16";
  return {
    model: r.model.spec,
    format,
    weightBits: r.weightBits,
    scaleBits: r.scaleBits ?? formatScaleBits(format, r.weightBits),
    ...(r.weightFileBytes === undefined ? {} : { weightFileBytes: r.weightFileBytes }),
    kvBits: r.kvBits,
    contextTokens: r.contextTokens,
    engine: r.engine,
    arrival: r.arrival,
    ...(r.gpuLink === undefined ? {} : { link: r.gpuLink }),
    ...(r.prefillChunkTokens === undefined ? {} : { stepTokens: r.prefillChunkTokens }),
    promptTokens: r.promptTokens,
    outputTokens: r.outputTokens,
    ...(r.efficiency === undefined ? {} : { efficiency: r.efficiency }),
  };
}

/**
 * Sequences a reserving engine's KV pool holds at once when each needs its prompt and its
 * output (vLLM, SGLang, TensorRT-LLM); none for engines that size the cache per slot.
 */
export function poolRunning(
  memory: Omit<InferenceMemoryInput, "sequences">,
  promptTokens: number,
  outputTokens: number,
): number | undefined {
  const tokens = Math.min(memory.contextTokens, promptTokens + outputTokens);
  const m = inferenceMemory({ ...memory, contextTokens: Math.max(1, tokens), sequences: 1 });
  return m.kvPool?.maxSequences;
}

/** The speed model's whole input for a checked decode-speed request (the fit reads it too). */
export function speedInput(r: ServingRequest, ctx: TaskContext): ServingSpeedInput {
  const gpu = gpuById(ctx, r.gpu ?? "");
  const pool = poolRunning({ ...servingInput(r, ctx), gpu }, r.promptTokens, r.outputTokens);
  return {
    ...speedSetup(r),
    gpu,
    batch: r.sequences,
    tensorParallel: r.tensorParallel,
    ...(pool === undefined ? {} : { memoryRunning: pool }),
    ...(ctx.decodeConstants === undefined ? {} : { constants: ctx.decodeConstants }),
  };
}

export const decodeSpeedTask = defineTask({
  id: "decode-speed",
  fields: SERVING_REQUEST_FIELDS,
  required: ["gpu"],
  defaults: servingDefaults,
  rules: (r, ctx) => [
    ...servingRules(r),
    ...speedFigureIssues(ctx, "gpu", r.gpu, ["bandwidthGBps", "fp32Tflops"]),
  ],
  run: (r, ctx) => {
    const speed = servingSpeed(speedInput(r, ctx));
    // How sure the speed is: where published runs the fit never saw landed (`time-range.ts`).
    const kind = servingRangeKind(r.model.spec);
    return {
      ...speed,
      tokensPerSecondRange: likelyRate(speed.tokensPerSecond, kind),
      tokensPerSecondPerSequenceRange: likelyRate(speed.tokensPerSecondPerSequence, kind),
      // Requests a second are the output rate over each request's output: the same spread.
      requestsPerSecondRange: likelyRate(speed.requestsPerSecond, kind),
      // The mean time to first token against published runs' by arrival: users sending in
      // turn wait far longer than the model's evenly spread arrivals (`range-kind.ts`).
      ttftRange: likelyHours(speed.ttftSeconds, ttftRangeKind(r.model.spec, r.arrival)),
    };
  },
});
