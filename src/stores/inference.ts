/** `$inference`: serving settings shared by inference memory, throughput and the fit table. */
import { defaultsOf, int, num, oneOf, str } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface InferenceState {
  /** Bits per weight: 32/16/8/4, or a GGUF average such as 4.85. */
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

export const INFERENCE_SHAPE: ShapeOf<InferenceState> = {
  weightBits: num(16, 1, 32),
  kvBits: num(16, 2, 32),
  context: int(4096, 1, 2097152),
  sequences: int(1, 1, 4096),
  engine: oneOf("vllm", ["pytorch", "vllm", "llama.cpp"]),
  utilPct: num(90, 10, 100),
  gpu: str("rtx-4090"),
  gpus: int(1, 1, 64),
  promptTokens: int(1024, 1, 2097152),
  outputTokens: int(256, 1, 1048576),
  headroomPct: num(20, 0, 100),
};
export const INFERENCE_DEFAULTS = defaultsOf<InferenceState>(INFERENCE_SHAPE);

export const $inference = calcAtom<InferenceState>("i", INFERENCE_SHAPE);
export const setInference = (changes: Partial<InferenceState>): void => patch($inference, changes);
