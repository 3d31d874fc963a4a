/**
 * ggml's tensor types as a GGUF file numbers them: elements per block and bytes per block.
 * Transcribed from ggml-org/ggml @d99724f2 (2026-08-21): the ids from include/ggml.h
 * `enum ggml_type`, block sizes and byte sizes from src/ggml.c `type_traits` and the
 * `static_assert(sizeof(block_...))` lines of src/ggml-common.h (QK_K = 256, ggml_half 2 bytes).
 * Removed ids (4, 5, 31-33, 36-38) are absent: a file using one is refused.
 */

export interface GgmlType {
  name: string;
  /** Elements per block. */
  block: number;
  /** Bytes per block. */
  bytes: number;
}

const t = (name: string, block: number, bytes: number): GgmlType => ({ name, block, bytes });

export const GGML_TYPES: Readonly<Record<number, GgmlType>> = {
  0: t("F32", 1, 4),
  1: t("F16", 1, 2),
  2: t("Q4_0", 32, 18), // fp16 scale + 16 bytes of nibbles
  3: t("Q4_1", 32, 20),
  6: t("Q5_0", 32, 22),
  7: t("Q5_1", 32, 24),
  8: t("Q8_0", 32, 34),
  9: t("Q8_1", 32, 36),
  10: t("Q2_K", 256, 84),
  11: t("Q3_K", 256, 110),
  12: t("Q4_K", 256, 144),
  13: t("Q5_K", 256, 176),
  14: t("Q6_K", 256, 210),
  15: t("Q8_K", 256, 292),
  16: t("IQ2_XXS", 256, 66),
  17: t("IQ2_XS", 256, 74),
  18: t("IQ3_XXS", 256, 98),
  19: t("IQ1_S", 256, 50),
  20: t("IQ4_NL", 32, 18),
  21: t("IQ3_S", 256, 110),
  22: t("IQ2_S", 256, 82),
  23: t("IQ4_XS", 256, 136),
  24: t("I8", 1, 1),
  25: t("I16", 1, 2),
  26: t("I32", 1, 4),
  27: t("I64", 1, 8),
  28: t("F64", 1, 8),
  29: t("IQ1_M", 256, 56),
  30: t("BF16", 1, 2),
  34: t("TQ1_0", 256, 54),
  35: t("TQ2_0", 256, 66),
  39: t("MXFP4", 32, 17),
  40: t("NVFP4", 64, 36),
  41: t("Q1_0", 128, 18),
  42: t("Q2_0", 64, 18),
};
