/**
 * The common shape of every estimate. Labels and warnings are codes with parameters, not
 * sentences, so the site can render them in zh-CN or en; `messages-en.ts` holds the
 * English defaults the command line prints.
 */

/** One additive part of a total. `labelKey` names the UI string for the part. */
export interface BreakdownItem {
  key: string;
  labelKey: string;
  value: number;
}

/**
 * Where an assumed value comes from, as a code the page and the command line print in their
 * language (`src/i18n/sources.ts` names each public source in full).
 */
export type SourceKey =
  | "request"
  | "currency-default"
  | "first-option-gpu"
  | "scaling-predicted"
  | "from-architecture"
  | "datasheet"
  | "datasheet-dense"
  | "single-gpu"
  | "estimator"
  | "estimator-convention"
  | "run-log"
  | "user-measured"
  | "data-parallel"
  | "grad-accumulation"
  | "grads-dtype"
  | "frozen-base"
  | "weights-plus-kv"
  | "kv-formula"
  | "no-scale-bits"
  | "storage-months"
  | "first-one-gpu-option"
  | "frames-independent"
  | "render-benchmark"
  | "fp32-peak"
  | "zero3-split"
  | "tensor-parallel-split"
  | "scaling-default"
  | "mfu-published"
  | "mfu-table"
  | "mfu-other-size"
  | "mfu-other-stack"
  | "mfu-other-family"
  | "mfu-moe-as-dense"
  | "mfu-fp8-as-16-bit"
  | "flash-attention-bench"
  | "attention-bench-carried"
  | "moe-routing"
  | "eager-attention-bench"
  | "model-flops"
  | "hardware-flops"
  | "pipeline-bubble"
  | "network-preset"
  | "korthikanti-s4"
  | "korthikanti-s5"
  | "zero-bytes"
  | "torch-amp-master"
  | "torch-amp-bytes"
  | "hu-2021"
  | "dettmers-2023"
  | "nf4-absmax"
  | "gmlake"
  | "hf-anatomy"
  | "llama-cpp-ubatch"
  | "llama-cpp-c1"
  | "pochenai-calibration"
  | "seed-headroom"
  | "seed-billed-hours"
  | "billing-assumed"
  | "seed-measured-gap"
  | "seed-paper-gap"
  | "seed-render"
  | "fw-hf-trainer"
  | "fw-trl"
  | "fw-llama-factory"
  | "fw-unsloth"
  | "fw-torchtune"
  | "fw-ms-swift"
  | "fw-deepspeed"
  | "fw-megatron"
  | "fw-litgpt"
  | "peft-adapter-dtype"
  | "peft-lora-forward"
  | "recompute-block"
  | "sdpa-default"
  | "loss-standard"
  | "loss-shifted"
  | "loss-chunked"
  | "loss-fused"
  | "fsdp-prefetch"
  | "decode-calibration"
  | "vllm-schedule"
  | "sglang-schedule"
  | "trtllm-schedule"
  | "llama-cpp-schedule"
  | "exllamav2-schedule"
  | "hf-generate-schedule"
  | "serve-lengths-default"
  | "serve-prompt-cut-to-context"
  | "serve-engine-default"
  | "serve-precision-default"
  | "serve-format-default"
  | "prefill-mfu"
  | "format-scales"
  | "hf-dynamic-cache"
  | "vllm-kv-pool"
  | "sglang-kv-pool"
  | "trtllm-kv-pool"
  | "llama-cpp-context"
  | "ollama-context"
  | "exllamav2-cache"
  | "step-phases"
  | "fused-kernels"
  | "fused-optimizer"
  | "torch-foreach"
  | "optimizer-in-backward"
  | "dequantize"
  | "litgpt-qkv-views"
  | "lightning-bnb-head"
  | "bnb-paged";

/** A value the estimate assumed, and where the value comes from. */
export interface Assumption {
  key: string;
  value: number | string | boolean;
  source: SourceKey;
  /** Names the source needs filled in (a GPU's name for its datasheet). */
  sourceParams?: Record<string, string | number>;
}

export type WarningCode =
  | "shape-assumed"
  | "activations-need-architecture"
  | "no-bf16"
  | "no-fp8"
  | "low-precision-fallback"
  | "exceeds-gpu-memory"
  | "headroom-below-seed-range"
  | "headroom-above-seed-range"
  | "kv-exceeds-weights"
  | "unverified-gpu-figures"
  | "no-nvlink-tensor-parallel"
  | "compute-bound-decode"
  | "users-queued"
  | "requests-queued"
  | "lengths-exceed-context"
  | "not-gpu-bound"
  | "partly-gpu-bound"
  | "seed-rule-of-thumb"
  | "no-price"
  | "engine-reserves-memory"
  | "zero-without-data-parallel"
  | "adafactor-needs-architecture"
  | "kv-pool-short"
  | "layers-on-cpu"
  | "decode-format-uncalibrated"
  | "no-p2p-uncalibrated"
  | "p2p-unverified-as-no"
  | "scaling-predicted"
  | "speed-carried"
  | "measured-basis"
  | "no-price-in-currency"
  | "converted-prices"
  | "unpriced-gpus"
  | "render-fp32-fallback"
  | "memory-unchecked"
  | "scaling-assumed-linear"
  | "inter-node-network-unknown"
  | "layout-memory-unsplit"
  | "moe-small-expert-batches"
  | "paged-optimizer-states";

export interface Warning {
  code: WarningCode;
  params: Record<string, number | string>;
}

/** Every estimate: a total in the unit its name states, parts that add up to it, and why. */
export interface Result {
  total: number;
  breakdown: BreakdownItem[];
  assumptions: Assumption[];
  warnings: Warning[];
}

/** Sums breakdown values; the total of a result is always built this way. */
export function sumBreakdown(items: readonly BreakdownItem[]): number {
  return items.reduce((acc, item) => acc + item.value, 0);
}

/** Builds a breakdown item whose UI label key follows the `breakdown.<key>` convention. */
export function part(key: string, value: number): BreakdownItem {
  return {
    key,
    labelKey: `breakdown.${key}`,
    // Negative parts (rounding below zero) show as 0; NaN and Infinity pass through, so the
    // task runner can refuse the result instead of printing a 0 it never computed.
    value: value > 0 || !Number.isFinite(value) ? value : 0,
  };
}

/** The value of one part of a breakdown, 0 when the breakdown has no such part. */
export function partValue(items: readonly BreakdownItem[], key: string): number {
  return items.find((i) => i.key === key)?.value ?? 0;
}
