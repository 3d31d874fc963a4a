/**
 * LoRA (Hu et al. 2021) and QLoRA (Dettmers et al. 2023): the trainable adapter size and the
 * bytes of the frozen, possibly 4-bit, base.
 */
import type { LoraTarget } from "./vocabulary.ts";
export type { LoraTarget } from "./vocabulary.ts";
import type { LinearInput } from "./activations.ts";
import type { MatrixShape, ModelArch } from "./model.ts";
import { matrixShapes, paramCounts } from "./model.ts";

export interface LoraConfig {
  rank: number;
  targets: readonly LoraTarget[];
  /** Bits of the frozen base's linear weights: 16 (LoRA), 8 (LLM.int8), 4 (QLoRA NF4). */
  baseBits?: number;
  /** QLoRA double quantization of the block scales (default on, as in the paper). */
  doubleQuant?: boolean;
  /** Dropout on the adapter input; each target then stores its own dropped input copy. */
  dropout?: number;
}

import { NF4_BLOCK, NF4_SCALE_BITS } from "./precision.ts";
export const NF4_DOUBLE_QUANT_SCALE_BITS = 8 / NF4_BLOCK + 32 / (NF4_BLOCK * 256);
/** LLM.int8 keeps one fp32 scale per output row (Dettmers et al. 2022, sec. 3.1): negligible per weight. */
export const INT8_SCALE_BITS = 0;
/** LitGPT's LoRA default dropout (finetune/lora.py, lora_dropout = 0.05); QLoRA used 0.05-0.1. */
export const DEFAULT_LORA_DROPOUT = 0.05;

/** Extra bits per weight for block scales of a k-bit base. */
export function scaleBitsFor(baseBits: number, doubleQuant: boolean): number {
  if (baseBits >= 16) return 0;
  if (baseBits >= 8) return INT8_SCALE_BITS;
  return doubleQuant ? NF4_DOUBLE_QUANT_SCALE_BITS : NF4_SCALE_BITS;
}

function targeted(shape: MatrixShape, targets: readonly LoraTarget[]): boolean {
  return (targets as readonly string[]).includes(shape.name);
}

/** Trainable adapter parameters: r·(d_in + d_out) per adapted matrix. */
export function loraParams(model: ModelArch, lora: LoraConfig): number {
  let n = 0;
  for (const s of matrixShapes(model)) {
    if (targeted(s, lora.targets)) n += lora.rank * (s.rows + s.cols) * s.count;
  }
  return n;
}

/** Sum of adapted matrices' input widths per layer, for the adapter-dropout copies. */
export function loraInputWidth(model: ModelArch, lora: LoraConfig): number {
  let w = 0;
  for (const s of matrixShapes(model)) {
    if (targeted(s, lora.targets)) w += (s.rows * s.count) / model.layers;
  }
  return w;
}

/** The adapter targets that read each linear input. */
const READERS: Record<LinearInput, readonly LoraTarget[]> = {
  qkv: ["q", "k", "v"],
  out: ["o"],
  mlp: ["gate", "up"],
  down: ["down"],
};

/**
 * Linear inputs nothing keeps for backward under LoRA. A frozen 16-bit `nn.Linear` needs
 * only its weight for the input gradient, so it keeps no input; an adapter without dropout
 * keeps the input it shares with its base layer (with dropout it keeps its own dropped copy,
 * counted apart). bitsandbytes k-bit layers keep every input: MatMul4Bit and MatMul8bitLt
 * save `A` whenever an input needs grad (bitsandbytes/autograd/_functions.py).
 */
export function unsavedLinearInputs(lora: LoraConfig): LinearInput[] {
  if ((lora.baseBits ?? 16) < 16) return [];
  const dropout = (lora.dropout ?? DEFAULT_LORA_DROPOUT) > 0;
  return (Object.keys(READERS) as LinearInput[]).filter(
    (i) => dropout || !READERS[i].some((t) => lora.targets.includes(t)),
  );
}

/**
 * Frozen base weight bytes: linear layers at `baseBits` plus their scales, embeddings and
 * the output head in 16 bit (bitsandbytes and QLoRA leave them unquantized).
 */
export function frozenBaseBytes(
  model: ModelArch,
  baseBits: number,
  doubleQuant: boolean,
  sixteenBitBytes: number,
): number {
  const counts = paramCounts(model);
  const quantized = counts.quantizable;
  const rest = counts.total - quantized;
  if (baseBits >= 16) return counts.total * sixteenBitBytes;
  return (quantized * (baseBits + scaleBitsFor(baseBits, doubleQuant))) / 8 + rest * 2;
}
