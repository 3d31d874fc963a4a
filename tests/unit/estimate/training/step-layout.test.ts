/**
 * The training step on a layout, fed by hand-made FLOPs, a made-up GPU of round figures
 * (1000 dense bf16 TFLOPS, 2000 FP8, 1000 GB/s memory, 1000 GB/s GPU links both ways = 500e9
 * bytes a second one way, 8 GPUs a node) and made-up state bytes, so every second of the
 * step can be worked by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { AttentionCurve } from "../../../../src/estimate/training/attention-speed.ts";
import type { StepInput, TrainingLayout } from "../../../../src/estimate/training/step.ts";
import {
  attentionSeconds,
  stepPeaks,
  trainingStep,
} from "../../../../src/estimate/training/step.ts";
import { gigaFlops } from "../helpers.ts";

const h100 = loadGpuSpecs().find((g) => g.id === "h100-sxm")!;
const gpu: GpuSpec = {
  ...h100,
  tensorTflopsDense: { bf16: 1000, fp16: 1000, fp8: 2000 },
  bandwidthGBps: 1000,
  linkGBps: 1000,
  nodeGpus: [8],
};
const llama8b = PRESETS.find((p) => p.id === "llama-3.1-8b")!.model;

/** A quarter of peak at every sequence length. */
const flatCurve: AttentionCurve = {
  bench: "h100",
  method: "flash2",
  headDim: 128,
  shares: [0.25, 0.25, 0.25, 0.25, 0.25, 0.25],
  derived: false,
};
const flops = gigaFlops;
const layout = (over: Partial<TrainingLayout> = {}): TrainingLayout => ({
  gpus: 1,
  tensorParallel: 1,
  pipelineParallel: 1,
  virtualStages: 1,
  expertParallel: 1,
  sharding: "none",
  microBatch: 1,
  seqLen: 1000,
  gradAccumulation: 1,
  ...over,
});
const step = (over: Partial<StepInput> = {}, l: Partial<TrainingLayout> = {}) =>
  trainingStep({
    model: llama8b,
    flops: flops(),
    gpu,
    format: "bf16",
    fp8: false,
    layout: layout(l),
    state: { gradientBytes: 0, paramBytes: 0 },
    utilisation: { kind: "mfu", mfu: 0.5 },
    megatronOverlap: false,
    ...over,
  });

describe("one GPU at the table's utilisation, with work beside the FLOPs", () => {
  // Dense: 2e9 hardware FLOPs at 1000 TFLOPS × 0.5 = 4e-6 s; attention: 3.5 × 1e8 forward
  // FLOPs at a quarter of 1000 TFLOPS = 1.4e-6 s; adapter traffic 1e-6 s: 6.4e-6 s a token.
  // A step of 4 micro-batches of 1000 tokens: 0.0256 s, and 4 × 0.01 s of dequantisation +
  // 0.05 s of optimizer step = 0.09 s of fixed work: 0.09 / 0.1156 of the step.
  // Run inside each test (not at collection), so that mutation testing sees it per test.
  const table = () =>
    step(
      {
        flops: flops({
          modelDense: 1.8e9,
          modelAttention: 2e8,
          hardwareDense: 2e9,
          hardwareAttention: 3e8,
          attention: [{ forward: 1e8, benchSeqLen: 2048 }],
        }),
        utilisation: { kind: "table", dense: 0.5, denseFormat: "16-bit", attention: flatCurve },
        fixed: { secondsPerToken: 1e-6, secondsPerMicroStep: 0.01, secondsPerOptimizerStep: 0.05 },
      },
      { gradAccumulation: 4 },
    );
  const fixedShare = 0.09 / 0.1156;

  it("a token's seconds: dense at the table's share, attention at its kernel's, and the adapters", () => {
    const s = table();
    expect(s.secondsPerToken).toBeCloseTo(6.4e-6, 15);
  });
  it("the fixed work's share of the step slows every token", () => {
    const s = table();
    expect(s.fixedShare).toBeCloseTo(fixedShare, 12);
    expect(s.tokensPerSecondPerGpu).toBeCloseTo((1 - fixedShare) / 6.4e-6, 6);
  });
  it("MFU counts model FLOPs, HFU hardware FLOPs, over the whole step's time", () => {
    const s = table();
    // 2e9 model FLOPs × (1 − 0.7785) / 6.4e-6 s ÷ 1e15; 2.3e9 hardware FLOPs likewise.
    expect(s.mfu).toBeCloseTo((2e9 * (1 - fixedShare)) / 6.4e-6 / 1e15, 12);
    expect(s.hfu).toBeCloseTo((2.3e9 * (1 - fixedShare)) / 6.4e-6 / 1e15, 12);
  });
  it("one GPU: no prediction, no bubble, efficiency 1, no links", () => {
    const s = table();
    expect(s).toMatchObject({
      basis: "single-gpu",
      prediction: null,
      bubble: 0,
      imbalance: 1,
      efficiency: 1,
      paths: [],
    });
    expect(s.densePeak).toEqual({ tflops: 1000, format: "bf16", fellBack: false });
  });
});

describe("the peaks a step runs at", () => {
  const utilisation = (denseFormat: "16-bit" | "fp8") =>
    ({ kind: "table", dense: 0.5, denseFormat, attention: flatCurve }) as const;
  it("FP8 linear layers run at the FP8 peak only where an FP8 entry (or your MFU) says so", () => {
    const on = { gpu, format: "bf16", fp8: true } as const;
    expect(stepPeaks({ ...on, utilisation: utilisation("fp8") }).dense.tflops).toBe(2000);
    expect(stepPeaks({ ...on, utilisation: utilisation("16-bit") }).dense.tflops).toBe(1000);
    expect(stepPeaks({ ...on, utilisation: { kind: "mfu", mfu: 0.4 } }).dense.tflops).toBe(2000);
    expect(stepPeaks({ ...on, fp8: false, utilisation: utilisation("fp8") }).dense.tflops).toBe(
      1000,
    );
    // Attention stays at the 16-bit peak.
    expect(stepPeaks({ ...on, utilisation: utilisation("fp8") }).attention.tflops).toBe(1000);
  });
  it("your MFU applies to all model FLOPs at the FP8 peak: 2e9 / (2000e12 × 0.5) = 2e-6 s", () => {
    const s = step({ fp8: true, flops: flops({ modelDense: 1.5e9, modelAttention: 5e8 }) });
    expect(s.secondsPerToken).toBeCloseTo(2e-6, 15);
  });
  it("a recomputed attention forward is one more pass at the kernel's speed: 4.5 × 1e8 / 250e12", () => {
    const f = flops({ attention: [{ forward: 1e8, benchSeqLen: 2048 }], attentionRecomputes: 1 });
    expect(attentionSeconds(f, flatCurve, 1000)).toBeCloseTo(1.8e-6, 15);
  });
});

/** A toy MoE: 2 layers, hidden 64, one head, a tied 8-word vocabulary, `experts` plain experts of 64, 2 active. */
const toyMoe = (experts: number): ModelArch => ({
  layers: 2,
  hidden: 64,
  heads: 1,
  headDim: 64,
  ffn: 64,
  vocab: 8,
  tiedEmbeddings: true,
  mlp: "plain",
  moe: { experts, activeExperts: 2, expertFfn: 64 },
});

describe("a layout over several GPUs", () => {
  it("tensor × pipeline × data parallel: each group's traffic over NVLink, the bubble, the overlap", () => {
    // 8 GPUs, tp 2, pp 2, dp 2; 2 micro-batches of 1000 tokens. A token: 1e9 / (1e15 × 0.5)
    // = 2e-6 s; each GPU computes 2000 tokens ÷ 4 = 1e-3 s. Bubble (2 − 1)/2 = 0.5e-3 s.
    // Gradients: 8e9 B, each GPU holds 1/(tp × pp) = 2e9 B; DDP over 2: 2 × 1/2 × 2e9 = 2e9 B
    // at 500e9 = 4e-3 s, of which the backward (2/3 × 1e-3) hides 0.667e-3: 3.333e-3 exposed.
    // Tensor: 16 layers × 4 all-reduces × 2 micro-batches × (2 × 1/2 × 1000 × 4096 × 2 B =
    // 8.192e6) = 1.048576e9 B: 2.097152e-3 s. Pipeline: 2 sends × 2 micro-batches × 8.192e6 /
    // 2 tensor ranks = 1.6384e7 B: 3.2768e-5 s.
    const s = step(
      { state: { gradientBytes: 8e9, paramBytes: 0 } },
      { gpus: 8, tensorParallel: 2, pipelineParallel: 2, gradAccumulation: 2 },
    );
    const exposed = 4e-3 - (2 / 3) * 1e-3 + 2.097152e-3 + 3.2768e-5;
    expect(s.basis).toBe("predicted");
    expect(s.bubble).toBe(0.5);
    expect(s.prediction?.computeSeconds).toBeCloseTo(1e-3, 15);
    expect(s.prediction?.exposedCommSeconds).toBeCloseTo(exposed, 12);
    expect(s.efficiency).toBeCloseTo(1e-3 / (1.5e-3 + exposed), 12);
    expect(s.tokensPerSecondPerGpu).toBeCloseTo(s.efficiency / 2e-6, 6);
    expect(s.paths).toEqual([]);
  });

  it("an MoE's gradients split over expert ranks; its routed tokens cross the all-to-all", () => {
    // 2 layers, hidden 64, one head, tied 8-word vocabulary, 4 plain experts of 64 (2 active):
    // embed 512 + attention 4 × 64² × 2 = 32,768 + experts 2 × 64² × 8 = 65,536 + router
    // 64 × 4 × 2 = 512: 99,328 parameters, 65,536 of them in routed experts. On 4 expert
    // ranks a GPU holds 65,536/4 + 33,792 = 50,176 of them.
    const moe = toyMoe(4);
    // 40 B of gradients a parameter: 50,176 × 40 = 2,007,040 B a GPU; DDP over 4: 2 × 3/4 ×
    // that = 3,010,560 B, 6.02112e-6 s. A token: 1e6 / (1e15 × 0.5) = 2e-9 s; 1000 tokens
    // 2e-6 s, whose 2/3 hides 1.333e-6. Routed: 1000 tokens × 2 copies × 64 × 2 B = 256,000 B
    // per MoE layer, 4 all-to-alls × 2 layers × 3/4 away = 1,536,000 B: 3.072e-6 s.
    const s = step(
      {
        model: moe,
        flops: flops({ modelDense: 1e6, hardwareDense: 1e6 }),
        state: { gradientBytes: 99_328 * 40, paramBytes: 0 },
      },
      { gpus: 4, expertParallel: 4 },
    );
    const exposed = 6.02112e-6 - (2 / 3) * 2e-6 + 3.072e-6;
    expect(s.prediction?.exposedCommSeconds).toBeCloseTo(exposed, 15);
    expect(s.efficiency).toBeCloseTo(2e-6 / (2e-6 + exposed), 9);
  });

  it("an expert group over two nodes: the in-node peers over NVLink, the rest over the network", () => {
    // 16 experts (2 a token) over 16 ranks, 8 GPUs a node (a 1-GPU box also sold): of the 15
    // peers 7 share the node. 1000 tokens × 2 copies × 64 × 2 B = 256,000 B per MoE layer;
    // 4 all-to-alls × 2 layers × 15/16 away = 1,920,000 B: 8/15 (1,024,000 B) over the
    // 50 GB/s network, 20.48 µs, and 7/15 (896,000 B) over NVLink at 500e9, 1.79 µs, at once.
    const moe16 = toyMoe(16);
    const s = step(
      {
        model: moe16,
        gpu: { ...gpu, nodeGpus: [1, 8] },
        interNodeGBps: 50,
        flops: flops({ modelDense: 1e6, hardwareDense: 1e6 }),
      },
      { gpus: 16, expertParallel: 16 },
    );
    expect(s.prediction?.exposedCommSeconds).toBeCloseTo(1_024_000 / 50e9, 15);
    // A token: 1e6 / (1e15 × 0.5) = 2e-9 s; 1000 of them 2e-6 s.
    expect(s.efficiency).toBeCloseTo(2e-6 / (2e-6 + 1_024_000 / 50e9), 9);
    expect(s.paths).toEqual(["inter-node"]);
  });

  it("a group that must cross an unknown network: no prediction, only the bubble and imbalance", () => {
    // 16 GPUs of 8 a node, pipeline 2: the stages' sends cross nodes. 3 layers over 2 stages:
    // the 2-layer stage paces the step, 4/3 of the average; bubble 1/4 with 4 micro-batches.
    const three = { ...llama8b, layers: 3 };
    const s = step({ model: three }, { gpus: 16, pipelineParallel: 2, gradAccumulation: 4 });
    expect(s.basis).toBe("assumed");
    expect(s.prediction).toBeNull();
    expect(s.imbalance).toBeCloseTo(4 / 3, 15);
    expect(s.efficiency).toBeCloseTo(1 / 1.25 / (4 / 3), 15);
    // A measured scaling already holds all of it.
    const measured = step(
      { model: three, measuredScaling: 0.7 },
      { gpus: 16, pipelineParallel: 2, gradAccumulation: 4 },
    );
    expect(measured.basis).toBe("measured");
    expect(measured.efficiency).toBe(0.7);
  });

  it("interleaving: 32 layers in 2 × 3 chunks, the 6-layer chunks pace it (36/32)", () => {
    const s = step({}, { gpus: 2, pipelineParallel: 2, virtualStages: 3, gradAccumulation: 4 });
    expect(s.imbalance).toBeCloseTo(36 / 32, 15);
    expect(s.bubble).toBeCloseTo(1 / 12, 15);
  });

  it("names each slow path once: the network, or PCIe staged through the host", () => {
    // 32 GPUs, pipeline 2 at 50 GB/s a GPU: data-parallel rings and stage sends cross nodes.
    const s = step({ interNodeGBps: 50 }, { gpus: 32, pipelineParallel: 2, gradAccumulation: 4 });
    expect(s.paths).toEqual(["inter-node"]);
    expect(s.basis).toBe("predicted");
    const consumer: GpuSpec = { ...gpu, link: "pcie", pcieP2p: "no", segment: "consumer" };
    const { linkGBps: _l, ...noLink } = consumer;
    expect(step({ gpu: noLink }, { gpus: 2 }).paths).toEqual(["pcie-host-staged"]);
  });
});
