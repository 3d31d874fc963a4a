/**
 * LoRA (Hu et al. 2021) and QLoRA (Dettmers et al. 2023): the trainable adapter size, the
 * bytes of the frozen, possibly quantized, base, and what the adapters keep for backward.
 */
import type { FullModule, LoraTarget } from "../vocabulary.ts";
export type { FullModule, LoraTarget } from "../vocabulary.ts";
import type { LinearInput } from "./activations.ts";
import { DROPOUT_MASK_BYTES } from "./activations.ts";
import type { MatrixShape, ModelArch } from "../model/model.ts";
import { matrixShapes, paramCounts } from "../model/model.ts";
import { NF4_BLOCK, NF4_SCALE_BITS } from "../hardware/precision.ts";

export interface LoraConfig {
  rank: number;
  targets: readonly LoraTarget[];
  /** Bits of the frozen base's linear weights: 32 or 16 (LoRA), 8 (LLM.int8), 4 (QLoRA NF4). */
  baseBits: number;
  /** QLoRA double quantization of the block scales. */
  doubleQuant: boolean;
  /** Dropout on each adapter's input (PEFT applies one per adapted layer). */
  dropout: number;
  /** Bits of the adapter weights, their gradients and optimizer states. */
  adapterBits: number;
  /** Modules trained in full beside the adapters (PEFT `modules_to_save`). */
  fullModules: readonly FullModule[];
}

export const NF4_DOUBLE_QUANT_SCALE_BITS = 8 / NF4_BLOCK + 32 / (NF4_BLOCK * 256);
/** LLM.int8 keeps one fp32 scale per output row (Dettmers et al. 2022, sec. 3.1): negligible per weight. */
export const INT8_SCALE_BITS = 0;
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
export function loraParams(model: ModelArch, lora: Pick<LoraConfig, "rank" | "targets">): number {
  let n = 0;
  for (const s of matrixShapes(model)) {
    if (targeted(s, lora.targets)) n += lora.rank * (s.rows + s.cols) * s.count;
  }
  return n;
}

/**
 * Parameters of the modules trained in full: a trainable copy of each (PEFT's
 * ModulesToSaveWrapper keeps the original beside it, which the frozen base counts).
 */
export function fullModuleParams(model: ModelArch, modules: readonly FullModule[]): number {
  return modules.length * model.vocab * model.hidden;
}

/** The adapter targets that read each linear input. */
const READERS: Record<LinearInput, readonly LoraTarget[]> = {
  qkv: ["q", "k", "v"],
  out: ["o"],
  mlp: ["gate", "up"],
  down: ["down"],
};

export interface AdapterActivationInput {
  model: ModelArch;
  lora: LoraConfig;
  /** Bytes per value of the activations the adapters read. */
  activationBytes: number;
  /** torch.autocast is on: the adapters' matmuls cast their inputs to 16 bit. */
  autocast: boolean;
  /** q, k and v share one adapter input (LitGPT's fused qkv). */
  fusedQkv: boolean;
  /**
   * Unsloth's LoRA kernels (unsloth/kernels/fast_lora.py): `matmul_lora` casts the adapters
   * to the input's dtype (`X @ A.to(dtype)`), so no adapter copies its input; `LoRA_QKV`
   * and `LoRA_MLP` keep the one input their projections share, `LoRA_MLP` recomputes the
   * down projection's input from the gate and up outputs, and `LoRA_W` keeps the attention
   * output, which is the attention kernel's own saved output (a view). Only without
   * adapter dropout (Unsloth falls back to PEFT's path when `lora_dropout != 0`).
   */
  fusedLoraKernels?: boolean;
  /**
   * A k-bit base layer keeps its input for backward: bitsandbytes' MatMul4Bit and
   * MatMul8bitLt save `A` whenever an input needs grad (bitsandbytes/autograd/_functions.py).
   * torchao's NF4 linear (torchtune's QLoRA) saves only the weight (`LinearNF4.forward`:
   * `ctx.nf4_weight = weight`). Default true. That is bitsandbytes up to 0.43.1, which
   * the published QLoRA rows ran (LitGPT's tables 0.41.1, ms-swift's 0.41.3): 0.43.2 and
   * later keep only the packed weight in `MatMul4Bit` (`ctx.tensors = (None, B)`, PR #1270
   * "fix QLoRA mem bug: delete useless buffered activation", 2024-07-16). No request field
   * names the version yet, so a run on current bitsandbytes without checkpointing is
   * overestimated by these inputs.
   */
  quantizedBaseKeepsInputs?: boolean;
}

/** Unsloth's fused path applies: its kernels and no adapter dropout. */
const unslothPath = (a: AdapterActivationInput): boolean =>
  (a.fusedLoraKernels ?? false) && a.lora.dropout === 0;

/**
 * An adapter keeps its own copy of its input when it changes it before its first matmul:
 * PEFT runs `x = self._cast_input_dtype(x, lora_A.weight.dtype)` then
 * `lora_B(lora_A(dropout(x)))` (peft/tuners/lora/layer.py), so dropout makes a new tensor
 * (and saves its 1-byte mask), and fp32 adapters over 16-bit activations make an fp32 copy.
 * `lora_A` saves its input for its weight gradient: that copy, or under autocast the 16-bit
 * cast autocast makes of it. Without either, the adapter reads the base layer's input.
 */
export function adapterKeepsOwnInput(a: AdapterActivationInput): boolean {
  if (unslothPath(a)) return false;
  return a.lora.dropout > 0 || a.lora.adapterBits / 8 !== a.activationBytes;
}

/**
 * Bytes the adapters of one layer keep for backward, per token: per adapted matrix, its
 * input width times what it keeps (see `adapterKeepsOwnInput`).
 */
export function adapterSavedBytesPerToken(a: AdapterActivationInput): number {
  if (!adapterKeepsOwnInput(a)) return 0;
  const copyBytes = a.autocast ? a.activationBytes : a.lora.adapterBits / 8;
  const perValue = copyBytes + (a.lora.dropout > 0 ? DROPOUT_MASK_BYTES : 0);
  let width = 0;
  let qkvCounted = false;
  for (const s of matrixShapes(a.model)) {
    if (!targeted(s, a.lora.targets)) continue;
    const isQkv = s.name === "q" || s.name === "k" || s.name === "v";
    if (isQkv && a.fusedQkv) {
      if (qkvCounted) continue;
      qkvCounted = true;
    }
    width += (s.rows * s.count) / a.model.layers;
  }
  return width * perValue;
}

/**
 * Linear inputs nothing keeps for backward under LoRA. A frozen 16/32-bit `nn.Linear`
 * needs only its weight for the input gradient, so it keeps no input; an adapter that does
 * not keep its own copy keeps the input it shares with its base layer. A k-bit base keeps
 * every input where its kernel saves them (`quantizedBaseKeepsInputs`). Under Unsloth's
 * kernels the attention output and the down projection's input are never kept apart.
 */
export function unsavedLinearInputs(a: AdapterActivationInput): LinearInput[] {
  const all = Object.keys(READERS) as LinearInput[];
  if (unslothPath(a))
    return all.filter(
      (i) => i === "out" || i === "down" || !READERS[i].some((t) => a.lora.targets.includes(t)),
    );
  if (a.lora.baseBits < 16 && (a.quantizedBaseKeepsInputs ?? true)) return [];
  const ownCopy = adapterKeepsOwnInput(a);
  return all.filter((i) => ownCopy || !READERS[i].some((t) => a.lora.targets.includes(t)));
}

/** Parameters of the untied output head (0 when it shares the embedding's weight). */
export function headParams(model: ModelArch): number {
  return model.tiedEmbeddings ? 0 : model.vocab * model.hidden;
}

/**
 * Frozen base weight bytes: linear layers at `baseBits` plus their scales; embeddings and
 * the output head at 16 bits under a quantized base (Transformers' bitsandbytes
 * integration leaves the output embedding out, `get_keys_to_not_convert`, and never
 * converts `nn.Embedding`), else at the base's own bits. `quantizedHead`: the head is
 * quantized like the linear layers (Lightning's `BitsandbytesPrecision`, which LitGPT uses,
 * converts every `nn.Linear` it is not told to ignore, and LitGPT passes no
 * `ignore_modules`: litgpt/finetune/lora.py @26857050 line 149, finetune/lora.py @8641822
 * line 74).
 */
export function frozenBaseBytes(
  model: ModelArch,
  baseBits: number,
  doubleQuant: boolean,
  quantizedHead = false,
): number {
  const counts = paramCounts(model);
  if (baseBits >= 16) return (counts.total * baseBits) / 8;
  const quantized = counts.quantizable + (quantizedHead ? headParams(model) : 0);
  const rest = counts.total - quantized;
  return (quantized * (baseBits + scaleBitsFor(baseBits, doubleQuant))) / 8 + rest * 2;
}

/**
 * Parameters of the largest weight a k-bit base dequantizes at once: one matrix per matmul,
 * in the forward pass and again for the input gradient, each freed when its matmul returns
 * (bitsandbytes autograd/_functions.py `MatMul4Bit`: `F.linear(A, dequantize_4bit(B, ...)
 * .to(A.dtype).t())` in 0.41, `_dequant_linear_fallback` for more than a few rows since
 * 0.49; backward `torch.matmul(grad_output, dequantize_4bit(B, ctx.state)...)`; torchao
 * `linear_nf4`), so a block rebuilt under checkpointing dequantizes again, still one at a
 * time. A quantized head (`quantizedHead`) is the largest for most vocabularies.
 */
export function largestDequantized(model: ModelArch, quantizedHead = false): number {
  return Math.max(paramCounts(model).largestQuantizable, quantizedHead ? headParams(model) : 0);
}

/** The same for a bare parameter count, every weight quantized alike. */
export function frozenBaseBytesOfCount(
  params: number,
  baseBits: number,
  doubleQuant: boolean,
): number {
  return (params * (baseBits + scaleBitsFor(baseBits, doubleQuant))) / 8;
}
