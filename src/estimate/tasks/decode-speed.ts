/** `decode-speed`: tokens per second, time to first token and requests per second on a GPU. */
import { servingSpeed } from "../inference-speed.ts";
import { gpuById, speedFigureIssues } from "./context.ts";
import { SERVING_REQUEST_FIELDS } from "./infer-memory.ts";
import { defineTask } from "./task.ts";

export const decodeSpeedTask = defineTask({
  id: "decode-speed",
  fields: SERVING_REQUEST_FIELDS,
  required: ["gpu"],
  rules: (r, ctx) => speedFigureIssues(ctx, "gpu", r.gpu, ["bandwidthGBps", "fp32Tflops"]),
  run: (r, ctx) =>
    servingSpeed({
      model: r.model.spec,
      gpu: gpuById(ctx, r.gpu ?? ""),
      weightBits: r.weightBits,
      ...(r.scaleBits === undefined ? {} : { scaleBits: r.scaleBits }),
      kvBits: r.kvBits,
      contextTokens: r.contextTokens,
      batch: r.sequences,
      engine: r.engine,
      tensorParallel: r.tensorParallel,
      promptTokens: r.promptTokens,
      outputTokens: r.outputTokens,
      ...(r.efficiency === undefined ? {} : { efficiency: r.efficiency }),
    }),
});
