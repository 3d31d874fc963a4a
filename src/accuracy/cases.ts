/**
 * The estimator against published measurements (content/reference/measured-public.tsv and
 * measured-modern.tsv).
 * Every row the estimator can express is written here as a request, run through the same
 * task code as the calculators and the command line, with what the source measured
 * (nvidia-smi "used" vs torch max_allocated, GB vs GiB). No coefficient below is specific
 * to a row. The site's accuracy page calls `accuracyTable` at build time.
 */
import type { GpuSpec } from "../estimate/hardware/gpu.ts";
import type { DecodeConstants } from "../estimate/serving/decode-step.ts";
import { PRESETS } from "../estimate/model/presets.ts";
import { runRequest } from "../estimate/registry.ts";
import type { CalibrationRow } from "./calibration.ts";
import { loadCalibration } from "./calibration.ts";
import { calibrationRequest } from "./decode-fit.ts";
import type { Recompute } from "../estimate/vocabulary.ts";
import { hardwareFlopsOf, tokenFlops } from "../estimate/training/flops.ts";
import type { ServingRun } from "./serving-runs.ts";
import { loadServingRuns } from "./serving-runs.ts";
import { servingCases } from "./serving-throughput.ts";
import type { AccuracyCase, Kind, Unit } from "./case.ts";
import { FRAMEWORK_MEMORY_CASES, FRAMEWORK_MEMORY_EXCLUDED } from "./memory-frameworks.ts";
import { BYTES_PER_GB, BYTES_PER_GIB, BYTES_PER_MIB } from "../estimate/units.ts";

const UNIT_BYTES: Partial<Record<Unit, number>> = {
  MiB: BYTES_PER_MIB,
  GiB: BYTES_PER_GIB,
  GB: BYTES_PER_GB,
};

/** Qwen-7B-Chat v1 (Qwen/Qwen-7B-Chat config.json): MHA, untied 151,936 vocabulary. */
const QWEN_7B_V1 = {
  layers: 32,
  hidden: 4096,
  heads: 32,
  ffn: 11008,
  vocab: 151936,
  tiedEmbeddings: false,
};
/** Llama-2-70B (meta-llama/Llama-2-70b-hf config.json). */
const LLAMA_2_70B = {
  layers: 80,
  hidden: 8192,
  heads: 64,
  kvHeads: 8,
  ffn: 28672,
  vocab: 32000,
};

/**
 * GPT 530B of Korthikanti et al. 2022 (Table 3): 105 layers, hidden 20480, 128 heads,
 * sequence 2048, GPT MLP (4 x hidden, two matrices), vocabulary 51,200 (padded).
 */
const GPT_530B = {
  layers: 105,
  hidden: 20480,
  heads: 128,
  ffn: 4 * 20480,
  vocab: 51200,
  mlp: "plain" as const,
};
/**
 * Hardware FLOPs per token of GPT 530B under a recomputation mode, attention as Megatron-LM
 * ran it in 2022 (its fused softmax scores the whole square: no causal skipping).
 */
const gpt530bHardware = (recompute: Recompute) =>
  hardwareFlopsOf(tokenFlops({ model: GPT_530B, seqLen: 2048, recompute, flashAttention: false }));

/** Reads a dotted path (`kvPool.bytes`) of a result. */
const at = (value: unknown, path: string): number => {
  let v = value;
  for (const k of path.split(".")) v = (v as Record<string, unknown> | null)?.[k];
  return typeof v === "number" ? v : Number.NaN;
};

/** M4: vLLM's startup on an H100 with Llama-3.1-8B (llm-d-planner logs, vLLM 0.19.0). */
const M4 = {
  task: "infer-memory",
  model: { preset: "llama-3.1-8b" },
  engine: "vllm",
  weightBits: 16,
  contextTokens: 8192,
  gpu: "h100-sxm",
  gpuMemoryUtilization: 0.95,
  prefillChunkTokens: 8192,
};

/**
 * Runs a request and reads one number of its result; a row that cannot run is a bug here.
 * Serving requests take the step constants given (a fit without the row's publisher).
 */
export const outcome =
  (request: Record<string, unknown>, output: string) =>
  (gpus: readonly GpuSpec[], decodeConstants?: DecodeConstants): number => {
    const r = runRequest(request, {
      gpus,
      presets: PRESETS,
      ...(decodeConstants === undefined ? {} : { decodeConstants }),
    });
    if (!r.ok) throw new Error(`accuracy request refused: ${JSON.stringify(r.issues)}`);
    return at(r.result, output);
  };

/**
 * The BERT rows' harness: its CUDA context, as the row's note states (1343 MiB), eager
 * attention (2022: Transformers dispatched BERT to SDPA only from v4.41), and the Trainer's
 * optimizer of 2022, Transformers' own AdamW ("adamw_hf"), which steps one parameter at a
 * time (no foreach temporaries).
 */
const bert = (over: Record<string, unknown>) =>
  outcome(
    {
      task: "train-memory",
      model: { preset: "bert-large" },
      precision: "fp32",
      optimizer: "adamw",
      microBatch: 4,
      seqLen: 512,
      head: "classifier",
      flashAttention: false,
      optimizerForeach: false,
      cudaContextMiB: 1343,
      ...over,
    },
    "nvidiaSmiBytes",
  );
/**
 * LitGPT LoRA fine-tuning on Alpaca: longest sample 1304 tokens, SDPA flash attention, pure
 * bf16 ("bf16-true"); LitGPT's own defaults for the rest (r 8 on query and value, dropout
 * 0.05, one fused qkv adapter).
 */
const litgpt = (preset: string, over: Record<string, unknown>) =>
  outcome(
    {
      task: "train-memory",
      framework: "litgpt",
      model: { preset },
      precision: "bf16",
      optimizer: "adamw",
      microBatch: 1,
      seqLen: 1304,
      lora: {},
      ...over,
    },
    "allocatorPeakBytes",
  );
/** HF generate of 60 tokens after a short prompt (~100 tokens of context). */
const serve = (preset: string, weightBits: number, contextTokens: number, over = {}) =>
  outcome(
    {
      task: "infer-memory",
      engine: "transformers",
      model: { preset },
      weightBits,
      contextTokens,
      sequences: 1,
      ...over,
    },
    "allocatorPeakBytes",
  );
/** A decode with no prompt whose context grows to twice `meanContext`: its mean is that. */
const decodeOver = (meanContext: number) => ({
  promptTokens: 0,
  outputTokens: 2 * meanContext,
  contextTokens: 2 * meanContext + 1,
});

/**
 * One sequence decoding over a mean context of `meanContext` tokens (llama-bench tg: no
 * prompt, the context growing to twice that), or its prefill, on Llama-2-7B's shape.
 */
const llama7b = (
  gpu: string,
  weightBits: number,
  engine: string,
  meanContext: number,
  output = "tokensPerSecond",
  over = {},
) =>
  outcome(
    {
      task: "decode-speed",
      model: { preset: "llama-2-7b" },
      gpu,
      weightBits,
      scaleBits: 0,
      engine,
      ...decodeOver(meanContext),
      sequences: 1,
      ...over,
    },
    output,
  );

export const ACCURACY_CASES: readonly AccuracyCase[] = [
  {
    id: "A1",
    description: "BERT-large fine-tune, fp32, AdamW, batch 4 x 512",
    measures: 'NVML "used" (nvidia-smi), incl. CUDA context',
    measured: 14949,
    unit: "MiB",
    kind: "memory",
    estimate: bert({}),
  },
  {
    id: "A2",
    description: "same, batch 1 x GA4",
    measures: "NVML used",
    measured: 8681,
    unit: "MiB",
    kind: "memory",
    estimate: bert({ microBatch: 1, gradAccumulation: 4 }),
  },
  {
    id: "A3",
    description: "same, batch 1 x GA4, gradient checkpointing",
    measures: "NVML used",
    measured: 6775,
    unit: "MiB",
    kind: "memory",
    estimate: bert({ microBatch: 1, gradAccumulation: 4, recompute: "full" }),
  },
  {
    id: "A4",
    description: "same, fp16 AMP, batch 4",
    measures: "NVML used",
    measured: 13939,
    unit: "MiB",
    kind: "memory",
    estimate: bert({ precision: "fp16-mixed" }),
  },
  {
    id: "A5",
    description: "same, fp32, Adafactor, batch 4",
    measures: "NVML used",
    measured: 12295,
    unit: "MiB",
    kind: "memory",
    estimate: bert({ optimizer: "adafactor" }),
  },
  {
    id: "A6",
    description: "same, fp16 AMP, 8-bit Adam, batch 1 x GA4, checkpointing",
    measures: "NVML used",
    measured: 5363,
    unit: "MiB",
    kind: "memory",
    estimate: bert({
      precision: "fp16-mixed",
      optimizer: "adam-8bit",
      microBatch: 1,
      gradAccumulation: 4,
      recompute: "full",
    }),
  },
  {
    id: "A13",
    description: "Llama-2-7B LoRA r8 q,v, bf16-true, micro 1",
    measures: "torch max_allocated, GB (1e9)",
    measured: 21.3,
    unit: "GB",
    kind: "memory",
    estimate: litgpt("llama-2-7b", {}),
  },
  {
    id: "A13-micro2",
    description: "same, micro 2",
    measures: "torch max_allocated, GB",
    measured: 29.07,
    unit: "GB",
    kind: "memory",
    estimate: litgpt("llama-2-7b", { microBatch: 2 }),
  },
  {
    id: "A14",
    description: "Llama-2-7B QLoRA (NF4 + double quant)",
    measures: "torch max_allocated, GB",
    measured: 13.84,
    unit: "GB",
    kind: "memory",
    estimate: litgpt("llama-2-7b", { lora: { rank: 8, targets: ["q", "v"], baseBits: 4 } }),
  },
  {
    id: "A14-nodq",
    description: "same, NF4 without double quant",
    measures: "torch max_allocated, GB",
    measured: 14.14,
    unit: "GB",
    kind: "memory",
    estimate: litgpt("llama-2-7b", {
      lora: { rank: 8, targets: ["q", "v"], baseBits: 4, doubleQuant: false },
    }),
  },
  {
    id: "A15",
    description: "Llama-2-13B LoRA r8 q,v, bf16-true",
    measures: "torch max_allocated, GB",
    measured: 38.12,
    unit: "GB",
    kind: "memory",
    estimate: litgpt("llama-2-13b", {}),
  },
  {
    id: "A15-nf4dq",
    description: "Llama-2-13B QLoRA (NF4 + double quant)",
    measures: "torch max_allocated, GB",
    measured: 22.55,
    unit: "GB",
    kind: "memory",
    estimate: litgpt("llama-2-13b", { lora: { rank: 8, targets: ["q", "v"], baseBits: 4 } }),
  },
  {
    id: "M1",
    description:
      "Llama-3.1-8B LoRA r8 q,v, torchtune (pure bf16, checkpointing, chunked loss, compile), 2 x 2048",
    measures: "torch max_allocated, GiB",
    measured: 16.2,
    unit: "GiB",
    kind: "memory",
    estimate: outcome(
      {
        task: "train-memory",
        framework: "torchtune",
        model: { preset: "llama-3.1-8b" },
        microBatch: 2,
        seqLen: 2048,
        lora: { targets: ["q", "v"] },
        // The README's harness: "torch compile enabled".
        fusedKernels: true,
        gpu: "rtx-4090",
      },
      "allocatorPeakBytes",
    ),
  },
  {
    id: "M2",
    description:
      "Qwen-7B full fine-tuning, ms-swift (bf16 weights and AdamW states, checkpointing), 1 x 2048",
    measures: "torch max_memory_reserved, GiB",
    measured: 74.26,
    unit: "GiB",
    kind: "memory",
    estimate: outcome(
      {
        task: "train-memory",
        framework: "ms-swift",
        model: QWEN_7B_V1,
        microBatch: 1,
        seqLen: 2048,
        // The benchmark's defaults (gradient_accumulation_steps 16) on torch 2.1.1, whose
        // Transformers Trainer stepped with "adamw_torch" (foreach).
        gradAccumulation: 16,
        optimizerForeach: true,
        gpu: "a100-80gb-sxm",
      },
      "reservedBytes",
    ),
  },
  {
    id: "M3",
    description:
      "Llama-2-70B QLoRA r8 all linear, dropout 0.1, FSDP over 2 GPUs, checkpointing, 2 x 2048 per GPU",
    measures: "memory per GPU, GB (tool not stated; compared with nvidia-smi)",
    measured: 35.6,
    unit: "GB",
    kind: "memory",
    estimate: outcome(
      {
        task: "train-memory",
        model: LLAMA_2_70B,
        precision: "bf16",
        microBatch: 2,
        gradAccumulation: 2,
        seqLen: 2048,
        recompute: "full",
        gpus: 2,
        sharding: "fsdp",
        // FSDP flattens a layer's parameters into one dtype, so the adapters are bf16 like the
        // quantized base's storage (bnb_4bit_quant_storage=bfloat16 in the PEFT guide).
        lora: {
          rank: 8,
          alpha: 16,
          dropout: 0.1,
          targets: ["q", "k", "v", "o", "gate", "up", "down"],
          baseBits: 4,
          adapterBits: 16,
        },
      },
      "nvidiaSmiBytes",
    ),
  },
  {
    id: "M4-pool",
    description:
      "Llama-3.1-8B bf16 on vLLM 0.19, H100, gpu_memory_utilization 0.95, 8192-token batches: KV pool",
    measures: 'vLLM log "Available KV cache memory", GiB',
    measured: 58.11,
    unit: "GiB",
    kind: "memory",
    estimate: outcome(M4, "kvPool.bytes"),
  },
  {
    id: "M4-tokens",
    description: "same: KV pool in tokens",
    measures: 'vLLM log "GPU KV cache size", tokens',
    measured: 476016,
    unit: "tokens",
    kind: "memory",
    estimate: outcome(M4, "kvPool.tokens"),
  },
  {
    id: "M5",
    description:
      "Qwen2.5-7B-Instruct bf16 on vLLM 0.6.3, A100 80GB, 1-token prompt, 2048 generated",
    measures: "decode tok/s (2048 / wall time)",
    measured: 84.28,
    unit: "tok/s",
    kind: "throughput",
    estimate: outcome(
      {
        task: "decode-speed",
        model: { preset: "qwen2.5-7b" },
        engine: "vllm",
        weightBits: 16,
        gpu: "a100-80gb-sxm",
        promptTokens: 1,
        outputTokens: 2048,
        contextTokens: 2049,
      },
      "tokensPerSecond",
    ),
  },
  {
    id: "M6",
    description: "LLaMA-7B GGUF Q4_0 (4.54 bits/weight) on llama.cpp, RTX 3090, tg128",
    measures: "decode tok/s (llama-bench)",
    measured: 121.82,
    unit: "tok/s",
    kind: "throughput",
    estimate: outcome(
      {
        task: "decode-speed",
        model: { preset: "llama-2-7b" },
        engine: "llama.cpp",
        weightBits: 4.54,
        gpu: "rtx-3090",
        ...decodeOver(64),
      },
      "tokensPerSecond",
    ),
  },
  {
    id: "M7",
    description: "Llama-2-7B EXL2 4.0 bpw on ExLlamaV2, RTX 4090, single stream",
    measures: "decode tok/s",
    measured: 211,
    unit: "tok/s",
    kind: "throughput",
    // The context is not stated: a short one, 128 tokens.
    estimate: outcome(
      {
        task: "decode-speed",
        model: { preset: "llama-2-7b" },
        engine: "exllamav2",
        weightBits: 4,
        gpu: "rtx-4090",
        ...decodeOver(128),
      },
      "tokensPerSecond",
    ),
  },
  {
    id: "B1",
    description: "octocoder 15.5B inference, bf16",
    measures: "torch max_allocated, GiB",
    measured: 29.03,
    unit: "GiB",
    kind: "memory",
    estimate: serve("octocoder", 16, 100),
  },
  {
    id: "B2",
    description: "octocoder, LLM.int8",
    measures: "torch max_allocated, GiB",
    measured: 15.22,
    unit: "GiB",
    kind: "memory",
    estimate: serve("octocoder", 8, 100),
  },
  {
    id: "B3",
    description: "octocoder, bitsandbytes 4-bit (fp4, no double quant)",
    measures: "torch max_allocated, GiB",
    measured: 9.54,
    unit: "GiB",
    kind: "memory",
    estimate: serve("octocoder", 4, 100),
  },
  {
    id: "B5-bf16",
    description: "Llama-2-7B LitGPT generate, bf16",
    measures: "torch max_allocated, GB",
    measured: 13.52,
    unit: "GB",
    kind: "memory",
    estimate: serve("llama-2-7b", 16, 200),
  },
  {
    id: "B5-nf4dq",
    description: "Llama-2-7B LitGPT generate, NF4 + double quant",
    measures: "torch max_allocated, GB",
    measured: 4.26,
    unit: "GB",
    kind: "memory",
    estimate: serve("llama-2-7b", 4, 200, { scaleBits: 0.127 }),
  },
  {
    id: "B5-bf16-tput",
    description: "Llama-2-7B LitGPT generate bf16 on A100 40GB, batch 1",
    measures: "decode tok/s (PyTorch eager)",
    measured: 30.97,
    unit: "tok/s",
    kind: "throughput",
    // LitGPT's generate is eager PyTorch: Transformers generate's constants.
    estimate: llama7b("a100-40gb-pcie", 16, "transformers", 100),
  },
  {
    id: "C1-F16-tg",
    description: "llama 7B F16, llama-bench tg128, RTX 4090",
    measures: "decode tok/s (llama.cpp)",
    measured: 61.03,
    unit: "tok/s",
    kind: "throughput",
    estimate: llama7b("rtx-4090", 16, "llama.cpp", 64),
  },
  {
    id: "C1-Q8_0-tg",
    description: "llama 7B Q8_0 (8.5 bpw), tg128, RTX 4090",
    measures: "decode tok/s (llama.cpp)",
    measured: 98.13,
    unit: "tok/s",
    kind: "throughput",
    estimate: llama7b("rtx-4090", 8.5, "llama.cpp", 64),
  },
  {
    id: "C1-F16-pp",
    description: "llama 7B F16, llama-bench pp512, RTX 4090",
    measures: "prefill tok/s (llama.cpp, FP16 accumulate)",
    measured: 11048.22,
    unit: "tok/s",
    kind: "throughput",
    // pp512: the 512-token prompt is the context (prefill speed does not depend on it).
    estimate: llama7b("rtx-4090", 16, "llama.cpp", 512, "prefillTokensPerSecond", {
      promptTokens: 512,
      contextTokens: 640,
    }),
  },
  {
    id: "C8-full",
    description:
      "GPT 530B MFU with full recompute, from the selective-recompute MFU (54.2%) at the same hardware FLOPs rate: x hardware FLOPs (selective) / hardware FLOPs (full)",
    measures: "model FLOPs utilisation",
    measured: 42.1,
    unit: "%",
    kind: "utilisation",
    estimate: () => (54.2 * gpt530bHardware("selective")) / gpt530bHardware("full"),
  },
  ...FRAMEWORK_MEMORY_CASES,
];

/** Rows the estimator does not express, and why. */
export const EXCLUDED_ROWS: readonly { id: string; reason: string }[] = [
  { id: "A21", reason: "GaLore 8-bit per-layer updates: optimizer not modelled" },
  { id: "B4", reason: "prompt length not stated in the source" },
  { id: "B5-nf4dq-tput", reason: "bitsandbytes 4-bit decode is kernel-bound, not bandwidth-bound" },
  { id: "C1-Q8_0-pp", reason: "Q8_0 prompt processing dequantizes before the GEMM; not modelled" },
  { id: "C6", reason: "utilisation reference behind the MFU default, not an estimate" },
  { id: "C8-selective", reason: "input of the C8-full check" },
  ...FRAMEWORK_MEMORY_EXCLUDED,
];

export interface AccuracyRow {
  id: string;
  /** `holdout`: gathered after the fit, from a publication the split never saw; never fitted on. */
  role: "validation" | "calibration" | "holdout";
  description: string;
  measures: string;
  estimate: number;
  measured: number;
  unit: Unit;
  kind: Kind;
  /** (estimate - measured) / measured. */
  signedError: number;
  gap?: string;
  /** A serving run of a mixture-of-experts model (scored apart from dense models'). */
  moe?: boolean;
  /** Who published a serving run (`measured-table.ts`). */
  publisher?: string;
}

/** The decode calibration rows, each run as a request like any other row. */
export function calibrationCases(rows: readonly CalibrationRow[]): AccuracyCase[] {
  const out: AccuracyCase[] = [];
  for (const row of rows) {
    const request = calibrationRequest(row);
    if (!request) continue;
    out.push({
      id: row.id,
      description: `${row.model}, ${row.weight_format} ${row.weight_bits} bits, ${row.engine}, ${row.gpu}${row.tensor_parallel > 1 ? ` x ${row.tensor_parallel} (TP)` : ""}`,
      measures: `decode tok/s (${row.source}, ${row.date})`,
      measured: row.tokens_per_s,
      unit: "tok/s",
      kind: "throughput",
      role: "calibration",
      ...(row.experts === undefined ? {} : { moe: true }),
      estimate: outcome(request, "tokensPerSecondPerSequence"),
    });
  }
  return out;
}

/** The published serving runs as accuracy cases: output tokens/s over all users. */
export const servingAccuracyCases = (runs: readonly ServingRun[]): AccuracyCase[] =>
  servingCases(runs).map((c) => ({
    ...c,
    unit: "tok/s",
    kind: "serving",
    estimate: outcome(c.request, "tokensPerSecond"),
  }));

/**
 * Every row: the validation cases, the decode calibration rows and the published serving
 * runs (each loaded from its file by default).
 */
export function accuracyTable(
  gpus: readonly GpuSpec[],
  calibration: readonly CalibrationRow[] = loadCalibration(),
  runs: readonly ServingRun[] = loadServingRuns(),
): AccuracyRow[] {
  return [...ACCURACY_CASES, ...calibrationCases(calibration), ...servingAccuracyCases(runs)].map(
    (c) => {
      const raw = c.estimate(gpus);
      const scale = UNIT_BYTES[c.unit] ?? 1;
      const estimate = raw / scale;
      return {
        id: c.id,
        role: c.role ?? "validation",
        description: c.description,
        measures: c.measures,
        estimate,
        measured: c.measured,
        unit: c.unit,
        kind: c.kind,
        signedError: (estimate - c.measured) / c.measured,
        ...(c.gap ? { gap: c.gap } : {}),
        ...(c.moe ? { moe: true } : {}),
        ...(c.publisher ? { publisher: c.publisher } : {}),
      };
    },
  );
}
