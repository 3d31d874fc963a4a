/**
 * English defaults for warning codes and breakdown labels, for the command line. The site
 * renders the same codes from its zh-CN and en dictionaries.
 */
import type { Warning, WarningCode } from "../estimate/result.ts";

export const WARNING_EN: Record<WarningCode, string> = {
  "shape-assumed":
    "Only a parameter count was given; assumed a dense full-attention shape ({layers} layers, hidden {hidden}). GQA models cache less.",
  "activations-need-architecture": "Activations need the architecture (layers, hidden size).",
  "no-bf16": "{gpu} has no BF16 tensor math; BF16 runs emulated and slow. Use fp16-mixed.",
  "no-fp8": "{gpu} has no FP8 tensor math.",
  "low-precision-fallback": "{gpu} lacks the requested format; used the {used} peak.",
  "exceeds-gpu-memory": "Needs {neededBytes} bytes, more than {gpu}'s {capacityBytes}.",
  "headroom-below-seed-range": "Headroom {headroom} is below the seeds' 15-25%.",
  "headroom-above-seed-range": "Headroom {headroom} is above the seeds' 15-25%.",
  "kv-exceeds-weights":
    "The KV cache ({kvBytes} bytes) is larger than the weights ({weightBytes} bytes).",
  "unverified-gpu-figures": "{gpu}: figures without a vendor document: {figures}.",
  "no-nvlink-tensor-parallel": "Tensor parallelism over PCIe only is slow.",
  "compute-bound-decode": "At batch {batch} decoding is compute-bound, not bandwidth-bound.",
  "not-gpu-bound":
    "Paper gap {paperRatio}x but measured gap only {measuredRatio}x: CPU, disk, network or memory bandwidth limits the job.",
  "partly-gpu-bound":
    "Measured gap {measuredRatio}x of a paper gap {paperRatio}x: partly GPU-bound.",
  "seed-rule-of-thumb": "Rule of thumb from the seed article, not a measurement.",
  "no-price": "No price given.",
  "engine-reserves-memory":
    "The engine reserves {utilization} of GPU memory: nvidia-smi shows {reservedBytes} bytes whatever the need.",
  "zero-without-data-parallel":
    "ZeRO/FSDP shards over data-parallel GPUs; with {gpus} GPU(s) and tensor parallel {tensorParallel} there is nothing to shard over.",
  "adafactor-needs-architecture":
    "Adafactor's factored states need the architecture; approximated.",
};

export function formatWarning(w: Warning): string {
  return WARNING_EN[w.code].replace(/\{(\w+)\}/g, (_, k: string) =>
    String(w.params[k] ?? `{${k}}`),
  );
}
