/**
 * The bytes each sharding scheme moves per optimizer step, the links they cross inside a node
 * (GPU link, PCIe with or without peer-to-peer), and how much compute hides them. Byte
 * counts and link rates are round made-up figures so each rule shows alone; expected values
 * are worked by hand in the comments.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import type { CommSeconds, StepComms } from "../../../../src/estimate/training/scaling.ts";
import {
  bubbleShare,
  predictScaling,
  ringLink,
  stepCommSeconds,
} from "../../../../src/estimate/training/scaling.ts";

const catalog = loadGpuSpecs();
const h100 = catalog.find((g) => g.id === "h100-sxm")!;
/** A bridged pair: 112.5 GB/s over the bridge (both directions), 31.5 GB/s PCIe. */
const bridged: GpuSpec = {
  ...h100,
  link: "nvlink-bridge",
  linkGBps: 112.5,
  pcieGBps: 31.5,
  pcieP2p: "yes",
};

describe("the slowest hop inside a node", () => {
  it("a bridge joins a pair at half its stated rate; four bridged GPUs meet over PCIe", () => {
    expect(ringLink(bridged, 2, 8)).toEqual({ bytesPerSecond: 56.25e9, path: "gpu-link" });
    expect(ringLink(bridged, 4, 8)).toEqual({ bytesPerSecond: 31.5e9, path: "pcie" });
  });
  it("without peer-to-peer every hop is staged through host memory: half the PCIe rate", () => {
    const noP2p: GpuSpec = { ...bridged, link: "pcie", pcieP2p: "no" };
    const { linkGBps: _l, ...noLink } = noP2p;
    expect(ringLink(noLink, 2, 8)).toEqual({ bytesPerSecond: 15.75e9, path: "pcie-host-staged" });
    // A consumer card whose P2P no document settles is costed without it too.
    const consumer: GpuSpec = { ...noLink, pcieP2p: "unverified", segment: "consumer" };
    expect(ringLink(consumer, 2, 8)?.path).toBe("pcie-host-staged");
    expect(ringLink({ ...consumer, segment: "datacenter" }, 2, 8)).toEqual({
      bytesPerSecond: 31.5e9,
      path: "pcie",
    });
  });
  it("a full node is still one node: NVLink, no network needed", () => {
    expect(ringLink(h100, 8, 8)).toEqual({ bytesPerSecond: 450e9, path: "gpu-link" });
  });
  it("across nodes one member a node uses its own NIC; members beyond the node's GPUs do not count", () => {
    // 25 GB/s per GPU; one member per node: 25e9. Asking for 16 members of an 8-GPU node
    // counts 8: 8 × 25e9 = 200e9, under NVLink's 450e9.
    expect(ringLink(h100, 16, 8, 25)).toEqual({ bytesPerSecond: 25e9, path: "inter-node" });
    expect(ringLink(h100, 16, 8, 25, 16)).toEqual({ bytesPerSecond: 200e9, path: "inter-node" });
    expect(ringLink(h100, 16, 8, 25, 0)?.bytesPerSecond).toBe(25e9);
    // One member a node has no in-node ring to cap it: a 500 GB/s NIC share stays 500e9,
    // above NVLink's 450e9 one way.
    expect(ringLink(h100, 16, 8, 500)?.bytesPerSecond).toBe(500e9);
  });
});

const comms = (over: Partial<StepComms>): StepComms => ({
  dataParallel: 4,
  tensorParallel: 1,
  pipelineParallel: 1,
  virtualStages: 1,
  expertParallel: 1,
  sharding: "none",
  gradientBytes: 32e9,
  paramBytes: 16e9,
  activationBytesPerLayer: 0,
  layers: 32,
  moeLayers: 0,
  expertPeersInNode: 1,
  routedBytesPerMoeLayer: 0,
  microBatchesPerStep: 2,
  forwardReruns: 0,
  megatronOverlap: false,
  ...over,
});
const link = { bytesPerSecond: 100e9, path: "gpu-link" } as const;
const links = { dp: link, tp: link, pp: link, ep: link, epLocal: null };

describe("data-parallel bytes by sharding (4 GPUs, 32 GB gradients, 16 GB weights, 100 GB/s)", () => {
  it("DDP all-reduces the gradients once a step: 2 × 3/4 × 32e9 = 48e9 B, 0.48 s, the backward hides it", () => {
    const c = stepCommSeconds(comms({}), links);
    expect(c.dataParallel).toBeCloseTo(0.48, 12);
    expect(c.overlapShare).toBeCloseTo(4 / 6, 12);
  });
  it("ZeRO-1/2 reduce-scatter the gradients and gather the weights: 3/4 × 48e9 = 36e9 B", () => {
    for (const sharding of ["zero1", "zero2"] as const) {
      const c = stepCommSeconds(comms({ sharding }), links);
      expect(c.dataParallel).toBeCloseTo(0.36, 12);
      // Behind the backward only, unless Megatron-Core overlaps the gather with the forward.
      expect(c.overlapShare).toBeCloseTo(4 / 6, 12);
      expect(stepCommSeconds(comms({ sharding, megatronOverlap: true }), links).overlapShare).toBe(
        1,
      );
    }
  });
  it("ZeRO-3/FSDP gather the weights twice and reduce the gradients every micro-batch", () => {
    // 2 micro-batches × 3/4 × (2 × 16e9 + 32e9) = 96e9 B: 0.96 s, all of compute can hide it.
    for (const sharding of ["zero3", "fsdp"] as const) {
      const c = stepCommSeconds(comms({ sharding }), links);
      expect(c.dataParallel).toBeCloseTo(0.96, 12);
      expect(c.overlapShare).toBe(1);
    }
  });
  it("one data-parallel GPU, or no link to cross, moves nothing", () => {
    expect(stepCommSeconds(comms({ dataParallel: 1 }), links).dataParallel).toBe(0);
    expect(stepCommSeconds(comms({}), { ...links, dp: null }).dataParallel).toBe(0);
  });
});

describe("tensor- and pipeline-parallel traffic", () => {
  it("tensor parallel 2: 4 all-reduces per layer and micro-batch of the activations", () => {
    // 2 × 1/2 × 1e8 = 1e8 B per all-reduce × 4 × 32 layers × 2 micro-batches = 25.6e9 B, 0.256 s.
    const c = stepCommSeconds(comms({ tensorParallel: 2, activationBytesPerLayer: 1e8 }), links);
    expect(c.tensorParallel).toBeCloseTo(0.256, 12);
    expect(c.tensorOverlap).toBe(false);
    expect(
      stepCommSeconds(comms({ tensorParallel: 2, megatronOverlap: true }), links).tensorOverlap,
    ).toBe(true);
    expect(stepCommSeconds(comms({ activationBytesPerLayer: 1e8 }), links).tensorParallel).toBe(0);
  });
  it("a pipeline sends activations and gradients per micro-batch and chunk, split over tensor ranks", () => {
    // 2 sends × 2 chunks × 2 micro-batches × 1e8 B / 2 tensor ranks = 4e8 B: 4 ms.
    const c = stepCommSeconds(
      comms({
        pipelineParallel: 2,
        virtualStages: 2,
        tensorParallel: 2,
        activationBytesPerLayer: 1e8,
      }),
      links,
    );
    expect(c.pipeline).toBeCloseTo(4e8 / 100e9, 12);
    expect(
      stepCommSeconds(comms({ pipelineParallel: 1, activationBytesPerLayer: 1e8 }), links).pipeline,
    ).toBe(0);
  });
  it("experts in one node: no local split without a second node's link", () => {
    // 4 × 10 layers × 2 micro-batches × 1e8 × 3/4 = 6e9 B over the ep link: 60 ms.
    const c = stepCommSeconds(
      comms({
        expertParallel: 4,
        expertPeersInNode: 4,
        moeLayers: 10,
        routedBytesPerMoeLayer: 1e8,
      }),
      links,
    );
    expect(c.expert).toBeCloseTo(0.06, 12);
    expect(
      stepCommSeconds(comms({ moeLayers: 10, routedBytesPerMoeLayer: 1e8 }), links).expert,
    ).toBe(0);
  });
  it("an expert group over two nodes whose in-node share is the slower: that share sets the time", () => {
    // Expert parallel 4, 2 per node: of 3 peers 1 shares the node. 6e9 B leave the GPU:
    // 2e9 over a 10 GB/s local link (0.2 s), 4e9 over the 100 GB/s network (0.04 s).
    const c = stepCommSeconds(
      comms({
        expertParallel: 4,
        expertPeersInNode: 2,
        moeLayers: 10,
        routedBytesPerMoeLayer: 1e8,
      }),
      { ...links, epLocal: { bytesPerSecond: 10e9, path: "gpu-link" } },
    );
    expect(c.expert).toBeCloseTo(0.2, 12);
  });
});

const seconds = (over: Partial<CommSeconds>): CommSeconds => ({
  dataParallel: 0,
  tensorParallel: 0,
  tensorOverlap: false,
  pipeline: 0,
  expert: 0,
  overlapShare: 4 / 6,
  ...over,
});

describe("what compute hides", () => {
  it("data-parallel traffic beyond the backward's share is exposed", () => {
    // 1 s of traffic, 0.9 s of compute: 0.6 s hidden, 0.4 exposed; step 1.3 s.
    const p = predictScaling(0.9, seconds({ dataParallel: 1 }));
    expect(p.exposedCommSeconds).toBeCloseTo(0.4, 12);
    expect(p.efficiency).toBeCloseTo(0.9 / 1.3, 12);
    expect(p.computeSeconds).toBe(0.9);
    expect(p.limitedBy).toBe("compute");
  });
  it("overlapped tensor traffic shows only beyond compute; otherwise all of it", () => {
    expect(
      predictScaling(1, seconds({ tensorParallel: 1.5, tensorOverlap: true })).exposedCommSeconds,
    ).toBeCloseTo(0.5, 12);
    expect(
      predictScaling(1, seconds({ tensorParallel: 0.5, tensorOverlap: true })).exposedCommSeconds,
    ).toBe(0);
    expect(predictScaling(1, seconds({ tensorParallel: 0.5 })).exposedCommSeconds).toBe(0.5);
  });
  it("pipeline and expert traffic add up on the critical path; more than compute limits the step", () => {
    const p = predictScaling(1, seconds({ pipeline: 0.75, expert: 0.5 }), 0.25);
    expect(p.exposedCommSeconds).toBe(1.25);
    expect(p.bubbleSeconds).toBe(0.25);
    // 1 / (1 + 0.25 + 1.25) = 0.4.
    expect(p.efficiency).toBeCloseTo(0.4, 12);
    expect(p.limitedBy).toBe("communication");
    // Exactly as much traffic as compute is still compute-bound.
    expect(predictScaling(1, seconds({ pipeline: 1 })).limitedBy).toBe("compute");
  });
  it("no compute at all scales perfectly rather than dividing by zero", () => {
    expect(predictScaling(0, seconds({ pipeline: 1 })).efficiency).toBe(1);
  });
  it("a step with no micro-batches counts one in the bubble", () => {
    expect(bubbleShare(4, 0)).toBe(3);
    expect(bubbleShare(4, 1)).toBe(3);
  });
});
