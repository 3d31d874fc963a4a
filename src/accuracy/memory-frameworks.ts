/**
 * Published training-memory figures of the frameworks' own single-GPU recipes
 * (content/reference/measured-frameworks.tsv): torchtune's README tables, Unsloth's and its
 * Transformers baseline's context-length tables, ms-swift's 2023 benchmark. Each row is a
 * request run through the same task code as the calculators, with what the source measured
 * (allocator statistics, reserved memory, or a GPU's memory as sold); each request states
 * only what its source states, and the framework's profile fills the rest.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { runRequest } from "../estimate/registry.ts";
import type { AccuracyCase } from "./case.ts";

/** Runs a training-memory request and reads one byte count of its result. */
const memory =
  (
    request: Record<string, unknown>,
    output: "allocatorPeakBytes" | "reservedBytes" | "nvidiaSmiBytes",
  ) =>
  (gpus: readonly GpuSpec[]): number => {
    const r = runRequest({ task: "train-memory", ...request }, { gpus, presets: PRESETS });
    if (!r.ok) throw new Error(`accuracy request refused: ${JSON.stringify(r.issues)}`);
    const value: unknown = (r.result as unknown as Record<string, unknown>)[output];
    return typeof value === "number" ? value : Number.NaN;
  };

const LORA_ALL = ["q", "k", "v", "o", "gate", "up", "down"];

/** torchtune's README harness: batch 2, a packed dataset, torch.compile on. */
const torchtune = (model: string, seqLen: number, over: Record<string, unknown>) =>
  memory(
    {
      framework: "torchtune",
      model: { preset: model },
      microBatch: 2,
      seqLen,
      fusedKernels: true,
      ...over,
    },
    "allocatorPeakBytes",
  );

/** The Llama 3.2 3B ladder: each row adds one technique to the row before. */
const ladder = (over: Record<string, unknown>) =>
  torchtune("llama-3.2-3b", 4096, {
    optimizer: "adamw",
    optimizerInBackward: false,
    optimizerForeach: false,
    recompute: "none",
    loss: "standard",
    ...over,
  });
const COMPILED = { fusedKernels: true };
const CHUNKED = { ...COMPILED, loss: "chunked" };
const CHECKPOINTED = { ...CHUNKED, recompute: "full" };
const IN_BACKWARD = { ...CHECKPOINTED, optimizerInBackward: true };
const OFFLOADED = { ...IN_BACKWARD, recompute: "offload" };
const LADDER_LORA = { rank: 64, alpha: 128, targets: ["q", "v", "o", "gate", "up", "down"] };

/** Unsloth's context tables: QLoRA r32 on every projection, batch 1, its own defaults. */
const unsloth = (model: string, seqLen: number) =>
  memory(
    {
      framework: "unsloth",
      model: { preset: model },
      microBatch: 1,
      seqLen,
      lora: { rank: 32, alpha: 32 },
    },
    "nvidiaSmiBytes",
  );
/**
 * Unsloth's baseline column: Transformers + PEFT + flash-attention 2 in December 2024,
 * gradient checkpointing on, the loss of Transformers 4.46-4.48, which copied the upcast
 * logits shifted, and 8-bit AdamW. TRL's QLoRA path of then (trl/trainer/sft_trainer.py
 * @9c5388b6, 2024-12-06) ran `prepare_model_for_kbit_training`, `get_peft_model` (PEFT
 * upcasts the adapters to fp32) and `peft_module_casting_to_bf16` (trl/trainer/utils.py),
 * which casts the norms to fp32 and the embedding and head back to bf16 but leaves the
 * adapters in fp32: TRL casts QLoRA adapters to bf16 only in later versions.
 */
const hfBaseline = (model: string, seqLen: number) =>
  memory(
    {
      framework: "trl",
      model: { preset: model },
      microBatch: 1,
      seqLen,
      loss: "shifted",
      optimizer: "adam-8bit",
      lora: { rank: 32, alpha: 32, targets: LORA_ALL, baseBits: 4, adapterBits: 32 },
    },
    "nvidiaSmiBytes",
  );

/** Qwen-7B-Chat v1 (Qwen/Qwen-7B-Chat config.json), as in cases.ts. */
const QWEN_7B_V1 = {
  layers: 32,
  hidden: 4096,
  heads: 32,
  ffn: 11008,
  vocab: 151936,
  tiedEmbeddings: false,
};
/**
 * ms-swift 1.x's benchmark harness (Dec 2023): its defaults (gradient accumulation 16,
 * checkpointing, flash attention), Transformers' foreach "adamw_torch", Qwen v1's remote
 * code, whose loss copies the logits shifted; LoRA r8 on c_attn, q, k and v in one matrix.
 */
const swift = (over: Record<string, unknown>, lora: Record<string, unknown> | null = {}) =>
  memory(
    {
      framework: "ms-swift",
      model: QWEN_7B_V1,
      microBatch: 1,
      seqLen: 2048,
      gradAccumulation: 16,
      optimizerForeach: true,
      loss: "shifted",
      ...(lora ? { lora: { targets: ["q", "k", "v"], ...lora } } : {}),
      ...over,
    },
    "reservedBytes",
  );

const memoryCase = (
  id: string,
  description: string,
  measures: string,
  measured: number,
  unit: "GiB",
  estimate: (gpus: readonly GpuSpec[]) => number,
): AccuracyCase => ({ id, description, measures, measured, unit, kind: "memory", estimate });
/**
 * ms-swift's LoRA runs: reserved memory over 1,000 samples of 91 to 2,048+ tokens. Most of
 * what a LoRA step allocates is transient (the logits and their copies), and the caching
 * allocator keeps the blocks of earlier lengths reserved; the estimate's fixed 10%
 * fragmentation (GMLake: 15% on average, up to 33%) does not reach that.
 */
const SWIFT_GAP =
  "reserved memory of variable-length LoRA batches: allocator blocks cached across lengths (not modelled)";
const gap = (c: AccuracyCase): AccuracyCase => ({
  ...c,
  description: `${c.description} [not modelled: cached blocks across lengths]`,
  gap: SWIFT_GAP,
});

const ACTIVE = "torch allocator peak (torchtune memory stats), GiB";
const SOLD = "the GPU's memory as sold (GiB) at the longest context that fits";
const RESERVED = "torch max_memory_reserved, GiB";

export const FRAMEWORK_MEMORY_CASES: readonly AccuracyCase[] = [
  memoryCase(
    "F1",
    "torchtune Llama-3.1-8B full fine-tune, 1 GPU: PagedAdamW8bit, optimizer in backward, checkpointing, chunked loss, compile, 2 x 2048",
    ACTIVE,
    18.9,
    "GiB",
    torchtune("llama-3.1-8b", 2048, {}),
  ),
  memoryCase(
    "F2",
    "torchtune Llama-3.1-8B QLoRA (torchao NF4) r8 on q,k,v,o and the MLP, checkpointing, chunked loss, compile, 2 x 2048",
    ACTIVE,
    7.4,
    "GiB",
    torchtune("llama-3.1-8b", 2048, {
      lora: { targets: ["q", "k", "v", "o", "gate", "up", "down"], baseBits: 4 },
    }),
  ),
  memoryCase(
    "F3-packed",
    "torchtune Llama-3.2-3B full fine-tune, 2 x 4096 packed, eager, standard loss",
    ACTIVE,
    60.0,
    "GiB",
    ladder({ fusedKernels: false }),
  ),
  memoryCase("F3-compile", "same + torch.compile", ACTIVE, 51.0, "GiB", ladder(COMPILED)),
  memoryCase("F3-chunked", "same + chunked cross-entropy", ACTIVE, 42.9, "GiB", ladder(CHUNKED)),
  memoryCase("F3-ac", "same + activation checkpointing", ACTIVE, 24.9, "GiB", ladder(CHECKPOINTED)),
  memoryCase(
    "F3-optbwd",
    "same + optimizer step in backward",
    ACTIVE,
    23.1,
    "GiB",
    ladder(IN_BACKWARD),
  ),
  memoryCase("F3-offload", "same + activation offloading", ACTIVE, 21.8, "GiB", ladder(OFFLOADED)),
  memoryCase(
    "F3-8bit",
    "same + 8-bit AdamW",
    ACTIVE,
    17.6,
    "GiB",
    ladder({ ...OFFLOADED, optimizer: "adam-8bit" }),
  ),
  memoryCase(
    "F3-lora",
    "Llama-3.2-3B LoRA r64 (q,v,o,MLP), compile, chunked loss, checkpointing, offloading",
    ACTIVE,
    8.5,
    "GiB",
    ladder({ ...OFFLOADED, lora: LADDER_LORA }),
  ),
  memoryCase(
    "F3-qlora",
    "same as QLoRA (torchao NF4 base)",
    ACTIVE,
    4.6,
    "GiB",
    ladder({ ...OFFLOADED, lora: { ...LADDER_LORA, baseBits: 4 } }),
  ),
  memoryCase(
    "F4-8",
    "Unsloth Llama-3.1-8B QLoRA r32, batch 1: 2,972 tokens fit in 8 GB",
    SOLD,
    8,
    "GiB",
    unsloth("llama-3.1-8b", 2972),
  ),
  memoryCase(
    "F4-24",
    "same: 78,475 tokens fit in 24 GB",
    SOLD,
    24,
    "GiB",
    unsloth("llama-3.1-8b", 78475),
  ),
  memoryCase(
    "F4-80",
    "same: 342,733 tokens fit in 80 GB",
    SOLD,
    80,
    "GiB",
    unsloth("llama-3.1-8b", 342733),
  ),
  memoryCase(
    "F5-48",
    "Unsloth Llama-3.3-70B QLoRA r32, batch 1: 12,106 tokens fit in 48 GB",
    SOLD,
    48,
    "GiB",
    unsloth("llama-3.3-70b", 12106),
  ),
  memoryCase(
    "F5-80",
    "same: 89,389 tokens fit in 80 GB",
    SOLD,
    80,
    "GiB",
    unsloth("llama-3.3-70b", 89389),
  ),
  memoryCase(
    "F6-12",
    "Transformers + PEFT + FA2 Llama-3.1-8B QLoRA r32 (Unsloth's baseline): 932 tokens fit in 12 GB",
    SOLD,
    12,
    "GiB",
    hfBaseline("llama-3.1-8b", 932),
  ),
  memoryCase(
    "F6-24",
    "same: 5,789 tokens fit in 24 GB",
    SOLD,
    24,
    "GiB",
    hfBaseline("llama-3.1-8b", 5789),
  ),
  memoryCase(
    "F6-80",
    "same: 28,454 tokens fit in 80 GB",
    SOLD,
    80,
    "GiB",
    hfBaseline("llama-3.1-8b", 28454),
  ),
  memoryCase(
    "F7",
    "Transformers + PEFT + FA2 Llama-3.3-70B QLoRA r32: 6,916 tokens fit in 80 GB",
    SOLD,
    80,
    "GiB",
    hfBaseline("llama-3.3-70b", 6916),
  ),
  gap(
    memoryCase(
      "F8-1024",
      "ms-swift Qwen-7B-Chat LoRA r8 on c_attn, max length 1024",
      RESERVED,
      21.73,
      "GiB",
      swift({ seqLen: 1024 }),
    ),
  ),
  gap(
    memoryCase("F8-2048", "same, max length 2048", RESERVED, 27.74, "GiB", swift({ seqLen: 2048 })),
  ),
  gap(
    memoryCase("F8-4096", "same, max length 4096", RESERVED, 35.31, "GiB", swift({ seqLen: 4096 })),
  ),
  gap(
    memoryCase("F8-8192", "same, max length 8192", RESERVED, 48.41, "GiB", swift({ seqLen: 8192 })),
  ),
  memoryCase(
    "F9-512",
    "ms-swift Qwen-7B-Chat full fine-tune, max length 512",
    RESERVED,
    73.37,
    "GiB",
    swift({ seqLen: 512 }, null),
  ),
  memoryCase(
    "F9-1024",
    "same, max length 1024",
    RESERVED,
    73.64,
    "GiB",
    swift({ seqLen: 1024 }, null),
  ),
  memoryCase(
    "F9-4096",
    "same, max length 4096",
    RESERVED,
    78.76,
    "GiB",
    swift({ seqLen: 4096 }, null),
  ),
  gap(
    memoryCase(
      "F10",
      "ms-swift Qwen-7B-Chat QLoRA (bitsandbytes NF4) r8 on c_attn, max length 2048",
      RESERVED,
      23.85,
      "GiB",
      swift({}, { baseBits: 4 }),
    ),
  ),
  gap(
    memoryCase(
      "F11-b2",
      "ms-swift Qwen-7B-Chat LoRA r8 on c_attn, batch 2 x 2048",
      RESERVED,
      43.11,
      "GiB",
      swift({ microBatch: 2 }),
    ),
  ),
  gap(
    memoryCase("F11-b4", "same, batch 4 x 2048", RESERVED, 63.81, "GiB", swift({ microBatch: 4 })),
  ),
];

/** Rows of measured-frameworks.tsv not scored, and why. */
export const FRAMEWORK_MEMORY_EXCLUDED: readonly { id: string; reason: string }[] = [
  {
    id: "F2-a6000",
    reason:
      "torchtune's A6000 rows (37.4 GiB full, 30.3 GiB LoRA): the setting that doubles them is not stated",
  },
  { id: "F3-baseline", reason: "unpacked Alpaca batches: sequence lengths not stated" },
  { id: "F11-b8", reason: "reserved memory at the card's limit (the allocator frees its cache)" },
];
