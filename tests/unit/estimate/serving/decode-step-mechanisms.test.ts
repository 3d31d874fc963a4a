/**
 * One forward step's features (`serving/decode-step.ts`) worked out by hand on a GPU of round
 * figures: the link a tensor-parallel group uses and its one-way bandwidth, each rank's share
 * of the KV cache, the dense peak the multiplies run at, the FLOPs every token pays and a
 * prompt's own attention, and the all-reduces.
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import type { StepFeatures, StepInput } from "../../../../src/estimate/serving/decode-step.ts";
import {
  kvShareOnGpu,
  linkClass,
  stepFeatures,
  stepPeakFlops,
  stepTimes,
} from "../../../../src/estimate/serving/decode-step.ts";

/** A data-center GPU of round figures: 1000 GB/s, 100 TFLOPS fp16, 250 fp8, 800 GB/s of link. */
const gpu: GpuSpec = {
  id: "round",
  name: "Round GPU",
  vendor: "NVIDIA",
  segment: "datacenter",
  memoryGB: 80,
  memoryTotalBytes: 80e9,
  bandwidthGBps: 1000,
  fp32Tflops: 50,
  tensorTflopsDense: { fp16: 100, bf16: 100, fp8: 250 },
  link: "nvswitch",
  linkGBps: 800,
  pcieGBps: 32,
  pcieP2p: "yes",
  nodeGpus: [1, 8],
  tdpW: 700,
  unverified: [],
};
const consumer: GpuSpec = { ...gpu, id: "round-geforce", segment: "consumer", link: "pcie" };
delete consumer.linkGBps;

// Llama 3.1 8B: 32 layers, hidden 4096, 32 heads of 128, 8 KV heads, vocab 128,256, untied;
// 8,030,261,248 parameters, of which the input embedding is 128,256 × 4096 = 525,336,576.
const llama: ModelArch = findPreset("llama-3.1-8b")!.model;
const N = 8_030_261_248;
const EMBED = 128_256 * 4096;

const step = (o: Partial<StepInput>): StepFeatures =>
  stepFeatures({
    model: llama,
    format: "fp16",
    weightBits: 16,
    scaleBits: 0,
    kvBits: 16,
    contextTokens: 1000,
    batch: 1,
    gpu,
    engine: "vllm",
    tensorParallel: 1,
    ...o,
  });

describe("the link a tensor-parallel group uses", () => {
  it("NVSwitch, NVLink meshes, Infinity Fabric and HCCS are GPU links at any size", () => {
    for (const link of ["nvswitch", "nvlink-mesh", "xgmi", "hccs"] as const)
      expect(linkClass({ ...gpu, link }, 8)).toBe("gpu-link");
  });
  it("an NVLink bridge joins a pair; four GPUs fall back to PCIe, with P2P where it works", () => {
    const bridged = { ...gpu, link: "nvlink-bridge" as const };
    expect(linkClass(bridged, 2)).toBe("gpu-link");
    expect(linkClass(bridged, 4)).toBe("pcie");
    expect(linkClass({ ...bridged, segment: "consumer", pcieP2p: "no" }, 4)).toBe("pcie-no-p2p");
  });
  it("PCIe cards: with P2P where it works, else staged through the host", () => {
    expect(linkClass({ ...gpu, link: "pcie" }, 2)).toBe("pcie");
    // A GeForce card whose P2P no document settles is costed without it.
    expect(linkClass({ ...consumer, pcieP2p: "unverified" }, 2)).toBe("pcie-no-p2p");
  });
});

describe("the all-reduces of a tensor-parallel step", () => {
  // 4 sequences, one token each: 2 all-reduces × 32 layers × 4 tokens × 4096 × 2 bytes
  // = 2,097,152 B; a ring over tp GPUs sends 2·(tp − 1)/tp of it.
  it("two all-reduces per layer per doubling of the group", () => {
    expect(step({ batch: 4 }).allReduceSteps).toBe(0);
    // 2 × 32 × log2(2) = 64; 2 × 32 × log2(4) = 128.
    expect(step({ batch: 4, tensorParallel: 2 }).allReduceSteps).toBe(64);
    expect(step({ batch: 4, tensorParallel: 4 }).allReduceSteps).toBe(128);
  });
  it("one GPU sends nothing", () => {
    expect(step({ batch: 4 }).allReduceTransferSeconds).toBe(0);
  });
  it("over a GPU link: half the stated both-ways figure each way", () => {
    // tp 2: 2,097,152 × 2·1/2 = 2,097,152 B at 800 / 2 = 400 GB/s = 5.24288 µs.
    expect(step({ batch: 4, tensorParallel: 2 }).allReduceTransferSeconds).toBeCloseTo(
      2_097_152 / 400e9,
      15,
    );
    // tp 4: 2,097,152 × 2·3/4 = 3,145,728 B at 400 GB/s.
    expect(step({ batch: 4, tensorParallel: 4 }).allReduceTransferSeconds).toBeCloseTo(
      3_145_728 / 400e9,
      15,
    );
  });
  it("over PCIe with P2P: the slot's one-way 32 GB/s", () => {
    expect(
      step({ batch: 4, tensorParallel: 2, link: "pcie" }).allReduceTransferSeconds,
    ).toBeCloseTo(2_097_152 / 32e9, 15);
  });
  it("over PCIe without P2P: staged through host memory, two crossings, 16 GB/s", () => {
    expect(
      step({ batch: 4, tensorParallel: 2, link: "pcie-no-p2p" }).allReduceTransferSeconds,
    ).toBeCloseTo(2_097_152 / 16e9, 15);
  });
  it("a GPU link whose bandwidth the catalog lacks is costed at the PCIe figure", () => {
    const noFigure = { ...gpu };
    delete noFigure.linkGBps;
    expect(
      step({ batch: 4, tensorParallel: 2, gpu: noFigure }).allReduceTransferSeconds,
    ).toBeCloseTo(2_097_152 / 32e9, 15);
  });
});

describe("each rank's share of the KV cache", () => {
  it("tensor parallel splits KV heads: 8 heads over 2 GPUs, 4 each", () => {
    expect(kvShareOnGpu(llama, 2)).toBe(0.5);
    // 131,072 B per token × 1000 tokens × 2 sequences = 262,144,000 B; half per GPU.
    expect(step({ batch: 2 }).kvBytesPerGpu).toBe(262_144_000);
    expect(step({ batch: 2, tensorParallel: 2 }).kvBytesPerGpu).toBe(131_072_000);
    // Read at 1000 GB/s: 131,072,000 / 1e12 s.
    expect(step({ batch: 2, tensorParallel: 2 }).kvSeconds).toBeCloseTo(131_072_000 / 1e12, 15);
  });
  it("more GPUs than KV heads replicate them: each GPU keeps at least one of the 8", () => {
    expect(kvShareOnGpu(llama, 16)).toBe(1 / 8);
  });
  it("without a KV head count, the attention heads are split", () => {
    const mha: ModelArch = { ...llama };
    delete mha.kvHeads;
    expect(kvShareOnGpu(mha, 4)).toBe(8 / 32);
  });
  it("MLA's latent is replicated: every GPU keeps all of it", () => {
    const mla: ModelArch = {
      ...llama,
      mla: { kvLoraRank: 512, qkRopeHeadDim: 64, qkNopeHeadDim: 128, vHeadDim: 128 },
    };
    expect(kvShareOnGpu(mla, 8)).toBe(1);
  });
});

describe("the dense peak the step's multiplies run at", () => {
  it("FP8 weights run FP8 tensor math: 250 TFLOPS", () => {
    expect(stepPeakFlops(gpu, "vllm", "fp8")).toBe(250e12);
  });
  it("16-bit and dequantized 4-bit weights run the fp16 peak: 100 TFLOPS", () => {
    expect(stepPeakFlops(gpu, "vllm", "fp16")).toBe(100e12);
    expect(stepPeakFlops(gpu, "vllm", "awq")).toBe(100e12);
  });
  it("llama.cpp and Ollama accumulate in FP16: twice the rate on a GeForce card only", () => {
    expect(stepPeakFlops(consumer, "llama.cpp", "gguf")).toBe(200e12);
    expect(stepPeakFlops(consumer, "ollama", "gguf")).toBe(200e12);
    expect(stepPeakFlops(consumer, "vllm", "awq")).toBe(100e12);
    expect(stepPeakFlops(gpu, "llama.cpp", "gguf")).toBe(100e12);
  });
});

describe("the FLOPs every token pays", () => {
  it("2 per weight but the input embedding, a lookup", () => {
    // 2 × (8,030,261,248 − 525,336,576) = 15,009,849,344 FLOPs for one token.
    expect(step({}).flopsPerGpu).toBe(2 * (N - EMBED));
    // At 100 TFLOPS: 150.09849344 µs.
    expect(step({}).computeSeconds).toBeCloseTo((2 * (N - EMBED)) / 100e12, 15);
  });
  it("tensor parallel divides them over the GPUs", () => {
    expect(step({ tensorParallel: 2 }).flopsPerGpu).toBe(N - EMBED);
  });
  it("tied embeddings: the matrix is the output head too, its FLOPs are paid", () => {
    // Tied, the model has no separate head: N − 525,336,576 parameters, all paid.
    expect(step({ model: { ...llama, tiedEmbeddings: true } }).flopsPerGpu).toBe(2 * (N - EMBED));
  });
  it("a bare parameter count pays for every parameter", () => {
    expect(step({ model: { params: 7e9 } }).flopsPerGpu).toBe(1.4e10);
  });
});

describe("a prompt's own attention", () => {
  /** FLOPs the step's prompt tokens add: the same step with and without them. */
  const promptFlops = (model: ModelArch) =>
    step({ model, tokens: 100, promptTokensInStep: 100, promptLength: 1000 }).flopsPerGpu -
    step({ model, tokens: 100, promptTokensInStep: 0, promptLength: 1000 }).flopsPerGpu;
  it("full attention: 2 × 32 heads × 128 × 32 layers × 1000 prompt positions per token", () => {
    // 8192 per position per layer × 32 layers × 1000 = 262,144,000 per token; 100 tokens.
    expect(promptFlops(llama)).toBe(26_214_400_000);
  });
  it("sliding-window layers attend to at most their window", () => {
    // 16 of 32 layers keep 256 tokens: 8192 × (16 × 1000 + 16 × 256) = 164,626,432 per token.
    const sliding = { ...llama, slidingWindow: 256, slidingLayers: 16 };
    expect(promptFlops(sliding)).toBe(16_462_643_200);
  });
  it("MLA: queries and keys nope + rope wide, values v wide, their mean plays head_dim", () => {
    // (128 + 64 + 128) / 2 = 160: 2 × 32 × 160 × 32 layers × 1000 = 327,680,000 per token.
    const mla: ModelArch = {
      ...llama,
      mla: { kvLoraRank: 512, qkRopeHeadDim: 64, qkNopeHeadDim: 128, vHeadDim: 128 },
    };
    expect(promptFlops(mla)).toBe(32_768_000_000);
  });
});

describe("the step's times", () => {
  it("the reads are the weights' and the KV cache's, each at the achieved bandwidth", () => {
    const t = stepTimes(
      {
        bytesPerGpu: 0,
        weightBytesPerGpu: 0,
        kvBytesPerGpu: 0,
        boundSeconds: 0.003,
        weightSeconds: 0.002,
        kvSeconds: 0.001,
        flopsPerGpu: 0,
        computeSeconds: 0.001,
        layers: 10,
        allReduceSteps: 4,
        allReduceTransferSeconds: 0.0005,
        link: "gpu-link",
      },
      { bandwidthShare: 0.5, perLayerSeconds: 1e-5, computeShare: 0.25, allReduceSeconds: 1e-4 },
    );
    // Weights 0.002 / 0.5 = 0.004 s, KV 0.001 / 0.5 = 0.002 s.
    expect(t.readSeconds).toBeCloseTo(0.006, 15);
    // Compute 0.001 / 0.25 = 0.004 s: no more than the weight read it overlaps with.
    expect(t.computeExcessSeconds).toBe(0);
    // 10 layers × 10 µs; 4 × 100 µs + 0.5 ms.
    expect(t.overheadSeconds).toBeCloseTo(1e-4, 15);
    expect(t.allReduceSeconds).toBeCloseTo(9e-4, 15);
    expect(t.total).toBeCloseTo(0.004 + 0.002 + 1e-4 + 9e-4, 15);
  });
});
