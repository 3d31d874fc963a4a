/** `$inference`: serving settings shared by inference memory, throughput and the fit table. */
import { num, oneOf } from "./fields.ts";
import type { Shape } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface InferenceState {
  /** Bits per weight: 32/16/8/4, or a GGUF average such as 4.5. */
  weightBits: number;
  kvBits: number;
  context: number;
  sequences: number;
  engine: "pytorch" | "vllm" | "llama.cpp";
  /** vLLM gpu_memory_utilization, percent. */
  utilPct: number;
  gpu: string;
  gpus: number;
  promptTokens: number;
  outputTokens: number;
  headroomPct: number;
}

export const INFERENCE_DEFAULTS: InferenceState = {
  weightBits: 16, kvBits: 16, context: 4096, sequences: 1, engine: "vllm", utilPct: 90, gpu: "rtx-4090", gpus: 1,
  promptTokens: 1024, outputTokens: 256, headroomPct: 20,
};

export const INFERENCE_SHAPE: Shape = {
  weightBits: num(1, 32),
  kvBits: num(2, 32),
  context: num(1, 2097152, true),
  sequences: num(1, 4096, true),
  engine: oneOf(["pytorch", "vllm", "llama.cpp"]),
  utilPct: num(10, 100),
  gpu: { t: "str", max: 64 },
  gpus: num(1, 64, true),
  promptTokens: num(1, 2097152, true),
  outputTokens: num(1, 1048576, true),
  headroomPct: num(0, 100),
};

export const $inference = calcAtom<InferenceState>("i", INFERENCE_SHAPE, INFERENCE_DEFAULTS);
export const setInference = (changes: Partial<InferenceState>): void => patch($inference, changes);
