/**
 * How each weight format stores a model: the scale (and zero-point) bits it adds per weight,
 * and which tensors it quantizes. `weightBits` is the format's nominal width (4 for a 4-bit
 * GPTQ model); GGUF and EXL2 state an average bits per weight that already holds their
 * scales.
 */
import type { WeightFormat } from "../vocabulary.ts";
export type { WeightFormat } from "../vocabulary.ts";
import { NF4_SCALE_BITS } from "../hardware/precision.ts";

/**
 * GPTQ and AWQ store one fp16 scale and one `bits`-wide zero point per group of 128 weights:
 * AutoGPTQ's `BaseQuantizeConfig(group_size=128)` and AutoAWQ's `q_group_size: 128,
 * zero_point: True` defaults, so (16 + bits) / 128 bits per weight.
 */
export const INT_GROUP_SIZE = 128;
export const FP16_SCALE_BITS = 16;
/**
 * ExLlamaV2 quantizes the output head separately, "about 6.3 bits" by default
 * (exllamav2 doc/convert.md, `-hb 6`).
 */
export const EXL2_HEAD_BITS = 6.3;

/** Scale bits per weight a format adds on top of `weightBits`. */
export function formatScaleBits(
  format: WeightFormat,
  weightBits: number,
  doubleQuant = false,
): number {
  if (weightBits >= 16) return 0;
  switch (format) {
    case "gptq":
    case "awq":
      return (FP16_SCALE_BITS + weightBits) / INT_GROUP_SIZE;
    case "bnb":
      // NF4/FP4: one fp32 absmax per 64 weights (0.127 bits with double quantization);
      // LLM.int8: one fp32 scale per row, negligible.
      if (weightBits >= 8) return 0;
      return doubleQuant ? 8 / 64 + 32 / (64 * 256) : NF4_SCALE_BITS;
    case "fp8":
    case "fp16":
    case "gguf":
    case "exl2":
      return 0;
  }
}

/**
 * GGUF files quantize every tensor, the embeddings included (llama.cpp keeps the output in
 * Q6_K); the others leave embeddings and the head in 16 bit (bitsandbytes, GPTQ, AWQ and
 * vLLM's FP8 skip `lm_head`), EXL2 quantizes its head at 6.3 bits.
 */
export function embeddingBits(format: WeightFormat, weightBits: number): number {
  if (weightBits >= 16) return weightBits;
  if (format === "gguf") return weightBits;
  if (format === "exl2") return EXL2_HEAD_BITS;
  return 16;
}
