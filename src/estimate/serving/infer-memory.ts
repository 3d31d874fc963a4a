/** `infer-memory`: memory per GPU to serve a model, and the concurrency a GPU holds. */
import type { InferenceMemoryInput } from "./memory.ts";
import { inferenceMemory, servingFit } from "./memory.ts";
import { mibToBytes } from "../units.ts";
import { gpuById, memoryVerdict } from "../memory/verdict.ts";
import type { Resolved } from "../request/field.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";
import { headRules } from "../memory/parallel-rules.ts";
import { SERVING_FIELDS, servingDefaults } from "./fields.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";

export const SERVING_REQUEST_FIELDS = {
  model: { kind: "model", required: true },
  ...SERVING_FIELDS,
} as const;
export type ServingRequest = Resolved<typeof SERVING_REQUEST_FIELDS>;

/** The estimator's input for a checked serving request (also used by the ranking). */
export function servingInput(r: ServingRequest, ctx: TaskContext): InferenceMemoryInput {
  const input: InferenceMemoryInput = {
    model: r.model.spec,
    format: r.weightFormat ?? "fp16",
    weightBits: r.weightBits,
    kvBits: r.kvBits,
    contextTokens: r.contextTokens,
    sequences: r.sequences,
    engine: r.engine,
    tensorParallel: r.tensorParallel,
    headroom: r.headroom,
  };
  if (r.scaleBits !== undefined) input.scaleBits = r.scaleBits;
  if (r.weightFileBytes !== undefined) input.weightFileBytes = r.weightFileBytes;
  if (r.prefillChunkTokens !== undefined) input.prefillChunkTokens = r.prefillChunkTokens;
  if (r.gpuLayers !== undefined) input.gpuLayers = r.gpuLayers;
  if (r.gpuMemoryUtilization !== undefined) input.gpuMemoryUtilization = r.gpuMemoryUtilization;
  if (r.cudaContextMiB !== undefined) input.cudaContextBytes = mibToBytes(r.cudaContextMiB);
  if (r.fragmentation !== undefined) input.fragmentation = r.fragmentation;
  if (r.gpu !== undefined) input.gpu = gpuById(ctx, r.gpu);
  return input;
}

/**
 * A serving setup an engine would start: tensor parallel splits the model's heads, and the
 * prompt fits in the context (vLLM refuses a prompt longer than max_model_len; llama.cpp's
 * n_ctx bounds it alike). The output is not held to what is left: a speed estimate's
 * context is the KV length its decode steps read, not the engine's limit.
 */
export function servingRules(r: ServingRequest): Issue[] {
  const out = headRules(r.model.spec, r.tensorParallel, true);
  if (r.promptTokens > r.contextTokens)
    out.push(issue("promptTokens", "prompt-exceeds-context", { context: r.contextTokens }));
  return out;
}

export const inferMemoryTask = defineTask({
  id: "infer-memory",
  fields: SERVING_REQUEST_FIELDS,
  defaults: servingDefaults,
  rules: servingRules,
  run: (r, ctx) => {
    const input = servingInput(r, ctx);
    const result = inferenceMemory(input);
    const verdict = memoryVerdict(ctx, result, r.gpu, r.tensorParallel);
    // A reserving engine's GPU must also hold every sequence in its pool (the plan's rule).
    const chosen =
      verdict.chosen && input.gpu
        ? { ...verdict.chosen, fit: servingFit(result, input.gpu, r.sequences) }
        : verdict.chosen;
    return { ...result, verdict: { ...verdict, chosen } };
  },
});
