/**
 * What frameworks allocate besides the textbook model states, one mechanism at a time:
 * the moment a step peaks, paged optimizer states, the optimizer step inside backward,
 * foreach temporaries, fused kernels, the compiled and the shifted loss, Unsloth's and
 * torchao's LoRA layers, and what a rebuilt block's backward allocates. Every expected
 * value is worked out by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { activationBytes } from "../../../../src/estimate/memory/activations.ts";
import type { ActivationInput } from "../../../../src/estimate/memory/activations.ts";
import type { LoraConfig } from "../../../../src/estimate/memory/lora.ts";
import { adapterKeepsOwnInput, unsavedLinearInputs } from "../../../../src/estimate/memory/lora.ts";
import { lossBytes } from "../../../../src/estimate/memory/loss.ts";
import { findPreset, PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { TrainingMemoryInput } from "../../../../src/estimate/memory/training-memory.ts";
import { trainingMemory } from "../../../../src/estimate/memory/training-memory.ts";
import type { StepTensors } from "../../../../src/estimate/memory/peak.ts";
import { stepPeak } from "../../../../src/estimate/memory/peak.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { valueOf } from "../helpers.ts";

const llama8b = findPreset("llama-3.1-8b")!.model;
const N8B = 8_030_261_248;
const assumption = (r: { assumptions: { key: string; value: unknown }[] }, key: string) =>
  r.assumptions.find((a) => a.key === key)?.value;

describe("the moment a step peaks", () => {
  const tensors: StepTensors = {
    weights: 10,
    master: 0,
    states: 20,
    gradients: 10,
    gradientsPersist: false,
    stepTemporaries: 0,
    stepInBackward: false,
    forwardActivations: 3,
    loss: 4,
    checkpoints: 2,
    rebuiltBlock: 5,
    backwardTransient: 1,
    recomputed: true,
    gathered: 0,
    dequantized: 0,
  };
  it("without accumulation gradients are absent at the end of the forward pass", () => {
    // forward 10 + 20 + 3 + 4 = 37; backward 10 + 20 + max(10, 2) + 5 + 1 = 46;
    // step 10 + 20 + 10 = 40: backward through the rebuilt block holds the most.
    const p = stepPeak(tensors);
    expect(p.phase).toBe("backward");
    expect(p.bytes).toBe(46);
    expect(valueOf(p.parts, "gradients")).toBe(10);
    expect(valueOf(p.parts, "logits")).toBe(0);
  });
  it("with accumulation gradients and kept inputs add up, and the forward pass holds them too", () => {
    // forward 10 + 20 + 10 + 3 + 4 = 47; backward 10 + 20 + 10 + 2 + 5 + 1 = 48; step 40.
    const p = stepPeak({ ...tensors, gradientsPersist: true });
    expect(p.phase).toBe("backward");
    expect(p.bytes).toBe(48);
    expect(stepPeak({ ...tensors, gradientsPersist: true, loss: 10 }).bytes).toBe(53);
  });
  it("a foreach step can be the peak: no activations then", () => {
    // step 10 + 20 + 10 + 30 = 70 beats backward's 46.
    const p = stepPeak({ ...tensors, stepTemporaries: 30 });
    expect(p.phase).toBe("optimizer-step");
    expect(p.bytes).toBe(70);
    expect(valueOf(p.parts, "activations")).toBe(0);
    expect(valueOf(p.parts, "optimizer-step")).toBe(30);
  });
  it("the parts of the peak add up to it", () => {
    for (const t of [
      tensors,
      { ...tensors, recomputed: false },
      { ...tensors, stepInBackward: true },
    ]) {
      const p = stepPeak(t);
      expect(p.parts.reduce((a, x) => a + x.value, 0)).toBe(p.bytes);
    }
  });
  it("under recomputation the loss and the rebuilt block never coexist", () => {
    // Llama 3.1 8B LoRA, 2 x 2048, fused step: the forward peak has the loss, no block.
    const r = trainingMemory({
      model: llama8b,
      precision: "bf16",
      optimizer: "adamw",
      microBatch: 2,
      seqLen: 2048,
      recompute: "full",
      optimizerForeach: false,
      lora: {
        rank: 8,
        targets: ["q", "v"],
        baseBits: 16,
        doubleQuant: true,
        dropout: 0,
        adapterBits: 16,
        fullModules: [],
      },
    });
    expect(assumption(r, "peak-phase")).toBe("forward");
    // Kept block inputs: 32 x 2·2048·4096 x 2 bytes; the final norm (fp32 copy, 4 bytes)
    // with the head frozen: 2·2048·4096 x 4.
    expect(valueOf(r.breakdown, "activations")).toBe(
      32 * 2 * 2048 * 4096 * 2 + 2 * 2048 * 4096 * 4,
    );
  });
});

describe("paged optimizer states live outside PyTorch's allocator", () => {
  const full = (optimizer: TrainingMemoryInput["optimizer"]) =>
    trainingMemory({
      model: llama8b,
      precision: "bf16",
      optimizer,
      microBatch: 1,
      seqLen: 16,
      optimizerForeach: false,
    });
  it("PagedAdamW8bit: 2.03125 bytes/param paged, none in the breakdown, a warning", () => {
    const paged = full("adam-8bit-paged");
    expect(paged.pagedOptimizerBytes).toBeCloseTo(N8B * 2.03125, 0);
    expect(valueOf(paged.breakdown, "optimizer-states")).toBe(0);
    expect(paged.warnings.map((w) => w.code)).toContain("paged-optimizer-states");
    // The same states unpaged sit in the allocator: the peaks differ by exactly them.
    const plain = full("adam-8bit");
    expect(plain.pagedOptimizerBytes).toBe(0);
    expect(plain.allocatorPeakBytes - paged.allocatorPeakBytes).toBeCloseTo(N8B * 2.03125, 0);
  });
  it("PagedAdamW32bit keeps fp32 states even for bf16 parameters: 8 bytes/param", () => {
    expect(full("adamw-paged").pagedOptimizerBytes).toBe(N8B * 8);
  });
  it("CPU offload of the optimizer takes them off the GPU altogether", () => {
    const r = trainingMemory({
      model: llama8b,
      precision: "bf16",
      optimizer: "adam-8bit-paged",
      microBatch: 1,
      seqLen: 16,
      offload: "optimizer",
    });
    expect(r.pagedOptimizerBytes).toBe(0);
  });
});

describe("the optimizer step inside backward", () => {
  it("holds one parameter's gradient: the largest, the 128256 x 4096 embedding or head", () => {
    const r = trainingMemory({
      model: llama8b,
      precision: "bf16",
      optimizer: "adamw",
      microBatch: 1,
      seqLen: 16,
      optimizerInBackward: true,
      optimizerForeach: false,
    });
    // 128256 x 4096 x 2 bytes (bf16) = 1,050,673,152.
    expect(valueOf(r.breakdown, "gradients")).toBe(128256 * 4096 * 2);
    expect(assumption(r, "optimizer-in-backward")).toBe(true);
    expect(assumption(r, "peak-phase")).not.toBe("optimizer-step");
  });
  it("a foreach step in backward adds the temporaries of that one parameter", () => {
    const r = trainingMemory({
      model: llama8b,
      precision: "bf16",
      optimizer: "adamw",
      microBatch: 1,
      seqLen: 16,
      optimizerInBackward: true,
    });
    // One bf16 copy of the largest parameter: 128256 x 4096 x 2.
    expect(valueOf(r.breakdown, "optimizer-step")).toBe(128256 * 4096 * 2);
  });
  it("torchtune's full single-GPU recipe turns it on with PagedAdamW8bit, never with accumulation", () => {
    const ctx = { gpus: loadGpuSpecs(), presets: PRESETS };
    const run = (over: Record<string, unknown>) =>
      runRequest(
        {
          task: "train-memory",
          framework: "torchtune",
          model: { preset: "llama-3.1-8b" },
          ...over,
        },
        ctx,
      );
    const one = run({});
    expect(one.ok && one.request["optimizer"]).toBe("adam-8bit-paged");
    expect(one.ok && one.request["optimizerInBackward"]).toBe(true);
    const ga = run({ gradAccumulation: 4 });
    expect(ga.ok && ga.request["optimizerInBackward"]).toBe(false);
    const lora = run({ lora: {} });
    expect(lora.ok && lora.request["optimizer"]).toBe("adamw");
    const asked = run({ gradAccumulation: 4, optimizerInBackward: true });
    expect(asked.ok).toBe(false);
    expect(!asked.ok && asked.issues.map((i) => [i.field, i.code])).toContainEqual([
      "optimizerInBackward",
      "needs-single-micro-batch",
    ]);
  });
});

describe("fused kernels, as torch.compile, Liger and Unsloth run them", () => {
  const base: ActivationInput = {
    model: llama8b,
    seqLen: 1,
    microBatch: 1,
    valueBytes: 2,
    autocast: false,
    residualBytes: 2,
    recompute: "none",
    flashAttention: true,
    tensorParallel: 1,
    dropout: false,
    trainableHead: true,
  };
  it("norms keep their 16-bit input, the gated MLP its gate and up outputs", () => {
    const eager = activationBytes(base).perLayer;
    const fused = activationBytes({ ...base, fusedKernels: true }).perLayer;
    // Two RMSNorms: eager keeps an fp32 copy (4) and the normalized value (2) each, fused
    // only the 2-byte input: (12 - 4) x 4096. The SiLU output (14336 x 2 bytes) is recomputed.
    expect(eager - fused).toBe(8 * 4096 + 14336 * 2);
  });
  it("a compiled chunked loss keeps 16-bit logits, not the fp32 log-softmax", () => {
    const input = {
      path: "chunked" as const,
      tokens: 4096,
      vocab: 128256,
      hidden: 4096,
      logitBytes: 2,
      lossInFp32: true,
      tensorParallel: 1,
    };
    const logits = 4096 * 128256;
    // Eager: 4 bytes saved per logit, one chunk (1/8) at 2 + 4 bytes.
    expect(lossBytes(input).bytes).toBe(logits * 4 + (logits / 8) * 6);
    // Compiled: 2 bytes per logit kept, one chunk's 2-byte gradient.
    expect(lossBytes({ ...input, fusedKernels: true }).bytes).toBe(logits * 2 + (logits / 8) * 2);
  });
  it("the shifted loss copies the fp32 logits once more: 2 + 4 + 4 + 4 bytes per logit", () => {
    const r = lossBytes({
      path: "shifted",
      tokens: 10,
      vocab: 100,
      hidden: 8,
      logitBytes: 2,
      lossInFp32: true,
      tensorParallel: 1,
    });
    expect(r.bytes).toBe(1000 * 14);
    // The start of backward (3 x 4 = 12 bytes a logit) stays below the shifted forward.
  });
  it("the standard loss peaks at the start of backward: the saved log-softmax and two gradients", () => {
    const at = (logitBytes: number, lossInFp32: boolean) =>
      lossBytes({
        path: "standard",
        tokens: 10,
        vocab: 100,
        hidden: 8,
        logitBytes,
        lossInFp32,
        tensorParallel: 1,
      }).bytes;
    // 16-bit logits, fp32 loss: forward 2 + 4 + 4 = 10, backward 3 x 4 = 12 bytes a logit.
    expect(at(2, true)).toBe(1000 * 12);
    // fp32 training: forward 4 + 0 + 4 = 8, backward 3 x 4 = 12.
    expect(at(4, true)).toBe(1000 * 12);
    // A 16-bit loss (LitGPT): forward 2 + 0 + 2 = 4, backward 3 x 2 = 6.
    expect(at(2, false)).toBe(1000 * 6);
  });
  it("a rebuilt block's backward holds 3 h-wide values and 1 (fused) or 3 (eager gated) ffn-wide", () => {
    // Per token: eager (3·4096 + 3·14336) x 2 bytes, fused (3·4096 + 14336) x 2.
    expect(activationBytes(base).backwardTransient).toBe((3 * 4096 + 3 * 14336) * 2);
    expect(activationBytes({ ...base, fusedKernels: true }).backwardTransient).toBe(
      (3 * 4096 + 14336) * 2,
    );
  });
});

describe("LoRA layers that keep less than PEFT's", () => {
  const lora: LoraConfig = {
    rank: 16,
    targets: ["q", "k", "v", "o", "gate", "up", "down"],
    baseBits: 4,
    doubleQuant: true,
    dropout: 0,
    adapterBits: 32,
    fullModules: [],
  };
  const input = { model: llama8b, lora, activationBytes: 2, autocast: false, fusedQkv: false };
  it("bitsandbytes keeps every input; fp32 PEFT adapters copy theirs", () => {
    expect(unsavedLinearInputs(input)).toEqual([]);
    expect(adapterKeepsOwnInput(input)).toBe(true);
  });
  it("Unsloth: no adapter copies; the attention output and the down input are not kept apart", () => {
    const unsloth = { ...input, fusedLoraKernels: true };
    expect(adapterKeepsOwnInput(unsloth)).toBe(false);
    expect(unsavedLinearInputs(unsloth)).toEqual(["out", "down"]);
    // With adapter dropout Unsloth falls back to PEFT's path.
    expect(adapterKeepsOwnInput({ ...unsloth, lora: { ...lora, dropout: 0.05 } })).toBe(true);
  });
  it("torchao's NF4 linear (torchtune QLoRA) keeps no input of its own", () => {
    const torchao = {
      ...input,
      lora: { ...lora, adapterBits: 16, targets: ["q", "v"] as LoraConfig["targets"] },
      quantizedBaseKeepsInputs: false,
    };
    // bf16 adapters read the base's input: only the adapted q/v input is kept.
    expect(unsavedLinearInputs(torchao)).toEqual(["out", "mlp", "down"]);
  });
});
