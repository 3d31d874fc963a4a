/**
 * The training step's mechanisms: the network between nodes, the pipeline bubble, expert
 * all-to-alls, and where utilisation comes from (the measured table, or the user's MFU).
 * Expected values are worked by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { StepComms } from "../../../../src/estimate/training/scaling.ts";
import {
  bubbleShare,
  predictScaling,
  ringLink,
  stepCommSeconds,
} from "../../../../src/estimate/training/scaling.ts";
import { isArch } from "../../../../src/estimate/model/model.ts";
import { routedCopyBytesPerToken } from "../../../../src/estimate/training/moe-routing.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { tokenFlops } from "../../../../src/estimate/training/flops.ts";
import { routedCopySeconds } from "../../../../src/estimate/training/step.ts";
import { trainingUtilisation } from "../../../../src/estimate/training/utilisation.ts";
import { UTILISATION_TABLE } from "../../../../src/estimate/generated/utilisation-table.ts";
import { MFU_DEFAULT } from "../../../../src/estimate/vocabulary.ts";

const gpus = loadGpuSpecs();
const byId = (id: string): GpuSpec => gpus.find((g) => g.id === id)!;
const h100 = byId("h100-sxm");
const model = (id: string) => PRESETS.find((p) => p.id === id)!.model;

const comms = (over: Partial<StepComms>): StepComms => ({
  dataParallel: 1,
  tensorParallel: 1,
  pipelineParallel: 1,
  virtualStages: 1,
  expertParallel: 1,
  sharding: "none",
  gradientBytes: 0,
  paramBytes: 0,
  activationBytesPerLayer: 0,
  layers: 32,
  moeLayers: 0,
  expertPeersInNode: 1,
  routedBytesPerMoeLayer: 0,
  microBatchesPerStep: 1,
  forwardReruns: 0,
  megatronOverlap: false,
  ...over,
});
const noLinks = { dp: null, tp: null, pp: null, ep: null, epLocal: null };

describe("the network between nodes", () => {
  // DDP over 128 H100s (16 nodes of 8), 16 GB of gradients, a 1 s step of compute.
  const ddp = (gbitPerGpu: number, count: number) => {
    const link = ringLink(h100, count, 8, gbitPerGpu / 8);
    const c = stepCommSeconds(comms({ dataParallel: count, gradientBytes: 16e9 }), {
      ...noLinks,
      dp: link,
    });
    return predictScaling(1, c).efficiency;
  };
  it("25 Gb/s per GPU loses most of a 128-GPU step, 400 Gb/s hides it behind the backward", () => {
    // Ring all-reduce: 2 x 127/128 x 16e9 = 31.75e9 bytes per GPU. At 25 Gb/s = 3.125 GB/s
    // that is 10.16 s, of which the backward (4/6 of the step, 0.667 s) hides some: exposed
    // 9.493 s, efficiency 1 / 10.493 = 0.0953. At 400 Gb/s = 50 GB/s: 0.635 s, all hidden.
    expect(ddp(25, 128)).toBeCloseTo(1 / (1 + 10.16 - 2 / 3), 4);
    expect(ddp(400, 128)).toBe(1);
    // Inside one node the ring stays on NVLink whatever the network is.
    expect(ddp(25, 8)).toBe(ddp(400, 8));
  });

  it("a ring spanning nodes carries its network hop on every member's NIC where NVLink joins them", () => {
    // 25 Gb/s per GPU = 3.125e9 B/s. An H100 node's 8 data-parallel members split the ring
    // over their 8 NICs through NVSwitch: 8 x 3.125e9 = 25e9 B/s, below NVLink's one
    // direction (900 / 2 = 450 GB/s). Tensor parallel 2 leaves 4 members per node: 12.5e9.
    expect(ringLink(h100, 128, 8, 3.125, 8)).toEqual({ bytesPerSecond: 25e9, path: "inter-node" });
    expect(ringLink(h100, 128, 8, 3.125, 4)).toEqual({
      bytesPerSecond: 12.5e9,
      path: "inter-node",
    });
    // A 400 Gb/s NIC per GPU on 8 members would be 400 GB/s, still under NVLink's 450.
    expect(ringLink(h100, 128, 8, 50, 8)?.bytesPerSecond).toBe(400e9);
    // PCIe nodes (L40S) do not aggregate: one GPU's NIC share.
    expect(ringLink(byId("l40s"), 128, 8, 3.125, 8)?.bytesPerSecond).toBe(3.125e9);
  });

  it("8 → 128 GPUs: the per-GPU speed falls over 5 Gb/s per GPU, not over 400 Gb/s InfiniBand", () => {
    const perGpu = (count: number, network: string | number) => {
      const r = runRequest(
        {
          task: "train-time",
          model: { preset: "llama-3.1-8b" },
          gpu: "h100-sxm",
          gpus: count,
          tokens: 1e9,
          // torchtitan's Llama-3.1-8B setting: 2 x 8192 tokens per micro-batch per GPU.
          microBatch: 2,
          seqLen: 8192,
          recompute: "full",
          sharding: "fsdp",
          ...(typeof network === "number" ? { interNodeGbps: network } : { network }),
        },
        { gpus: [h100], presets: PRESETS },
      );
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return r.result as unknown as { tokensPerSecondPerGpu: number; scalingEfficiency: number };
    };
    const one = perGpu(8, "ethernet-25");
    expect(perGpu(8, "ib-ndr-400").tokensPerSecondPerGpu).toBe(one.tokensPerSecondPerGpu);
    // FSDP gathers and reduce-scatters 3 x 16 GB per micro-step; 8 NICs of 5 Gb/s carry
    // 5 GB/s, about 9.6 s against a step of about 2 s compute.
    const slow = perGpu(128, 5);
    const fast = perGpu(128, "ib-ndr-400");
    expect(slow.tokensPerSecondPerGpu).toBeLessThan(0.5 * fast.tokensPerSecondPerGpu);
    expect(fast.tokensPerSecondPerGpu).toBeGreaterThan(0.9 * one.tokensPerSecondPerGpu);
    expect(slow.scalingEfficiency).toBeLessThan(fast.scalingEfficiency);
  });
});

describe("pipeline and expert parallelism", () => {
  it("the 1F1B bubble idles (p − 1)/(m + p − 1) of the step; interleaving divides it by v", () => {
    // 4 stages, 8 micro-batches: 3/8 of compute idle, so the step is 11/8 of compute.
    expect(bubbleShare(4, 8)).toBe(3 / 8);
    expect(bubbleShare(4, 8, 2)).toBe(3 / 16);
    expect(bubbleShare(1, 8)).toBe(0);
    const c = stepCommSeconds(comms({ pipelineParallel: 4 }), noLinks);
    // Share of the whole step: (p − 1)/(m + p − 1) = 3/11 idle, 8/11 working.
    expect(predictScaling(1, c, bubbleShare(4, 8)).efficiency).toBeCloseTo(8 / 11, 12);
  });

  it("expert parallel sends 4 all-to-alls of the routed tokens per MoE layer, (ep − 1)/ep of them away", () => {
    // 48 MoE layers, 2 micro-batches, 100 MB routed per layer and micro-batch over 8 GPUs:
    // 4 x 48 x 2 x 100e6 x 7/8 = 33.6e9 bytes, at 450 GB/s (NVLink one way) 74.67 ms.
    const link = ringLink(h100, 8, 8);
    const c = stepCommSeconds(
      comms({
        expertParallel: 8,
        moeLayers: 48,
        microBatchesPerStep: 2,
        routedBytesPerMoeLayer: 1e8,
      }),
      { ...noLinks, ep: link },
    );
    expect(c.expert).toBeCloseTo(33.6e9 / 450e9, 12);
    // Nothing hides it: a 1 s step takes 1.0747 s.
    expect(predictScaling(1, c).efficiency).toBeCloseTo(1 / (1 + 33.6e9 / 450e9), 12);
  });

  it("an expert group over two nodes sends its in-node share over NVLink and the rest over the network", () => {
    // Expert parallel 16 over two 8-GPU nodes: of the 15 peers, 7 share the node. 4 x 48 x 2
    // x 100e6 x 15/16 = 36e9 bytes leave each GPU: 7/15 (16.8e9) over NVLink at 450 GB/s,
    // 37.3 ms, and 8/15 (19.2e9) over a 400 Gb/s network (50 GB/s), 384 ms, at once: 384 ms.
    const c = stepCommSeconds(
      comms({
        expertParallel: 16,
        expertPeersInNode: 8,
        moeLayers: 48,
        microBatchesPerStep: 2,
        routedBytesPerMoeLayer: 1e8,
      }),
      { ...noLinks, ep: ringLink(h100, 16, 8, 50), epLocal: ringLink(h100, 8, 8) },
    );
    expect(c.expert).toBeCloseTo(19.2e9 / 50e9, 12);
  });

  it("full recomputation reruns the forward's collectives: 6 all-to-alls and 6 all-reduces per layer", () => {
    // The same 48 layers and routing as above with the forward run twice: 6 x 48 x 2 x 100e6
    // x 7/8 = 50.4e9 bytes, 112 ms at 450 GB/s. Tensor parallel 2 over NVLink, 100 MB of
    // activations per layer: a 2-GPU ring all-reduce sends 2 x 1/2 x 100e6 = 100e6 bytes, 6
    // per layer x 48 layers x 2 micro-batches = 57.6e9 bytes, 128 ms.
    const link = ringLink(h100, 8, 8);
    const c = stepCommSeconds(
      comms({
        expertParallel: 8,
        tensorParallel: 2,
        layers: 48,
        moeLayers: 48,
        microBatchesPerStep: 2,
        routedBytesPerMoeLayer: 1e8,
        activationBytesPerLayer: 1e8,
        forwardReruns: 1,
      }),
      { ...noLinks, ep: link, tp: ringLink(h100, 2, 8) },
    );
    // The all-to-all volume is split over the tensor-parallel ranks (each routes its share).
    expect(c.expert).toBeCloseTo(50.4e9 / 2 / 450e9, 12);
    expect(c.tensorParallel).toBeCloseTo(57.6e9 / 450e9, 12);
  });
});

describe("MoE routing: copies of every routed token through memory", () => {
  const qwen3 = model("qwen3-30b-a3b");
  it("14 passes of top-k x hidden bf16 elements per MoE layer, 21 with full recomputation", () => {
    // Qwen3-30B-A3B: 48 MoE layers, 8 experts per token, hidden 2048: 48 x 8 x 2048 x 2 bytes
    // x (7 forward + 7 backward) = 22,020,096 bytes per token; the rerun forward adds 7
    // passes: 33,030,144.
    if (!isArch(qwen3)) throw new Error("preset has a shape");
    expect(routedCopyBytesPerToken(qwen3, 0)).toBe(22_020_096);
    expect(routedCopyBytesPerToken(qwen3, 1)).toBe(33_030_144);
    // DeepSeek-V3 routes in 58 of its 61 layers (3 dense first): 58 x 8 x 7168 x 2 x 14.
    const v3 = model("deepseek-v3");
    if (!isArch(v3)) throw new Error("preset has a shape");
    expect(routedCopyBytesPerToken(v3, 0)).toBe(93_126_656);
    // A dense model routes nothing.
    const dense = model("llama-3.1-8b");
    if (!isArch(dense)) throw new Error("preset has a shape");
    expect(routedCopyBytesPerToken(dense, 0)).toBe(0);
  });

  it("at the GPU's datasheet bandwidth: 6.573 µs a token for Qwen3-30B-A3B on an H100", () => {
    // 22,020,096 bytes / 3350 GB/s = 6.5732e-6 s.
    const flops = tokenFlops({
      model: qwen3,
      seqLen: 4096,
      recompute: "none",
      flashAttention: true,
    });
    expect(routedCopySeconds({ model: qwen3, flops, gpu: h100 })).toBeCloseTo(6.5732e-6, 9);
  });
});

describe("utilisation: the measured table, or your MFU", () => {
  const pick = (over: Partial<Parameters<typeof trainingUtilisation>[0]>) =>
    trainingUtilisation({
      model: model("llama-3.1-8b"),
      gpu: h100,
      format: "bf16",
      fp8: false,
      flashAttention: true,
      attentionKernel: "flash2",
      seqLen: 2048,
      ...over,
    });
  const entry = (name: string) =>
    UTILISATION_TABLE.find(
      (e) => `${e.family}/${e.format}/${e.stack}/${e.moe ? "moe" : "dense"}/${e.size}` === name,
    )!;

  it("picks the entry measured for the GPU family, format, stack and size, and cites its rows", () => {
    const u = pick({});
    const want = entry("hopper-hbm/16-bit/pytorch/dense/medium");
    expect(u.utilisation).toMatchObject({
      kind: "table",
      dense: want.dense,
      denseFormat: "16-bit",
    });
    const cited = u.assumptions.find((a) => a.key === "dense-utilisation-share")!;
    expect(cited.source).toBe("mfu-table");
    expect(cited.sourceParams).toMatchObject({
      entry: "hopper-hbm/16-bit/pytorch/dense/medium",
      rows: want.rows,
      sources: want.sources.join(", "),
    });
    expect(want.sources).toContain("llm-foundry");
    // Megatron-LM's own runs for framework "megatron".
    const megatron = pick({ framework: "megatron", fp8: true });
    expect(megatron.utilisation).toMatchObject({
      kind: "table",
      dense: entry("hopper-hbm/fp8/megatron/dense/medium").dense,
      denseFormat: "fp8",
    });
  });

  it("says which dimension gave way when no run measured the request", () => {
    const sources = (u: ReturnType<typeof pick>) => u.assumptions.map((a) => a.source);
    // B200: no published run in the calibration rows; Hopper's share of peak stands in.
    expect(sources(pick({ gpu: byId("b200") }))).toContain("mfu-other-family");
    // An MoE on the dense entry, said to be likely optimistic.
    expect(sources(pick({ model: model("qwen3-30b-a3b") }))).toContain("mfu-moe-as-dense");
    // FP8 on an H100 with no FP8 run in the table: its 16-bit rate, no speed-up assumed.
    const sixteen = pick({
      fp8: true,
      table: UTILISATION_TABLE.filter((e) => e.format === "16-bit"),
    });
    expect(sources(sixteen)).toContain("mfu-fp8-as-16-bit");
    expect(sixteen.utilisation).toMatchObject({ denseFormat: "16-bit" });
    // An RTX 4090: the only run of its family the table could key (torchtune's full
    // fine-tune) is one, and an entry needs two; no other family stands in for GDDR cards
    // but Ampere's, which has none either, so the published default applies and says so.
    expect(sources(pick({ gpu: byId("rtx-4090") }))).toEqual(["mfu-published"]);
    // An A100 has no FP8 at all: its 16-bit entry, exactly (the task warns no-fp8).
    const a100 = pick({ gpu: byId("a100-80gb-sxm"), fp8: true });
    expect(a100.utilisation).toMatchObject({
      denseFormat: "16-bit",
      dense: entry("ampere-hbm/16-bit/pytorch/dense/medium").dense,
    });
  });

  it("falls back to the published default where no family was measured, or for FP32 math", () => {
    for (const u of [pick({ gpu: byId("v100-sxm2-32gb") }), pick({ format: "fp32" })]) {
      expect(u.utilisation).toEqual({ kind: "mfu", mfu: MFU_DEFAULT });
      expect(u.assumptions[0]?.source).toBe("mfu-published");
    }
  });

  it("your MFU wins over the table, and applies to all model FLOPs", () => {
    const u = pick({ mfu: 0.3 });
    expect(u.utilisation).toEqual({ kind: "mfu", mfu: 0.3 });
    expect(u.assumptions).toEqual([{ key: "mfu", value: 0.3, source: "request" }]);
    const r = runRequest(
      {
        task: "train-time",
        model: { preset: "llama-3.1-8b" },
        gpu: "h100-sxm",
        tokens: 1e9,
        mfu: 0.3,
      },
      { gpus: [h100], presets: PRESETS },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    // 0.3 x 989.5 TFLOPS / 46,639,349,760 FLOPs per token (2048 tokens) = 6364.8 tokens/s.
    expect(
      (r.result as unknown as { tokensPerSecondPerGpu: number }).tokensPerSecondPerGpu,
    ).toBeCloseTo((0.3 * 989.5e12) / 46_639_349_760, 6);
  });
});

describe("MoE: small expert batches are flagged", () => {
  const warningsOf = (extra: Record<string, unknown>) => {
    const r = runRequest(
      {
        task: "train-time",
        model: { preset: "qwen3-30b-a3b" },
        gpu: "h100-sxm",
        tokens: 1e9,
        ...extra,
      },
      { gpus, presets: PRESETS },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return (r.result as unknown as { warnings: { code: string; params: { tokens?: number } }[] })
      .warnings;
  };
  it("512 tokens on one GPU give each of 128 experts 32 of them; 8 GPUs of 4 x 4096 give 8192", () => {
    // 1 x 512 tokens x 8 experts each / 128 experts = 32 tokens per expert GEMM.
    const small = warningsOf({ microBatch: 1, seqLen: 512 });
    expect(small.find((w) => w.code === "moe-small-expert-batches")?.params.tokens).toBe(32);
    // 4 x 4096 tokens x 8 copies x 8 expert-parallel ranks / 128 experts = 8192: no warning.
    const large = warningsOf({
      microBatch: 4,
      seqLen: 4096,
      gpus: 8,
      expertParallel: 8,
      sharding: "fsdp",
    });
    expect(large.map((w) => w.code)).not.toContain("moe-small-expert-batches");
  });
});
