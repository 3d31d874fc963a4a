/**
 * The words requests are made of: every option list a field offers, and the defaults a
 * field table states. Kept apart from the estimator's arithmetic so the page's inputs can
 * offer exactly these options without loading the estimator (which loads on the first edit).
 */

export type TrainingPrecision = "fp32" | "fp16-mixed" | "bf16-mixed" | "bf16" | "bf16-master";
export const TRAINING_PRECISIONS: readonly TrainingPrecision[] = [
  "fp32",
  "fp16-mixed",
  "bf16-mixed",
  "bf16",
  "bf16-master",
];

/**
 * `adamw-paged` and `adam-8bit-paged` are bitsandbytes' paged optimizers (PagedAdamW32bit,
 * PagedAdamW8bit): their states live in CUDA unified memory, outside PyTorch's allocator.
 */
export type Optimizer =
  "adamw" | "sgd-momentum" | "adam-8bit" | "adafactor" | "adamw-paged" | "adam-8bit-paged";
export const OPTIMIZERS: readonly Optimizer[] = [
  "adamw",
  "sgd-momentum",
  "adam-8bit",
  "adafactor",
  "adamw-paged",
  "adam-8bit-paged",
];

/** `offload`: full recomputation with the kept block inputs in CPU RAM (Unsloth's "unsloth"). */
export type Recompute = "none" | "selective" | "full" | "offload";
export const RECOMPUTES: readonly Recompute[] = ["none", "selective", "full", "offload"];

/**
 * How the loss meets the vocabulary: `standard` builds every token's logits and upcasts
 * them to fp32 (Transformers); `shifted` also copies them shifted by one token before the
 * cross-entropy (Transformers before v4.49, remote-code models); `chunked` computes and
 * upcasts them a chunk at a time (torchtune); `fused` never holds full logits (Liger
 * Kernel, Unsloth, Cut Cross-Entropy).
 */
export type LossPath = "standard" | "shifted" | "chunked" | "fused";
export const LOSS_PATHS: readonly LossPath[] = ["standard", "shifted", "chunked", "fused"];

/** Training frameworks whose defaults the estimate can take (`src/estimate/memory/frameworks.ts`). */
export type Framework =
  | "hf-trainer"
  | "trl"
  | "llama-factory"
  | "unsloth"
  | "torchtune"
  | "ms-swift"
  | "deepspeed"
  | "megatron"
  | "litgpt";
export const FRAMEWORKS: readonly Framework[] = [
  "hf-trainer",
  "trl",
  "llama-factory",
  "unsloth",
  "torchtune",
  "ms-swift",
  "deepspeed",
  "megatron",
  "litgpt",
];

export type LoraTarget = "q" | "k" | "v" | "o" | "gate" | "up" | "down";
export const LORA_TARGETS: readonly LoraTarget[] = ["q", "k", "v", "o", "gate", "up", "down"];
/** PEFT's default targets for Llama, Qwen2/3, Mistral and Gemma (peft/utils/constants.py). */
export const PEFT_DEFAULT_TARGETS: readonly LoraTarget[] = ["q", "v"];
/** Modules trained in full beside the adapters (PEFT `modules_to_save`). */
export type FullModule = "embed" | "head";
export const FULL_MODULES: readonly FullModule[] = ["embed", "head"];
/** Bits of a LoRA base's frozen linear weights: 4 (QLoRA NF4), 8 (LLM.int8), 16, 32 (fp32). */
export const LORA_BASE_BITS = [4, 8, 16, 32] as const;
/** Adapter weights' bits: PEFT upcasts adapters to fp32 (`autocast_adapter_dtype=True`). */
export const ADAPTER_BITS = [16, 32] as const;

export type Sharding = "none" | "zero1" | "zero2" | "zero3" | "fsdp";
export const SHARDINGS: readonly Sharding[] = ["none", "zero1", "zero2", "zero3", "fsdp"];
export type Offload = "none" | "optimizer" | "optimizer+params";
export const OFFLOADS: readonly Offload[] = ["none", "optimizer", "optimizer+params"];
export type TrainingHead = "lm" | "classifier";
export const TRAINING_HEADS: readonly TrainingHead[] = ["lm", "classifier"];

/** Serving engines whose memory and decode speed the estimate models (`serving/engines.ts`). */
export type Engine =
  "transformers" | "vllm" | "sglang" | "llama.cpp" | "ollama" | "exllamav2" | "tensorrt-llm";
export const ENGINES = [
  "transformers",
  "vllm",
  "sglang",
  "llama.cpp",
  "ollama",
  "exllamav2",
  "tensorrt-llm",
] as const satisfies readonly Engine[];

/**
 * How a serving workload's requests arrive: `closed`, each user sends the next request when
 * the last one ends (`vllm bench serve --max-concurrency`); `burst`, every request at once
 * (`--request-rate inf`).
 */
export type Arrival = "closed" | "burst";
export const ARRIVALS = ["closed", "burst"] as const satisfies readonly Arrival[];

/**
 * How the GPUs of a tensor-parallel group reach each other: over NVLink/NVSwitch, Infinity
 * Fabric or HCCS (`gpu-link`), PCIe with peer-to-peer, or PCIe without it (GeForce cards:
 * NCCL then stages through host memory).
 */
export type LinkClass = "gpu-link" | "pcie" | "pcie-no-p2p";
export const LINK_CLASSES = [
  "gpu-link",
  "pcie",
  "pcie-no-p2p",
] as const satisfies readonly LinkClass[];

/**
 * How the weights are stored: `fp16` (fp16 or bf16), `fp8`, `gptq` and `awq` (integer
 * groups), `gguf` (llama.cpp's types), `exl2` (ExLlamaV2's mixed widths), `bnb`
 * (bitsandbytes NF4/FP4 or LLM.int8).
 */
export type WeightFormat = "fp16" | "fp8" | "gptq" | "awq" | "gguf" | "exl2" | "bnb";
export const WEIGHT_FORMATS = [
  "fp16",
  "fp8",
  "gptq",
  "awq",
  "gguf",
  "exl2",
  "bnb",
] as const satisfies readonly WeightFormat[];

export type Resolution = "1080p" | "4k" | "8k";
export const RESOLUTIONS: readonly Resolution[] = ["1080p", "4k", "8k"];
export type SceneComplexity = "simple" | "moderate" | "complex";
export const SCENE_COMPLEXITIES: readonly SceneComplexity[] = ["simple", "moderate", "complex"];

/** GPU counts the cost-by-count chart compares (one node of 1, 2, 4 or 8 GPUs). */
export const CHART_GPU_COUNTS = [1, 2, 4, 8] as const;

/** The seeds: keep 15-25% above the measured peak for caches, temporaries and spikes. */
export const HEADROOM_DEFAULT = 0.2;
export const HEADROOM_SEED_MIN = 0.15;
export const HEADROOM_SEED_MAX = 0.25;

/**
 * Default model FLOPs utilisation. Published large runs reach 51-56% on A100 clusters
 * (Korthikanti et al. 2022: 54.2% selective recompute; Narayanan et al. 2021 Table 1: 52% for
 * 1T, 44% for 1.7B on 32 GPUs); PaLM 46.2% (Chowdhery et al. 2022, sec. 4). Single GPUs
 * and smaller models reach less; 40% sits below the 1.7B figure.
 */
export const MFU_DEFAULT = 0.4;

/**
 * Networks between nodes as rented, one port per GPU as NVIDIA's reference nodes wire them
 * (DGX H100 user guide: eight ConnectX-7 400 Gb/s InfiniBand/Ethernet ports, one per GPU):
 * InfiniBand NDR 400 Gb/s (ConnectX-7), InfiniBand HDR 200 Gb/s (ConnectX-6), RoCE over
 * 200 GbE, and plain 100 and 25 Gb Ethernet (IEEE 802.3 rates) of cheaper clouds.
 */
export const INTER_NODE_NETWORKS = [
  "ib-ndr-400",
  "ib-hdr-200",
  "roce-200",
  "ethernet-100",
  "ethernet-25",
] as const;
export type InterNodeNetwork = (typeof INTER_NODE_NETWORKS)[number];
export const NETWORK_GBPS: Record<InterNodeNetwork, number> = {
  "ib-ndr-400": 400,
  "ib-hdr-200": 200,
  "roce-200": 200,
  "ethernet-100": 100,
  "ethernet-25": 25,
};

/** Orders of a rental plan within its limits (`sortRows`): by cost or by time. */
export const PLAN_SORT_KEYS = ["cost", "time"] as const;
/**
 * Which rows a plan lists: every GPU count it tried for each GPU, or each GPU's best count
 * only (the ones its `best` names: what the decision table and the front door show).
 */
export const PLAN_COUNTS = ["all", "best"] as const;
export type PlanSort = (typeof PLAN_SORT_KEYS)[number];

/** Currencies prices are given in; converted at a dated, sourced rate (`cost/exchange.ts`). */
export const CURRENCIES = ["USD", "CNY"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** What bounds a batch job's speed, to carry a measured time to another GPU. */
export const BATCH_BOUNDS = ["compute", "memory-bandwidth"] as const;
export type BatchBound = (typeof BATCH_BOUNDS)[number];

/**
 * Output tokens/s a person reading along needs: 238 words per minute, the mean silent
 * reading rate for English non-fiction (Brysbaert 2019, J. Memory and Language 109,
 * meta-analysis of 190 studies), at about 0.75 words per token (OpenAI's tokenizer guide),
 * 238 / 60 / 0.75 ≈ 5.3. The decision table starts from it; type your own.
 */
export const READING_TOKENS_PER_SECOND = 5.3;

/**
 * `primary`: the provider's own page or documentation. `copy`: a dated public copy of it (a
 * repository that transcribes the page or queries the provider's price API, a docs mirror,
 * a dated article); its own date is the reading's date.
 */
export const SOURCE_KINDS = ["primary", "copy"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
