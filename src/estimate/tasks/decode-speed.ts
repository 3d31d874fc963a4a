/** `decode-speed`: tokens per second, time to first token and requests per second on a GPU. */
import { servingSpeed } from "../inference-speed.ts";
import { formatScaleBits } from "../weight-formats.ts";
import { gpuById, speedFigureIssues } from "./context.ts";
import { SERVING_REQUEST_FIELDS } from "./infer-memory.ts";
import { servingDefaults } from "./serving-fields.ts";
import { defineTask } from "./task.ts";

export const decodeSpeedTask = defineTask({
  id: "decode-speed",
  fields: SERVING_REQUEST_FIELDS,
  required: ["gpu"],
  defaults: servingDefaults,
  rules: (r, ctx) => speedFigureIssues(ctx, "gpu", r.gpu, ["bandwidthGBps", "fp32Tflops"]),
  run: (r, ctx) =>
    servingSpeed({
      model: r.model.spec,
      gpu: gpuById(ctx, r.gpu ?? ""),
      format: r.weightFormat ?? "fp16",
      weightBits: r.weightBits,
      scaleBits: r.scaleBits ?? formatScaleBits(r.weightFormat ?? "fp16", r.weightBits),
      ...(r.weightFileBytes === undefined ? {} : { weightFileBytes: r.weightFileBytes }),
      kvBits: r.kvBits,
      contextTokens: r.contextTokens,
      batch: r.sequences,
      engine: r.engine,
      tensorParallel: r.tensorParallel,
      ...(r.gpuLink === undefined ? {} : { link: r.gpuLink }),
      promptTokens: r.promptTokens,
      outputTokens: r.outputTokens,
      ...(r.efficiency === undefined ? {} : { efficiency: r.efficiency }),
    }),
});
