/**
 * `trainingMemory` on a toy model small enough to count by hand: every part of the peak,
 * every assumption and warning, for full training, mixed precision, QLoRA with a paged
 * optimizer, sharding with offload, tensor parallelism and the optimizer inside backward.
 *
 * The toy: 2 layers, hidden 64, 2 heads of 32 (full multi-head), gated MLP of 128, vocabulary
 * 256, untied head, RMSNorm. Its matrices: embed 256·64 = 16,384; per layer q, k, v, o
 * 64·64 = 4096 each and gate, up, down 64·128 = 8192 each, 4·4096 + 3·8192 = 40,960; head
 * 16,384. Total 16,384 + 2·40,960 + 16,384 = 114,688 matrix parameters plus (2·2 + 1)·64 =
 * 320 norm weights: N = 115,008. Largest matrix 16,384 (embed, head); largest quantizable
 * (a linear layer) 8192; quantizable 2·40,960 = 81,920.
 *
 * Activations at 1 token (s·b·h = 64 values of width h): per layer the two norm outputs
 * (q/k/v and MLP inputs, 2 widths), q, k, v (3 widths) and the attention output (1), the
 * MLP's gate, activation and up outputs and their product (4·128/64 = 8 widths): 2 + 12
 * widths in the compute dtype. Each RMSNorm keeps an fp32 copy of its input (4 bytes) and,
 * when its weight trains, its normalized value (in fp32 under autocast, else the compute
 * dtype). Flash attention keeps its output (1 width). A block's backward holds 3 widths of
 * h and 3 of the MLP (3·128) besides: (192 + 384) values.
 */
import { describe, expect, it } from "vitest";
import { FRAMEWORK_PROFILES } from "../../../../src/estimate/memory/frameworks.ts";
import type { LoraConfig } from "../../../../src/estimate/memory/lora.ts";
import type { TrainingMemoryInput } from "../../../../src/estimate/memory/training-memory.ts";
import { modelStates, trainingMemory } from "../../../../src/estimate/memory/training-memory.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import type { BreakdownItem } from "../../../../src/estimate/result.ts";
import { peftLora, valueOf } from "../helpers.ts";

const TOY: ModelArch = { layers: 2, hidden: 64, heads: 2, ffn: 128, vocab: 256 };
const N = 115_008;
const CUDA_CONTEXT = 1343 * 2 ** 20;
/** What every estimate adds after its own assumptions (views.ts defaults). */
const OVERHEADS = [
  { key: "allocator-fragmentation", value: 0.1, source: "gmlake" },
  { key: "cuda-context-bytes", value: CUDA_CONTEXT, source: "hf-anatomy" },
  { key: "headroom", value: 0.2, source: "seed-headroom" },
];
const toy = (o: Partial<TrainingMemoryInput> = {}): TrainingMemoryInput => ({
  model: TOY,
  precision: "bf16",
  optimizer: "adamw",
  microBatch: 1,
  seqLen: 1,
  ...o,
});
/** PEFT's defaults at rank 4 (the toy's adapters stay countable by hand). */
const lora = (o: Partial<LoraConfig> = {}): LoraConfig => peftLora({ rank: 4, ...o });
/** Rank 4 on q (64 → 64) and v (64 → 64) in 2 layers: 2 · 4 · (128 + 128) = 2048. */
const ADAPTERS = 2048;
const assumption = (r: { assumptions: { key: string; value: unknown }[] }, key: string) =>
  r.assumptions.find((a) => a.key === key)?.value;
const parts = (r: { breakdown: readonly BreakdownItem[] }, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, valueOf(r.breakdown, k)]));
const PEAK_KEYS = [
  "weights",
  "dequantized-weight",
  "master-weights",
  "gradients",
  "optimizer-states",
  "optimizer-step",
  "activations",
  "logits",
  "gathered-layers",
];

describe("what a run stores of the model (modelStates)", () => {
  it("full training: every parameter trains, in its precision's bytes", () => {
    // fp32: 4-byte weights, gradients and states, no master copy.
    expect(modelStates(toy({ precision: "fp32" }))).toEqual({
      weights: 4 * N,
      trainable: N,
      trainableBytes: { weights: 4, master: 0, grads: 4, state: 4 },
      storageBytesPerParam: 4,
    });
    // torch.amp: the 16-bit copy is what the forward reads and FSDP gathers; fp32 master,
    // gradients and states.
    expect(modelStates(toy({ precision: "bf16-mixed" }))).toEqual({
      weights: 2 * N,
      trainable: N,
      trainableBytes: { weights: 2, master: 4, grads: 4, state: 4 },
      storageBytesPerParam: 2,
    });
    expect(modelStates(toy({ precision: "bf16" })).trainableBytes).toEqual({
      weights: 2,
      master: 0,
      grads: 2,
      state: 2,
    });
  });
  it("LoRA: a frozen 16-bit base and fp32 adapters that are their own master", () => {
    // Base 2 · 115,008 = 230,016 bytes; adapters 2048 · 4 = 8192.
    expect(modelStates(toy({ precision: "bf16-mixed", lora: lora() }))).toEqual({
      weights: 230_016 + 8192,
      trainable: ADAPTERS,
      trainableBytes: { weights: 4, master: 0, grads: 4, state: 4 },
      storageBytesPerParam: 2,
    });
  });
  it("a modules_to_save head adds its vocabulary x hidden copy to the trainable count", () => {
    // 2048 + 256 · 64 = 18,432 trainable, at 2 bytes each over the 230,016-byte base.
    const s = modelStates(toy({ lora: lora({ adapterBits: 16, fullModules: ["head"] }) }));
    expect(s.trainable).toBe(18_432);
    expect(s.weights).toBe(230_016 + 2 * 18_432);
  });
  it("QLoRA: NF4 linears with double-quantized scales, 16-bit embeddings and head", () => {
    // Scale bits: 8/64 + 32/(64·256) = 0.126953125; 4.126953125 bits per linear weight.
    // Linears 81,920 · 4.126953125 / 8 = 42,260 bytes; the rest (115,008 - 81,920 = 33,088)
    // at 2 bytes = 66,176. Base 108,436; adapters 2048 · 4 = 8192.
    const s = modelStates(toy({ lora: lora({ baseBits: 4 }) }));
    expect(s.weights).toBe(108_436 + 8192);
    expect(s.storageBytesPerParam).toBe(4.126953125 / 8);
    // Without double quantization one fp32 absmax per 64: 4.5 bits; 81,920 · 4.5 / 8 = 46,080.
    expect(modelStates(toy({ lora: lora({ baseBits: 4, doubleQuant: false }) })).weights).toBe(
      46_080 + 66_176 + 8192,
    );
    // LLM.int8: 8 bits, its per-row scales negligible: 81,920 + 66,176.
    expect(modelStates(toy({ lora: lora({ baseBits: 8 }) })).storageBytesPerParam).toBe(1);
  });
  it("LitGPT's bitsandbytes precision quantizes the head too; the generic profile does not", () => {
    // Quantized: 81,920 + 16,384 = 98,304 · 4.126953125 / 8 = 50,712; the rest (embedding
    // and norms, 16,704) at 2 bytes = 33,408. Base 84,120.
    const litgpt = FRAMEWORK_PROFILES.litgpt.mechanics;
    const at = (mechanics?: typeof litgpt) =>
      modelStates(toy({ lora: lora({ baseBits: 4 }), ...(mechanics ? { mechanics } : {}) }));
    expect(at(litgpt).weights).toBe(84_120 + 8192);
    expect(at().weights).toBe(108_436 + 8192);
  });
  it("a bare parameter count under QLoRA: every weight at 4.126953125 bits", () => {
    // 10⁹ · 4.126953125 / 8 = 515,869,140.625. The assumed shape (hidden 2176 = 17 heads of
    // 128, 17 layers): rank 8 on q and v, 17 · 8 · (4352 + 4352) = 1,183,744 adapters.
    const s = modelStates({
      ...toy({ lora: lora({ rank: 8, baseBits: 4 }) }),
      model: { params: 1e9 },
    });
    expect(s.trainable).toBe(1_183_744);
    expect(s.weights).toBe(515_869_140.625 + 4 * 1_183_744);
  });
});

describe("the toy's peak, part by part, and what the result says about it", () => {
  it("pure bf16 AdamW, foreach step: the step peaks at 5 · 2 bytes per parameter", () => {
    const r = trainingMemory(toy());
    // Weights 2N = 230,016; gradients 2N (kept between steps without a framework); AdamW's
    // two bf16 states 4N = 460,032; the foreach temporary one bf16 value per parameter 2N.
    expect(parts(r, PEAK_KEYS)).toEqual({
      weights: 230_016,
      "dequantized-weight": 0,
      "master-weights": 0,
      gradients: 230_016,
      "optimizer-states": 460_032,
      "optimizer-step": 230_016,
      activations: 0,
      logits: 0,
      "gathered-layers": 0,
    });
    expect(r.allocatorPeakBytes).toBe(1_150_080);
    // Per layer: norms keep an fp32 input and the bf16 normalized value, 2 · (4 + 2) = 12
    // bytes per h; 2 + 12 widths at 2 bytes = 28; flash output 2: 64 · 42 = 2688.
    // Loss: 256 logits, max(2 + 4 + 4, 3 · 4) = 12 bytes each (fp32 loss) = 3072.
    expect(r.assumptions).toEqual([
      { key: "params", value: N, source: "from-architecture" },
      { key: "bytes-per-param-weights", value: 2, source: "zero-bytes" },
      { key: "bytes-per-param-master", value: 0, source: "torch-amp-master" },
      { key: "bytes-per-param-grads", value: 2, source: "grads-dtype" },
      { key: "activation-bytes-per-layer", value: 2688, source: "korthikanti-s4" },
      { key: "recompute", value: "none", source: "recompute-block" },
      { key: "attention", value: "flash", source: "sdpa-default" },
      { key: "loss-path", value: "standard", source: "loss-standard" },
      { key: "live-logit-values", value: 256, source: "loss-standard" },
      { key: "data-parallel", value: 1, source: "data-parallel" },
      { key: "gradient-accumulation", value: 1, source: "grad-accumulation" },
      { key: "peak-phase", value: "optimizer-step", source: "step-phases" },
      { key: "fused-kernels", value: false, source: "fused-kernels" },
      { key: "optimizer-step-bytes", value: 230_016, source: "torch-foreach" },
      ...OVERHEADS,
    ]);
    expect(r.warnings).toEqual([]);
    expect(r.cpuOffloadBytes).toBe(0);
    expect(r.pagedOptimizerBytes).toBe(0);
    expect(r.trainableParams).toBe(N);
  });
  it("bf16 autocast, eager attention, fused step, accumulation: the forward pass peaks", () => {
    const r = trainingMemory(
      toy({
        precision: "bf16-mixed",
        flashAttention: false,
        optimizerForeach: false,
        gradAccumulation: 4,
        mechanics: FRAMEWORK_PROFILES["hf-trainer"].mechanics,
        frameworkSource: "fw-hf-trainer",
      }),
    );
    // States: 2N + 4N master + 4N gradients (accumulated, so held in the forward pass) + 8N
    // = 18N = 2,070,144. Per layer: norms 2 · (4 + 4) = 16 bytes per h (fp32 under autocast),
    // 2 + 12 widths at 2 bytes = 28: 64 · 44 = 2816, plus the fp32 scores of 2 heads at 1
    // token, 2 · 4 = 8: 2824. Two layers 5648; final norm (8 bytes) and head input (2): 64 ·
    // 10 = 640. Loss 3072. Forward: 2,070,144 + 5648 + 640 + 3072 = 2,079,504; backward
    // (no loss, + 2 · 576 transient) 2,077,584; step 2,070,144.
    expect(parts(r, PEAK_KEYS)).toEqual({
      weights: 230_016,
      "dequantized-weight": 0,
      "master-weights": 460_032,
      gradients: 460_032,
      "optimizer-states": 920_064,
      "optimizer-step": 0,
      activations: 6288,
      logits: 3072,
      "gathered-layers": 0,
    });
    expect(r.allocatorPeakBytes).toBe(2_079_504);
    expect(r.assumptions).toEqual([
      { key: "framework-defaults", value: true, source: "fw-hf-trainer" },
      { key: "params", value: N, source: "from-architecture" },
      { key: "bytes-per-param-weights", value: 2, source: "zero-bytes" },
      { key: "bytes-per-param-master", value: 4, source: "torch-amp-master" },
      { key: "bytes-per-param-grads", value: 4, source: "grads-dtype" },
      { key: "activation-bytes-per-layer", value: 2824, source: "korthikanti-s4" },
      { key: "recompute", value: "none", source: "recompute-block" },
      { key: "attention", value: "eager", source: "sdpa-default" },
      { key: "loss-path", value: "standard", source: "loss-standard" },
      { key: "live-logit-values", value: 256, source: "loss-standard" },
      { key: "data-parallel", value: 1, source: "data-parallel" },
      { key: "gradient-accumulation", value: 4, source: "grad-accumulation" },
      { key: "peak-phase", value: "forward", source: "step-phases" },
      { key: "fused-kernels", value: false, source: "fused-kernels" },
      { key: "optimizer-step-bytes", value: 0, source: "fused-optimizer" },
      ...OVERHEADS,
      // torch.amp: 2 + 4 + 4 bytes per parameter before the optimizer.
      { key: "mixed-precision-bytes-per-param", value: 10, source: "torch-amp-bytes" },
    ]);
  });
  it("gradients set to None after the step hold none in the forward pass; kept buffers do", () => {
    // The same run, one micro-batch: Transformers frees them (forward = 18N - 4N + 9360 =
    // 1,619,472 < the step's 2,070,144); DeepSpeed keeps them (forward 2,079,504).
    const at = (fw: "hf-trainer" | "deepspeed") =>
      trainingMemory(
        toy({
          precision: "bf16-mixed",
          flashAttention: false,
          optimizerForeach: false,
          mechanics: FRAMEWORK_PROFILES[fw].mechanics,
        }),
      );
    expect(at("hf-trainer").allocatorPeakBytes).toBe(2_070_144);
    expect(assumption(at("hf-trainer"), "peak-phase")).toBe("optimizer-step");
    expect(at("deepspeed").allocatorPeakBytes).toBe(2_079_504);
    expect(assumption(at("deepspeed"), "peak-phase")).toBe("forward");
  });
  it("QLoRA with LitGPT's mechanics and paged AdamW: dequantized head, paged states, bf16 loss", () => {
    const r = trainingMemory(
      toy({
        optimizer: "adamw-paged",
        lora: lora({ baseBits: 4, adapterBits: 16 }),
        mechanics: FRAMEWORK_PROFILES.litgpt.mechanics,
        frameworkSource: "fw-litgpt",
      }),
    );
    // Weights: the 84,120-byte base with its quantized head, adapters 2048 · 2 = 4096.
    // The largest weight dequantized to 16 bits: the quantized head, 16,384 · 2 = 32,768.
    // Paged AdamW: 2 fp32 states per adapter, 2048 · 8 = 16,384 bytes outside the allocator;
    // bitsandbytes' step works in place (no foreach temporary).
    // Per layer: the bnb base keeps every linear input; frozen norms keep only the fp32
    // input (4 bytes per h each, 8); the fused qkv keeps q and k beside the whole q + k + v
    // output (64 + 64 + 192 = 5 widths) and the attention output (1), MLP 8; 2 + 14 widths
    // at 2 bytes = 32: 64 · 40 = 2560, flash output 128: 2688. The bf16 adapters over bf16
    // activations read the base's inputs: no copies. Two layers 5376; final norm input (4
    // bytes, the head is frozen) 256. Loss in bf16: max(2 + 2, 3 · 2) = 6 bytes per logit,
    // 1536. Forward: 88,216 + 32,768 + 5632 + 1536 = 128,152; backward 88,216 + 32,768 +
    // 5632 + 1152 = 127,768; step 88,216 + 4096 = 92,312.
    expect(parts(r, PEAK_KEYS)).toEqual({
      weights: 88_216,
      "dequantized-weight": 32_768,
      "master-weights": 0,
      gradients: 0,
      "optimizer-states": 0,
      "optimizer-step": 0,
      activations: 5632,
      logits: 1536,
      "gathered-layers": 0,
    });
    expect(r.allocatorPeakBytes).toBe(128_152);
    expect(r.pagedOptimizerBytes).toBe(16_384);
    expect(r.trainableParams).toBe(ADAPTERS);
    expect(r.assumptions).toEqual([
      { key: "framework-defaults", value: true, source: "fw-litgpt" },
      { key: "lora-trainable-params", value: ADAPTERS, source: "hu-2021" },
      { key: "lora-base-bits", value: 4, source: "dettmers-2023" },
      { key: "lora-adapter-bits", value: 16, source: "peft-adapter-dtype" },
      { key: "lora-adapter-saved-bytes-per-token", value: 0, source: "peft-lora-forward" },
      { key: "params", value: N, source: "from-architecture" },
      { key: "bytes-per-param-weights", value: 2, source: "zero-bytes" },
      { key: "bytes-per-param-master", value: 0, source: "torch-amp-master" },
      { key: "bytes-per-param-grads", value: 2, source: "grads-dtype" },
      { key: "activation-bytes-per-layer", value: 2688, source: "korthikanti-s4" },
      { key: "recompute", value: "none", source: "recompute-block" },
      { key: "attention", value: "flash", source: "sdpa-default" },
      { key: "loss-path", value: "standard", source: "loss-standard" },
      { key: "live-logit-values", value: 256, source: "loss-standard" },
      { key: "data-parallel", value: 1, source: "data-parallel" },
      { key: "gradient-accumulation", value: 1, source: "grad-accumulation" },
      { key: "peak-phase", value: "forward", source: "step-phases" },
      { key: "fused-kernels", value: false, source: "fused-kernels" },
      { key: "optimizer-step-bytes", value: 0, source: "torch-foreach" },
      ...OVERHEADS,
      { key: "fused-qkv-saved", value: true, source: "litgpt-qkv-views" },
      { key: "quantized-head", value: true, source: "lightning-bnb-head" },
      { key: "dequantized-weight-bytes", value: 32_768, source: "dequantize" },
      { key: "paged-optimizer-bytes", value: 16_384, source: "bnb-paged" },
    ]);
    expect(r.warnings).toEqual([
      { code: "paged-optimizer-states", params: { pagedBytes: 16_384 } },
    ]);
  });
  it("paged states and the dequantized weight split over tensor parallel GPUs", () => {
    // Full training, paged AdamW: two fp32 states per parameter whatever the dtype, 8N =
    // 920,064 bytes, half on each of 2 tensor-parallel GPUs: 460,032.
    const paged = trainingMemory(toy({ optimizer: "adamw-paged", gpus: 2, tensorParallel: 2 }));
    expect(paged.pagedOptimizerBytes).toBe(460_032);
    expect(assumption(paged, "paged-optimizer-bytes")).toBe(460_032);
    // Offloaded, paged states are the CPU's anyway: none paged on the GPU.
    expect(
      trainingMemory(toy({ optimizer: "adamw-paged", offload: "optimizer" })).pagedOptimizerBytes,
    ).toBe(0);
    // QLoRA at tp 2 (Transformers leaves the head in 16 bits): the largest linear, 8192
    // values dequantized to 2 bytes, split over 2: 8192.
    const q = trainingMemory(
      toy({ gpus: 2, tensorParallel: 2, lora: lora({ baseBits: 4 }), optimizerForeach: false }),
    );
    expect(valueOf(q.breakdown, "dequantized-weight")).toBe(8192);
    expect(assumption(q, "dequantized-weight-bytes")).toBe(8192);
  });
  it("a 16-bit LoRA base dequantizes nothing and names no quantized head", () => {
    const r = trainingMemory(
      toy({ lora: lora({ adapterBits: 16 }), mechanics: FRAMEWORK_PROFILES.litgpt.mechanics }),
    );
    expect(valueOf(r.breakdown, "dequantized-weight")).toBe(0);
    expect(assumption(r, "lora-base-bits")).toBe(16);
    expect(r.assumptions.find((a) => a.key === "lora-base-bits")?.source).toBe("frozen-base");
    expect(assumption(r, "quantized-head")).toBeUndefined();
    expect(assumption(r, "dequantized-weight-bytes")).toBeUndefined();
  });
});

describe("sharding, offload and tensor parallelism on the toy", () => {
  it("ZeRO-3 over 2 data-parallel x 2 tensor-parallel GPUs, optimizer and weights offloaded", () => {
    const r = trainingMemory(
      toy({
        precision: "bf16-mixed",
        gpus: 4,
        tensorParallel: 2,
        sharding: "zero3",
        offload: "optimizer+params",
        // Offloaded states step on the CPU: the request's in-backward step does not apply.
        optimizerInBackward: true,
      }),
    );
    // Weights, master and states on the CPU; fp32 gradients 4N / (2 · 2) = 115,008. ZeRO-3
    // gathers 2 copies of the largest matrix at 2 bytes: 2 · 16,384 · 2 = 65,536, split by
    // tp: 32,768. Activations split by tp 2: norms 16 per h, replicated norm outputs 2 · 2,
    // 12 widths · 2 / 2 = 12: 64 · 32 = 2048, flash output 64; 2112 per layer, 4224 for two,
    // final 640. Loss 3072 / 2 = 1536. Forward: 115,008 + 4864 + 1536 + 32,768 = 154,176.
    expect(parts(r, PEAK_KEYS)).toEqual({
      weights: 0,
      "dequantized-weight": 0,
      "master-weights": 0,
      gradients: 115_008,
      "optimizer-states": 0,
      "optimizer-step": 0,
      activations: 4864,
      logits: 1536,
      "gathered-layers": 32_768,
    });
    expect(r.allocatorPeakBytes).toBe(154_176);
    // On the CPU: states 8N, master 4N and weights 2N = 14N.
    expect(r.cpuOffloadBytes).toBe(14 * N);
    expect(assumption(r, "data-parallel")).toBe(2);
    expect(assumption(r, "optimizer-in-backward")).toBeUndefined();
    expect(assumption(r, "optimizer-step-bytes")).toBe(0);
    expect(assumption(r, "gathered-weight-bytes")).toBe(65_536);
    expect(r.assumptions.find((a) => a.key === "gathered-weight-bytes")?.source).toBe(
      "zero3-split",
    );
    expect(r.warnings).toEqual([]);
  });
  it("weights offloaded without sharding: ZeRO-Infinity still gathers layer by layer", () => {
    // One GPU, offload optimizer+params: treated as ZeRO-3, 2 · 16,384 · 2 bytes gathered.
    const r = trainingMemory(toy({ offload: "optimizer+params" }));
    expect(valueOf(r.breakdown, "gathered-layers")).toBe(65_536);
    expect(valueOf(r.breakdown, "weights")).toBe(0);
  });
  it("FSDP gathers two decoder layers and one layer's unsharded gradients", () => {
    const r = trainingMemory(
      toy({ precision: "bf16-mixed", gpus: 2, sharding: "fsdp", optimizerForeach: false }),
    );
    // Two layers of 40,960 at 2 bytes = 163,840, and one layer's fp32 gradients 40,960 · 4
    // = 163,840: 327,680. The rest sharded by 2: weights N, master 2N, gradients 2N, states 4N.
    expect(valueOf(r.breakdown, "gathered-layers")).toBe(327_680);
    expect(assumption(r, "gathered-weight-bytes")).toBe(163_840);
    expect(r.assumptions.find((a) => a.key === "gathered-weight-bytes")?.source).toBe(
      "fsdp-prefetch",
    );
    expect(valueOf(r.breakdown, "weights")).toBe(N);
    expect(valueOf(r.breakdown, "master-weights")).toBe(2 * N);
    expect(valueOf(r.breakdown, "optimizer-states")).toBe(4 * N);
    // FSDP with offloaded weights stays FSDP.
    const off = trainingMemory(
      toy({ precision: "bf16-mixed", gpus: 2, sharding: "fsdp", offload: "optimizer+params" }),
    );
    expect(valueOf(off.breakdown, "gathered-layers")).toBe(327_680);
  });
  it("FSDP under LoRA: one layer's adapter gradients unsharded, the gathered base as stored", () => {
    // QLoRA base stored at 4.126953125 / 8 bytes: 2 · 40,960 · 0.515869140625 = 42,260;
    // one layer's adapters 2048 / 2 = 1024 at 4 bytes = 4096.
    const r = trainingMemory(
      toy({ gpus: 2, sharding: "fsdp", lora: lora({ baseBits: 4 }), optimizerForeach: false }),
    );
    expect(valueOf(r.breakdown, "gathered-layers")).toBe(42_260 + 4096);
  });
  it("ZeRO-1 shards states and master, ZeRO-2 gradients too, over data parallel only", () => {
    // bf16-mixed over 4 GPUs, fused step. ZeRO-1: master 4N/4 = N, states 8N/4 = 2N.
    const z1 = trainingMemory(
      toy({ precision: "bf16-mixed", gpus: 4, sharding: "zero1", optimizerForeach: false }),
    );
    expect(valueOf(z1.breakdown, "master-weights")).toBe(N);
    expect(valueOf(z1.breakdown, "optimizer-states")).toBe(2 * N);
    expect(valueOf(z1.breakdown, "weights")).toBe(2 * N);
    // ZeRO-2 shards the 4N gradients to N, held at the step.
    const z2 = trainingMemory(
      toy({ precision: "bf16-mixed", gpus: 4, sharding: "zero2", optimizerForeach: false }),
    );
    expect(valueOf(z2.breakdown, "weights")).toBe(2 * N);
    expect(z2.allocatorPeakBytes).toBeGreaterThanOrEqual(2 * N + N + N + 2 * N);
    // The step: 2N weights + N master + N gradients + 2N states = 6N = 690,048.
    expect(
      trainingMemory(
        toy({
          precision: "bf16-mixed",
          gpus: 4,
          sharding: "zero2",
          optimizerForeach: false,
          gradAccumulation: 2,
        }),
      ).breakdown.find((b) => b.key === "gradients")?.value,
    ).toBe(N);
  });
  it("data parallel is whole GPUs over tensor parallel; sharding over one replica warns", () => {
    // 6 GPUs at tp 4: one replica (6 / 4 rounds down), so ZeRO has nothing to shard over.
    const r = trainingMemory(toy({ gpus: 6, tensorParallel: 4, sharding: "zero1" }));
    expect(assumption(r, "data-parallel")).toBe(1);
    expect(r.warnings).toEqual([
      { code: "zero-without-data-parallel", params: { gpus: 6, tensorParallel: 4 } },
    ]);
    // Without sharding no such warning; 8 GPUs at tp 2: 4 replicas.
    expect(trainingMemory(toy({ gpus: 6, tensorParallel: 4 })).warnings).toEqual([]);
    expect(assumption(trainingMemory(toy({ gpus: 8, tensorParallel: 2 })), "data-parallel")).toBe(
      4,
    );
    // Nonsense counts below one read as one GPU.
    const zero = trainingMemory(toy({ gpus: 0, tensorParallel: 0 }));
    expect(assumption(zero, "data-parallel")).toBe(1);
    expect(zero.allocatorPeakBytes).toBe(1_150_080);
  });
  it("recomputation with offload sends all block inputs but the last to the CPU", () => {
    // One block input is s·b·h = 64 values in the residual stream's dtype: fp32 under
    // autocast (256 bytes), bf16 in pure bf16 (128). Two layers: one input offloaded.
    const cpu = (o: Partial<TrainingMemoryInput>) =>
      trainingMemory(toy({ recompute: "offload", ...o })).cpuOffloadBytes;
    expect(cpu({ precision: "bf16-mixed" })).toBe(256);
    expect(cpu({})).toBe(128);
    // With the optimizer offloaded too: + 8N states + 4N master.
    expect(cpu({ precision: "bf16-mixed", offload: "optimizer" })).toBe(256 + 12 * N);
  });
  it("under LoRA the residual stream is the base's dtype, or the compute dtype under a k-bit base", () => {
    const cpu = (precision: TrainingMemoryInput["precision"], baseBits: number) =>
      trainingMemory(toy({ precision, recompute: "offload", lora: lora({ baseBits }) }))
        .cpuOffloadBytes;
    // fp32 training (4-byte compute): a 16-bit base streams 2 bytes, a 32-bit one 4, a
    // 4-bit one the compute dtype's 4: 64 values each.
    expect(cpu("fp32", 16)).toBe(128);
    expect(cpu("fp32", 32)).toBe(256);
    expect(cpu("fp32", 4)).toBe(256);
    // bf16 autocast over a 32-bit base: 4 bytes (not the 16-bit compute dtype).
    expect(cpu("bf16-mixed", 32)).toBe(256);
    expect(cpu("bf16-mixed", 8)).toBe(128);
  });
});

describe("the optimizer inside backward", () => {
  it("full training at tp 2: one largest gradient and its foreach temporary, split by tp", () => {
    const r = trainingMemory(toy({ gpus: 2, tensorParallel: 2, optimizerInBackward: true }));
    // The embedding or head, 16,384 bf16 values: 32,768 bytes / 2 = 16,384, and the foreach
    // step's one bf16 value for each: 16,384. Weights 2N/2, states 4N/2. Activations at tp
    // 2: replicated norm outputs 2 · 2 bytes, norms 12, the 12 split widths 12 · 2 / 2:
    // 64 · (4 + 12 + 12) = 1792, flash 64: 1856 per layer, 3712 for two, final 64 · (6 + 2)
    // = 512; loss 3072 / 2 = 1536.
    // Forward: 115,008 + 16,384 + 230,016 + 16,384 + 4224 + 1536 = 383,552.
    expect(parts(r, PEAK_KEYS)).toEqual({
      weights: 115_008,
      "dequantized-weight": 0,
      "master-weights": 0,
      gradients: 16_384,
      "optimizer-states": 230_016,
      "optimizer-step": 16_384,
      activations: 4224,
      logits: 1536,
      "gathered-layers": 0,
    });
    expect(r.assumptions.find((a) => a.key === "optimizer-in-backward")).toEqual({
      key: "optimizer-in-backward",
      value: true,
      source: "optimizer-in-backward",
    });
    expect(assumption(r, "peak-phase")).toBe("forward");
    expect(assumption(r, "optimizer-step-bytes")).toBe(16_384);
  });
  it("ZeRO-2 does not shard the one gradient in flight, only what the step keeps", () => {
    // 4 GPUs, tp 2, ZeRO-2 over the 2 replicas. In backward the largest gradient exists whole
    // before its reduce-scatter: 16,384 · 2 bytes / tp 2 = 16,384 (not / 4).
    const r = trainingMemory(
      toy({ gpus: 4, tensorParallel: 2, sharding: "zero2", optimizerInBackward: true }),
    );
    expect(valueOf(r.breakdown, "gradients")).toBe(16_384);
    // Under LoRA the adapters' gradients are kept for the step, sharded by ZeRO-2 and tp:
    // 2048 · 2 bytes / 4 = 1024.
    const l = trainingMemory(
      toy({
        gpus: 4,
        tensorParallel: 2,
        sharding: "zero2",
        optimizerInBackward: true,
        lora: lora({ adapterBits: 16 }),
      }),
    );
    expect(valueOf(l.breakdown, "gradients")).toBe(1024);
  });
  it("under LoRA every adapter gradient is kept; the step temporaries are all the adapters'", () => {
    // bf16 adapters: 2048 · 2 = 4096 bytes of gradients and 4096 of foreach temporaries.
    const r = trainingMemory(toy({ optimizerInBackward: true, lora: lora({ adapterBits: 16 }) }));
    expect(valueOf(r.breakdown, "gradients")).toBe(4096);
    expect(valueOf(r.breakdown, "optimizer-step")).toBe(4096);
    expect(assumption(r, "optimizer-step-bytes")).toBe(4096);
  });
});

describe("what each request field feeds", () => {
  it("a classifier head's loss reads one token per sequence over 2 labels", () => {
    // 3 sequences of 4 tokens: 3 · 2 = 6 logits, against 3 · 4 · 256 = 3072 for the
    // language-model head, which reads every token.
    const at = (head: "lm" | "classifier") =>
      assumption(trainingMemory(toy({ microBatch: 3, seqLen: 4, head })), "live-logit-values");
    expect(at("classifier")).toBe(6);
    expect(at("lm")).toBe(3072);
    // Chunked: one of 8 chunks live, 768 / 8 = 96; the fused path is the loss's own.
    expect(
      assumption(trainingMemory(toy({ microBatch: 3, loss: "chunked" })), "live-logit-values"),
    ).toBe(96);
    const fused = trainingMemory(toy({ loss: "fused", fusedKernels: true }));
    expect(assumption(fused, "loss-path")).toBe("fused");
    expect(fused.assumptions.find((a) => a.key === "loss-path")?.source).toBe("loss-fused");
    expect(assumption(fused, "fused-kernels")).toBe(true);
  });
  it("the model's dropout applies unless the request says otherwise: 2 one-byte masks per h", () => {
    // Pure bf16 with flash attention: 2688 per layer, + 64 · 2 = 128 with the masks.
    const perLayer = (model: ModelArch, dropout?: boolean) =>
      assumption(
        trainingMemory(toy({ model, ...(dropout === undefined ? {} : { dropout }) })),
        "activation-bytes-per-layer",
      );
    expect(perLayer({ ...TOY, dropout: true })).toBe(2816);
    expect(perLayer({ ...TOY, dropout: true }, false)).toBe(2688);
    expect(perLayer(TOY, true)).toBe(2816);
    expect(perLayer(TOY)).toBe(2688);
  });
  it("eager attention keeps the scores: heads x s² values in the softmax dtype", () => {
    // 4 tokens: 2 heads · 16 · 2 bytes (pure bf16) = 64 more than the flash output's 4 · 64 ·
    // 2 = 512: per layer 4 · 64 · 42 = 10,752 with flash, 10,752 - 512 + 64 = 10,304 eager.
    const perLayer = (flashAttention: boolean) =>
      assumption(trainingMemory(toy({ seqLen: 4, flashAttention })), "activation-bytes-per-layer");
    expect(perLayer(true)).toBe(10_752);
    expect(perLayer(false)).toBe(10_304);
  });
  it("LoRA adapters' own input copies, per token, summed over the layers", () => {
    // fp32 adapters with dropout under bf16 autocast: each adapter keeps the 16-bit cast of
    // its dropped input and the 1-byte mask, 3 bytes per value. q and v each read 64 values
    // per token: 128 · 3 = 384 per layer, 768 for two. LitGPT's fused qkv reads one: 384.
    const saved = (fw: "hf-trainer" | "litgpt" | "unsloth", dropout: number) =>
      assumption(
        trainingMemory(
          toy({
            precision: "bf16-mixed",
            lora: lora({ dropout }),
            mechanics: FRAMEWORK_PROFILES[fw].mechanics,
          }),
        ),
        "lora-adapter-saved-bytes-per-token",
      );
    expect(saved("hf-trainer", 0.1)).toBe(768);
    expect(saved("litgpt", 0.1)).toBe(384);
    // Without dropout PEFT still casts to fp32 first: 128 · 2 bytes per layer = 512 for two;
    // Unsloth's kernels cast the adapters instead, keeping nothing.
    expect(saved("hf-trainer", 0)).toBe(512);
    expect(saved("unsloth", 0)).toBe(0);
  });
  it("torchao's NF4 base keeps no inputs that no adapter reads; bitsandbytes keeps all", () => {
    // bf16 adapters on q and v over a 4-bit base, pure bf16. bitsandbytes: 2 + 12 widths at
    // 2 bytes, frozen norms 8: 64 · 36 = 2304 + flash 128 = 2432. torchao: only the q/k/v
    // input (1 width) and q, k, v (3) and the MLP's gate, act, up (6): 64 · (2 + 8 + 18) =
    // 1792 + 128 = 1920.
    const perLayer = (fw: "hf-trainer" | "torchtune") =>
      assumption(
        trainingMemory(
          toy({
            lora: lora({ baseBits: 4, adapterBits: 16 }),
            mechanics: FRAMEWORK_PROFILES[fw].mechanics,
          }),
        ),
        "activation-bytes-per-layer",
      );
    expect(perLayer("hf-trainer")).toBe(2432);
    expect(perLayer("torchtune")).toBe(1920);
  });
  it("a bare parameter count: the assumed shape is named, its count is the request's", () => {
    // 10⁹ parameters: hidden round(∛(128 · 10⁹ / 12) / 64) · 64 = 2176, layers ∛(10⁹ /
    // (12 · 128²)) ≈ 17.2 → 17.
    const r = trainingMemory(toy({ model: { params: 1e9 } }));
    expect(r.warnings).toContainEqual({
      code: "shape-assumed",
      params: { layers: 17, hidden: 2176 },
    });
    expect(r.assumptions.find((a) => a.key === "params")).toEqual({
      key: "params",
      value: 1e9,
      source: "request",
    });
  });
  it("Adafactor without an architecture, or under LoRA, is approximated and flagged", () => {
    const codes = (o: Partial<TrainingMemoryInput>) =>
      trainingMemory(toy({ optimizer: "adafactor", ...o })).warnings.map((w) => w.code);
    expect(codes({})).not.toContain("adafactor-needs-architecture");
    expect(codes({ lora: lora() })).toContain("adafactor-needs-architecture");
    // Under LoRA the approximation: 1% of AdamW's two fp32 states, 2048 · 0.01 · 8 = 163.84.
    expect(
      valueOf(
        trainingMemory(toy({ optimizer: "adafactor", lora: lora() })).breakdown,
        "optimizer-states",
      ),
    ).toBeCloseTo(163.84, 9);
  });
  it("the GPU's checks use the result's precision and nvidia-smi view", () => {
    const r = trainingMemory(
      toy({
        model: { params: 8e9 },
        gpu: {
          id: "tiny",
          name: "Tiny",
          vendor: "NVIDIA",
          segment: "datacenter",
          memoryGB: 16,
          memoryTotalBytes: 16e9,
          bandwidthGBps: 320,
          fp32Tflops: 8.1,
          tensorTflopsDense: { fp16: 65 },
          link: "pcie",
          pcieGBps: 15.75,
          pcieP2p: "unverified",
          nodeGpus: [1],
          tdpW: 70,
          unverified: [],
        },
      }),
    );
    // 8·10⁹ parameters at 5 · 2 bytes far exceed 16 GB; bf16 on a GPU without a bf16 peak.
    expect(r.warnings.map((w) => w.code)).toEqual([
      "shape-assumed",
      "exceeds-gpu-memory",
      "no-bf16",
    ]);
  });
});
