/**
 * What LoRA and QLoRA cost in time beyond their FLOPs: memory traffic the 6·N count does
 * not see, run at the GPU's memory bandwidth (every op here moves far more bytes than it
 * computes).
 *
 * Unfused adapters. PEFT's `lora.Linear.forward` (peft/tuners/lora/layer.py) runs
 * `result = self.base_layer(x)` and then `result = result + lora_B(lora_A(dropout(x))) *
 * scaling` as separate kernels; NeMo's and torchtune's adapters are written the same way
 * (an adapter module beside the frozen linear, summed into its output). Per token, for an
 * adapted matrix with `in` inputs and `out` outputs, in 16-bit values (2 bytes):
 *   forward: lora_A reads its input (2·in); lora_B writes `out` values (2·out); the scale
 *     reads and writes them (4·out); the sum reads two outputs and writes one (6·out).
 *   backward: the scale's gradient is read and written (4·out); lora_B's input gradient
 *     and weight gradient each read the output gradient (4·out); lora_A's weight gradient
 *     reads its input and its input gradient is written (4·in); autograd sums that into the
 *     base's input gradient, two read and one written (6·in).
 *   dropout (p > 0; nn.Identity at 0): forward reads the input and writes a copy and a
 *     1-byte mask (5·in); backward reads the gradient and the mask and writes one (5·in).
 * That is 12·in + 20·out bytes, 10·in more with dropout, and the forward's share again
 * for each recomputed forward. The r-wide values between lora_A and lora_B are negligible
 * (r ≪ in, out). Unsloth's kernels fuse the adapters into the base matmul: none of this.
 *
 * A k-bit base (QLoRA). bitsandbytes' `MatMul4Bit` (bitsandbytes/autograd/_functions.py)
 * calls `F.dequantize_4bit` on the whole weight in its forward and again in its backward
 * (for the input gradient), and once more in each recomputed forward: each reads the packed
 * weight with its block scales and writes a 16-bit copy, which the matmul then reads as a
 * 16-bit base would. That is per micro-step, however many tokens it holds.
 */
import type { ModelArch } from "../model/model.ts";
import { matrixShapes, paramCounts } from "../model/model.ts";
import type { LoraConfig } from "../memory/lora.ts";
import { scaleBitsFor } from "../memory/lora.ts";
import { gbToBytes } from "../units.ts";

/** Adapter traffic per token and adapted matrix, bytes per input and per output value. */
export const ADAPTER_BYTES = {
  forward: { in: 2, out: 12 },
  backward: { in: 10, out: 8 },
  /** Dropout's copy and mask, forward and backward, per input value. */
  dropout: { forward: 5, backward: 5 },
} as const;
/** Dequantisations of a k-bit base per micro-step: the forward's and the backward's. */
export const DEQUANTS_PER_MICRO_STEP = 2;
/** Bytes a dequantised 16-bit copy is written as. */
export const DEQUANT_OUTPUT_BYTES = 2;

export interface AdapterCostInput {
  model: ModelArch;
  lora: Pick<LoraConfig, "targets" | "dropout" | "baseBits" | "doubleQuant">;
  /** Forwards rerun by full recomputation (0 or 1). */
  forwardReruns: number;
  /** q, k and v share one adapter (one input, their outputs together). */
  fusedQkv: boolean;
  /** Unsloth's fused LoRA kernels: no separate adapter traffic. */
  fusedLoraKernels: boolean;
}

/** Bytes of adapter traffic per token, over all layers (before any split over GPUs). */
export function adapterBytesPerToken(i: AdapterCostInput): number {
  if (i.fusedLoraKernels) return 0;
  const targets = new Set<string>(i.lora.targets);
  const dropout = i.lora.dropout > 0;
  const fwdIn = ADAPTER_BYTES.forward.in + (dropout ? ADAPTER_BYTES.dropout.forward : 0);
  const bwdIn = ADAPTER_BYTES.backward.in + (dropout ? ADAPTER_BYTES.dropout.backward : 0);
  const passes = (inputs: number, outputs: number) =>
    (1 + i.forwardReruns) * (fwdIn * inputs + ADAPTER_BYTES.forward.out * outputs) +
    bwdIn * inputs +
    ADAPTER_BYTES.backward.out * outputs;
  let bytes = 0;
  let qkvOut = 0;
  let qkvIn = 0;
  let qkvCount = 0;
  let qkvShare = 1;
  for (const s of matrixShapes(i.model)) {
    if (!targets.has(s.name)) continue;
    if (i.fusedQkv && (s.name === "q" || s.name === "k" || s.name === "v")) {
      qkvIn = s.rows;
      qkvOut += s.cols;
      qkvCount = s.count;
      qkvShare = s.activeShare;
      continue;
    }
    // A routed expert sees its share of the tokens.
    bytes += passes(s.rows, s.cols) * s.count * s.activeShare;
  }
  return bytes + passes(qkvIn, qkvOut) * qkvCount * qkvShare;
}

/** Bytes of dequantising a k-bit base per micro-step (0 for a 16- or 32-bit base). */
export function dequantBytesPerMicroStep(i: AdapterCostInput): number {
  if (i.lora.baseBits >= 16) return 0;
  const packed = (i.lora.baseBits + scaleBitsFor(i.lora.baseBits, i.lora.doubleQuant)) / 8;
  const dequants = DEQUANTS_PER_MICRO_STEP + i.forwardReruns;
  return dequants * paramCounts(i.model).quantizable * (packed + DEQUANT_OUTPUT_BYTES);
}

/** Seconds for a number of bytes at the datasheet bandwidth; 0 where it is not known. */
export const atBandwidth = (bytes: number, bandwidthGBps: number | undefined): number =>
  bytes > 0 && bandwidthGBps ? bytes / gbToBytes(bandwidthGBps) : 0;
