/**
 * Each framework's defaults, transcribed by hand from the sources `frameworks.ts` cites (the
 * framework's own code at the commits named there), checked against what a request that
 * names the framework resolves to. The profile is never its own expectation: every value
 * below is written out from the citation, with the reason beside it.
 */
import { describe, expect, it } from "vitest";
import type { Framework, Mechanics } from "../../../../src/estimate/memory/frameworks.ts";
import {
  FRAMEWORK_PROFILES,
  GENERIC_MECHANICS,
} from "../../../../src/estimate/memory/frameworks.ts";
import { FRAMEWORKS } from "../../../../src/estimate/vocabulary.ts";
import { run } from "../helpers.ts";

/** The resolved request for Llama 3.1 8B under a framework, with `over` on top. */
function resolved(framework: Framework, over: Record<string, unknown> = {}) {
  const r = run({ task: "train-memory", model: { preset: "llama-3.1-8b" }, framework, ...over });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r.request;
}

const ALL_LINEAR = ["q", "k", "v", "o", "gate", "up", "down"];
/** PEFT 0.20 `LoraConfig`: r 8, lora_alpha 8, dropout 0.0, q_proj/v_proj for Llama, fp32 adapters. */
const PEFT = { rank: 8, alpha: 8, dropout: 0, targets: ["q", "v"], adapterBits: 32 };
/** The request's own LoRA defaults for what no profile names (training-fields.ts). */
const FIELD_LORA = { baseBits: 16, doubleQuant: true, fullModules: [] };

/** Full fine-tuning fields each framework resolves to (no LoRA, one GPU), from its source. */
const FULL: Record<Framework, Record<string, unknown>> = {
  // training_args.py: gradient_checkpointing False; v5 loads the checkpoint's bf16 dtype and
  // trains it as loaded; SDPA; adamw_torch_fused (no foreach temporaries).
  "hf-trainer": {
    precision: "bf16",
    optimizer: "adamw",
    recompute: "none",
    flashAttention: true,
    loss: "standard",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: false,
  },
  // TRL base_config.py: gradient_checkpointing True, bf16 True over an fp32 load
  // (autocast); sft_config.py chunked_nll, no full logits; Trainer's fused AdamW.
  trl: {
    precision: "bf16-mixed",
    optimizer: "adamw",
    recompute: "full",
    flashAttention: true,
    loss: "fused",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: false,
  },
  // LLaMA-Factory: checkpointing on, bf16 load with fp32 trainables under bf16 autocast.
  "llama-factory": {
    precision: "bf16-mixed",
    optimizer: "adamw",
    recompute: "full",
    flashAttention: true,
    loss: "standard",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: false,
  },
  // Unsloth: "unsloth" checkpointing (inputs offloaded to CPU), fused cross-entropy, its
  // Triton kernels, adamw_8bit; nothing on foreach, so PyTorch's default (true) stays.
  unsloth: {
    precision: "bf16",
    optimizer: "adam-8bit",
    recompute: "offload",
    flashAttention: true,
    loss: "fused",
    fusedKernels: true,
    optimizerForeach: true,
    optimizerInBackward: false,
  },
  // torchtune 8B_full_single_device.yaml: pure bf16, activation checkpointing,
  // LinearCrossEntropyLoss (chunked), PagedAdamW8bit with optimizer_in_bwd, compile off.
  torchtune: {
    precision: "bf16",
    optimizer: "adam-8bit-paged",
    recompute: "full",
    flashAttention: true,
    loss: "chunked",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: true,
  },
  // ms-swift 4.6: torch_dtype from config.json (bf16), gradient_checkpointing True.
  "ms-swift": {
    precision: "bf16",
    optimizer: "adamw",
    recompute: "full",
    flashAttention: true,
    loss: "standard",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: false,
  },
  // DeepSpeed: bf16 params, fp32 master/grads/states; no recomputation unless asked; FusedAdam.
  deepspeed: {
    precision: "bf16-master",
    optimizer: "adamw",
    recompute: "none",
    flashAttention: true,
    loss: "standard",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: false,
  },
  // Megatron-LM arguments.py: fp32 gradient accumulation for bf16, the same layout.
  megatron: {
    precision: "bf16-master",
    optimizer: "adamw",
    recompute: "none",
    flashAttention: true,
    loss: "standard",
    fusedKernels: false,
    optimizerForeach: false,
    optimizerInBackward: false,
  },
  // LitGPT finetune: "bf16-mixed", no checkpointing on one device, torch.optim.AdamW
  // (foreach, PyTorch's default: true).
  litgpt: {
    precision: "bf16-mixed",
    optimizer: "adamw",
    recompute: "none",
    flashAttention: true,
    loss: "standard",
    fusedKernels: false,
    optimizerForeach: true,
    optimizerInBackward: false,
  },
};

/** The LoRA group each framework resolves `lora: {}` to, under its own precision. */
const LORA: Record<Framework, Record<string, unknown>> = {
  "hf-trainer": { ...FIELD_LORA, ...PEFT },
  // A model named by id loads in float32 (trainer/utils.py): the frozen base is 32-bit.
  trl: { ...FIELD_LORA, ...PEFT, baseBits: 32 },
  // lora_rank 8, lora_alpha = 2 x 8, lora_dropout 0, "all" linears, fp32 trainables.
  "llama-factory": {
    ...FIELD_LORA,
    rank: 8,
    alpha: 16,
    dropout: 0,
    targets: ALL_LINEAR,
    adapterBits: 32,
  },
  // get_peft_model r 16, alpha 16, dropout 0, seven projections; load_in_4bit NF4 with
  // double quantization; PEFT's fp32 adapters.
  unsloth: {
    ...FIELD_LORA,
    rank: 16,
    alpha: 16,
    dropout: 0,
    targets: ALL_LINEAR,
    baseBits: 4,
    doubleQuant: true,
    adapterBits: 32,
  },
  // 8B_lora_single_device.yaml: rank 8, alpha 16, q/v/output_proj and the MLP, bf16 LoRA.
  torchtune: {
    ...FIELD_LORA,
    rank: 8,
    alpha: 16,
    dropout: 0,
    targets: ["q", "v", "o", "gate", "up", "down"],
    adapterBits: 16,
  },
  // ms-swift: lora_rank 8, lora_alpha 32, lora_dropout 0.05, all-linear.
  "ms-swift": {
    ...FIELD_LORA,
    rank: 8,
    alpha: 32,
    dropout: 0.05,
    targets: ALL_LINEAR,
    adapterBits: 32,
  },
  deepspeed: { ...FIELD_LORA, ...PEFT },
  megatron: { ...FIELD_LORA, ...PEFT },
  // finetune/lora.py: lora_r 8, alpha 16, dropout 0.05, query and value; bf16-mixed keeps the
  // model (and so base and adapters) in fp32.
  litgpt: {
    ...FIELD_LORA,
    rank: 8,
    alpha: 16,
    dropout: 0.05,
    targets: ["q", "v"],
    baseBits: 32,
    adapterBits: 32,
  },
};

/** Transformers and PEFT: separate q/k/v, an fp32 loss, gradients set to None, bnb inputs kept. */
const HF: Mechanics = {
  fusedQkvAdapter: false,
  fusedQkvProjection: false,
  upcastLoss: true,
  gradientsFreed: true,
  fusedLoraKernels: false,
  quantizedBaseKeepsInputs: true,
  quantizedHead: false,
};
const MECHANICS: Record<Framework, Mechanics> = {
  "hf-trainer": HF,
  trl: HF,
  "llama-factory": HF,
  // Unsloth's fast_lora kernels.
  unsloth: { ...HF, fusedLoraKernels: true },
  // torchao's LinearNF4 saves only the weight.
  torchtune: { ...HF, quantizedBaseKeepsInputs: false },
  "ms-swift": HF,
  // Persistent gradient buffers between steps.
  deepspeed: { ...HF, gradientsFreed: false },
  megatron: { ...HF, gradientsFreed: false },
  // One fused qkv matrix (LoRAQKVLinear, CausalSelfAttention), bnb over every nn.Linear
  // (the head too), a bf16 loss without Transformers' upcast.
  litgpt: {
    ...HF,
    fusedQkvAdapter: true,
    fusedQkvProjection: true,
    upcastLoss: false,
    quantizedHead: true,
  },
};

describe("each framework's defaults, as its source states them", () => {
  it("full fine-tuning on one GPU resolves to the framework's training defaults", () => {
    expect([...FRAMEWORKS].sort()).toEqual(Object.keys(FULL).sort());
    for (const fw of FRAMEWORKS) {
      const r = resolved(fw);
      for (const [k, v] of Object.entries(FULL[fw])) expect(r[k], `${fw} ${k}`).toEqual(v);
    }
  });
  it("LoRA resolves to the framework's adapter defaults (and its training fields stay)", () => {
    for (const fw of FRAMEWORKS) {
      const r = resolved(fw, { lora: {} });
      expect(r["lora"], fw).toEqual(LORA[fw]);
      expect(r["precision"], fw).toBe(FULL[fw]["precision"]);
      expect(r["recompute"], fw).toBe(FULL[fw]["recompute"]);
    }
  });
  it("torchtune's single-device full recipe is its own: LoRA or two GPUs keep AdamW", () => {
    // 8B_full_single_device.yaml only; the LoRA and distributed recipes use AdamW.
    expect(resolved("torchtune", { lora: {} })["optimizer"]).toBe("adamw");
    expect(resolved("torchtune", { lora: {} })["optimizerInBackward"]).toBe(false);
    const two = resolved("torchtune", { gpus: 2 });
    expect(two["optimizer"]).toBe("adamw");
    expect(two["optimizerInBackward"]).toBe(false);
  });
  it("each framework's mechanics and the source it cites", () => {
    for (const fw of FRAMEWORKS) {
      expect(FRAMEWORK_PROFILES[fw].mechanics, fw).toEqual(MECHANICS[fw]);
      expect(FRAMEWORK_PROFILES[fw].source, fw).toBe(`fw-${fw}`);
    }
    // No framework: gradients kept between steps (the larger case), otherwise Transformers'.
    expect(GENERIC_MECHANICS).toEqual({ ...HF, gradientsFreed: false });
  });
});

describe("defaults that depend on the rest of the request", () => {
  it("TRL: a k-bit base gets bf16 adapters (sft_trainer.py's QLoRA cast); 16 bits and up stay fp32", () => {
    const adapterBits = (baseBits: number) =>
      (resolved("trl", { lora: { baseBits } })["lora"] as Record<string, unknown>)["adapterBits"];
    expect(adapterBits(4)).toBe(16);
    expect(adapterBits(8)).toBe(16);
    expect(adapterBits(16)).toBe(32);
    expect(adapterBits(32)).toBe(32);
    // The user's base wins over the fp32 load.
    expect(
      (resolved("trl", { lora: { baseBits: 4 } })["lora"] as { baseBits: number }).baseBits,
    ).toBe(4);
    // Asked directly with no LoRA group at all: the fp32 load, PEFT's fp32 adapters.
    expect(FRAMEWORK_PROFILES.trl.lora({})).toEqual({ ...PEFT, baseBits: 32 });
  });
  it("LitGPT: adapters (and a 16/32-bit base) in the model's dtype, fp32 under -mixed, bf16 under bf16-true", () => {
    const lora = (precision: string) =>
      resolved("litgpt", { precision, lora: {} })["lora"] as Record<string, unknown>;
    expect(lora("bf16")).toMatchObject({ baseBits: 16, adapterBits: 16 });
    expect(lora("bf16-master")).toMatchObject({ baseBits: 16, adapterBits: 16 });
    expect(lora("bf16-mixed")).toMatchObject({ baseBits: 32, adapterBits: 32 });
    expect(lora("fp16-mixed")).toMatchObject({ baseBits: 32, adapterBits: 32 });
    expect(lora("fp32")).toMatchObject({ baseBits: 32, adapterBits: 32 });
  });
  it("LitGPT: a k-bit base the user chose is left alone; only the adapters' dtype is proposed", () => {
    const rest = { rank: 8, alpha: 16, dropout: 0.05, targets: ["q", "v"] };
    const litgpt = FRAMEWORK_PROFILES.litgpt.lora;
    // bitsandbytes' 4- and 8-bit bases: no base bits from the profile.
    expect(litgpt({ precision: "bf16-mixed", lora: { baseBits: 4 } })).toEqual({
      ...rest,
      adapterBits: 32,
    });
    expect(litgpt({ precision: "bf16", lora: { baseBits: 8 } })).toEqual({
      ...rest,
      adapterBits: 16,
    });
    // A 16-bit base is not k-bit: the profile proposes the model's dtype (fp32 under -mixed)
    // and the user's 16 then wins in the request.
    expect(litgpt({ precision: "bf16-mixed", lora: { baseBits: 16 } })).toEqual({
      ...rest,
      baseBits: 32,
      adapterBits: 32,
    });
    expect(
      (resolved("litgpt", { lora: { baseBits: 16 } })["lora"] as { baseBits: number }).baseBits,
    ).toBe(16);
    // No LoRA group and no precision: the -mixed default's fp32.
    expect(litgpt({})).toEqual({ ...rest, baseBits: 32, adapterBits: 32 });
  });
});
