/**
 * What each training framework does when the user does not say: its defaults for the
 * request's fields (read from the framework's own source, commits below), and the few
 * mechanics no request field expresses. A field the user sets always wins over the
 * profile; without a framework, the request's own defaults apply.
 *
 * Sources, read 2026-08 (repository @ commit):
 * - Transformers Trainer: `training_args.py` (gradient_checkpointing False, optim
 *   adamw_torch), v5 loads the checkpoint's dtype (PR #42805), SDPA attention by default;
 *   PEFT 0.20 `tuners/lora/config.py` (r 8, lora_alpha 8, lora_dropout 0.0) and
 *   `utils/constants.py` (q_proj, v_proj for Llama, Qwen2/3, Mistral, Gemma); adapters
 *   upcast to fp32 (`autocast_adapter_dtype=True`).
 * - TRL @f2cd5771 (1.10): `trainer/base_config.py` gradient_checkpointing True, bf16 True;
 *   `trainer/utils.py` loads a model named by id in float32; `sft_config.py` loss_type
 *   "chunked_nll" (256-token chunks recomputed in backward, no full logits); QLoRA adapters
 *   cast to bf16 (`sft_trainer.py`).
 * - LLaMA-Factory @ff6d4d12 (0.9.6): lora_rank 8, lora_alpha = 2 x rank, lora_dropout 0,
 *   lora_target "all" (every linear but lm_head), gradient checkpointing on, weights loaded
 *   "auto" (bf16) with trainable parameters upcast to fp32, bf16 autocast.
 * - Unsloth @015bdef0: get_peft_model r 16, lora_alpha 16, dropout 0, the seven
 *   projections, use_gradient_checkpointing "unsloth" (layer inputs offloaded to CPU),
 *   load_in_4bit True (NF4, double quant), fused cross-entropy, adamw_8bit in its default
 *   training config.
 * - torchtune @bd2a0fc7: llama3_1/8B_lora_single_device.yaml: dtype bf16 (pure), lora_rank
 *   8, lora_alpha 16, q_proj, v_proj, output_proj and the MLP, activation checkpointing on,
 *   LinearCrossEntropyLoss (8 chunks), fused AdamW; LoRA parameters in bf16; QLoRA through
 *   torchao's NF4 linear, which saves no input. 8B_full_single_device.yaml:
 *   bitsandbytes PagedAdamW8bit with `optimizer_in_bwd: True`; compile off by default.
 *   Recipes call `zero_grad(set_to_none=True)`.
 * - ms-swift @3602360a (4.6): lora_rank 8, lora_alpha 32, lora_dropout 0.05, all-linear,
 *   gradient_checkpointing True, torch_dtype from config.json (bf16) with bf16 autocast.
 * - DeepSpeed and Megatron-LM: bf16 parameters with fp32 master weights, gradients and
 *   optimizer states (Megatron `arguments.py`: fp32 gradient accumulation for bf16);
 *   no recomputation unless asked.
 * - LitGPT @26857050: finetune/lora.py precision "bf16-mixed" on a bf16 GPU (fp32 weights
 *   under autocast), lora_r 8, lora_alpha 16, lora_dropout 0.05, query and value, no
 *   activation checkpointing on one device; q, k and v are one fused matrix with one LoRA
 *   pair and one dropout (`litgpt/lora.py` LoRAQKVLinear); torch.optim.AdamW (foreach).
 * - Transformers' Trainer (and TRL, LLaMA-Factory, ms-swift, Unsloth on it): optim
 *   "adamw_torch_fused" by default with torch >= 2.8 (training_args.py `default_optim`),
 *   `model.zero_grad()` after each step (gradients set to None, PyTorch >= 2.0).
 * - DeepSpeed and Megatron-LM keep their gradient buffers between steps and step with
 *   fused Adam kernels.
 */
import type { SourceKey } from "../result.ts";
import type {
  Framework,
  LoraTarget,
  LossPath,
  Optimizer,
  Recompute,
  TrainingPrecision,
} from "../vocabulary.ts";
import { LORA_TARGETS, PEFT_DEFAULT_TARGETS } from "../vocabulary.ts";
export type { Framework } from "../vocabulary.ts";

export interface TrainingDefaults {
  precision?: TrainingPrecision;
  optimizer?: Optimizer;
  recompute?: Recompute;
  flashAttention?: boolean;
  loss?: LossPath;
  fusedKernels?: boolean;
  optimizerForeach?: boolean;
  optimizerInBackward?: boolean;
}

export interface LoraDefaults {
  rank?: number;
  alpha?: number;
  dropout?: number;
  targets?: readonly LoraTarget[];
  baseBits?: 4 | 8 | 16 | 32;
  doubleQuant?: boolean;
  adapterBits?: 16 | 32;
}

/** What the request already says, as far as a profile's defaults depend on it. */
export interface ProfileGiven {
  precision?: TrainingPrecision | undefined;
  lora?: { baseBits?: number | undefined } | undefined;
  gpus?: number | undefined;
}

/** Framework behaviour that no request field states. */
export interface Mechanics {
  /** q, k and v share one adapter input and one dropout (LitGPT's fused qkv). */
  fusedQkvAdapter: boolean;
  /**
   * q, k and v come out of one projection and attention keeps that output alive through
   * the view it saves as v (LitGPT's `CausalSelfAttention`, `activations.ts`
   * `savedQkvWidth`), in full fine-tuning as under LoRA.
   */
  fusedQkvProjection: boolean;
  /** The cross-entropy upcasts to fp32 even without autocast (Transformers does). */
  upcastLoss: boolean;
  /**
   * Gradients are set to None after each optimizer step (`zero_grad(set_to_none=True)`,
   * PyTorch >= 2.0's default), so without accumulation none exist during the forward pass.
   */
  gradientsFreed: boolean;
  /** Unsloth's LoRA kernels (see `AdapterActivationInput.fusedLoraKernels`). */
  fusedLoraKernels: boolean;
  /** A k-bit base keeps its inputs (bitsandbytes does, torchao's NF4 does not). */
  quantizedBaseKeepsInputs: boolean;
  /**
   * A k-bit base quantizes the output head too (LitGPT through Lightning's
   * `BitsandbytesPrecision`, `lora.ts` `frozenBaseBytes`); others leave it in 16 bits.
   */
  quantizedHead: boolean;
}

export interface FrameworkProfile {
  training: TrainingDefaults;
  /** The full fine-tuning recipe on one GPU, where it differs from `training`. */
  fullSingleDevice?: TrainingDefaults;
  lora: (given: ProfileGiven) => LoraDefaults;
  mechanics: Mechanics;
  source: SourceKey;
}

const PEFT_LORA: LoraDefaults = {
  rank: 8,
  alpha: 8,
  dropout: 0,
  targets: PEFT_DEFAULT_TARGETS,
  adapterBits: 32,
};
const HF_MECHANICS: Mechanics = {
  fusedQkvAdapter: false,
  fusedQkvProjection: false,
  upcastLoss: true,
  gradientsFreed: true,
  fusedLoraKernels: false,
  quantizedBaseKeepsInputs: true,
  quantizedHead: false,
};
/** DeepSpeed and Megatron-LM: persistent gradient buffers. */
const PERSISTENT_GRADS: Mechanics = { ...HF_MECHANICS, gradientsFreed: false };

export const FRAMEWORK_PROFILES: Record<Framework, FrameworkProfile> = {
  "hf-trainer": {
    training: {
      precision: "bf16",
      recompute: "none",
      flashAttention: true,
      loss: "standard",
      optimizerForeach: false,
    },
    lora: () => PEFT_LORA,
    mechanics: HF_MECHANICS,
    source: "fw-hf-trainer",
  },
  trl: {
    training: {
      precision: "bf16-mixed",
      recompute: "full",
      flashAttention: true,
      loss: "fused",
      optimizerForeach: false,
    },
    // A model named by id loads in fp32; QLoRA adapters are cast to bf16.
    lora: (g) =>
      (g.lora?.baseBits ?? 32) < 16
        ? { ...PEFT_LORA, adapterBits: 16 }
        : { ...PEFT_LORA, baseBits: 32 },
    mechanics: HF_MECHANICS,
    source: "fw-trl",
  },
  "llama-factory": {
    training: {
      precision: "bf16-mixed",
      recompute: "full",
      flashAttention: true,
      loss: "standard",
      optimizerForeach: false,
    },
    lora: () => ({ rank: 8, alpha: 16, dropout: 0, targets: LORA_TARGETS, adapterBits: 32 }),
    mechanics: HF_MECHANICS,
    source: "fw-llama-factory",
  },
  unsloth: {
    training: {
      precision: "bf16",
      recompute: "offload",
      flashAttention: true,
      loss: "fused",
      optimizer: "adam-8bit",
      fusedKernels: true,
    },
    lora: () => ({
      rank: 16,
      alpha: 16,
      dropout: 0,
      targets: LORA_TARGETS,
      baseBits: 4,
      doubleQuant: true,
      adapterBits: 32,
    }),
    mechanics: { ...HF_MECHANICS, fusedLoraKernels: true },
    source: "fw-unsloth",
  },
  torchtune: {
    training: {
      precision: "bf16",
      recompute: "full",
      flashAttention: true,
      loss: "chunked",
      optimizerForeach: false,
    },
    fullSingleDevice: { optimizer: "adam-8bit-paged", optimizerInBackward: true },
    lora: () => ({
      rank: 8,
      alpha: 16,
      dropout: 0,
      targets: ["q", "v", "o", "gate", "up", "down"],
      adapterBits: 16,
    }),
    mechanics: { ...HF_MECHANICS, quantizedBaseKeepsInputs: false },
    source: "fw-torchtune",
  },
  "ms-swift": {
    training: {
      precision: "bf16",
      recompute: "full",
      flashAttention: true,
      loss: "standard",
      optimizerForeach: false,
    },
    lora: () => ({ rank: 8, alpha: 32, dropout: 0.05, targets: LORA_TARGETS, adapterBits: 32 }),
    mechanics: HF_MECHANICS,
    source: "fw-ms-swift",
  },
  deepspeed: {
    training: {
      precision: "bf16-master",
      recompute: "none",
      flashAttention: true,
      loss: "standard",
      optimizerForeach: false,
    },
    lora: () => PEFT_LORA,
    mechanics: PERSISTENT_GRADS,
    source: "fw-deepspeed",
  },
  megatron: {
    training: {
      precision: "bf16-master",
      recompute: "none",
      flashAttention: true,
      loss: "standard",
      optimizerForeach: false,
    },
    lora: () => PEFT_LORA,
    mechanics: PERSISTENT_GRADS,
    source: "fw-megatron",
  },
  litgpt: {
    training: {
      precision: "bf16-mixed",
      recompute: "none",
      flashAttention: true,
      loss: "standard",
    },
    // LoRA weights live in the model's dtype: fp32 under "-mixed", bf16 under "bf16-true".
    lora: (g) => {
      const sixteen = g.precision === "bf16" || g.precision === "bf16-master";
      return {
        rank: 8,
        alpha: 16,
        dropout: 0.05,
        targets: ["q", "v"],
        ...((g.lora?.baseBits ?? 16) < 16 ? {} : { baseBits: sixteen ? 16 : 32 }),
        adapterBits: sixteen ? 16 : 32,
      };
    },
    mechanics: {
      ...HF_MECHANICS,
      fusedQkvAdapter: true,
      fusedQkvProjection: true,
      quantizedHead: true,
      upcastLoss: false,
    },
    source: "fw-litgpt",
  },
};

/**
 * Without a framework: the request's defaults, Transformers' loss and PEFT's adapters, and
 * gradients kept between steps (PyTorch before 2.0, and any loop that zeroes them in place):
 * the larger of the two cases, since nothing says which loop runs.
 */
export const GENERIC_MECHANICS: Mechanics = PERSISTENT_GRADS;
