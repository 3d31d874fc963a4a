/** `decode-speed`: tokens per second, time to first token and requests per second on a GPU. */
import type { ServingSpeedInput } from "../inference-speed.ts";
import { servingSpeed } from "../inference-speed.ts";
import { formatScaleBits } from "../weight-formats.ts";
import { gpuById, speedFigureIssues } from "./context.ts";
import type { ServingRequest } from "./infer-memory.ts";
import { SERVING_REQUEST_FIELDS, servingRules } from "./infer-memory.ts";
import { servingDefaults } from "./serving-fields.ts";
import { defineTask } from "./task.ts";

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
    ...(r.gpuLink === undefined ? {} : { link: r.gpuLink }),
    promptTokens: r.promptTokens,
    outputTokens: r.outputTokens,
    ...(r.efficiency === undefined ? {} : { efficiency: r.efficiency }),
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
  run: (r, ctx) =>
    servingSpeed({
      ...speedSetup(r),
      gpu: gpuById(ctx, r.gpu ?? ""),
      batch: r.sequences,
      tensorParallel: r.tensorParallel,
    }),
});
