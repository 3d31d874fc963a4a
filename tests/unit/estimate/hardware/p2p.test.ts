/**
 * PCIe peer-to-peer that no document settles is never costed as better than "no" on a
 * consumer (GeForce) card, in training and serving alike; data-center cards keep theirs.
 * Expected values worked by hand from the fixtures' PCIe figure (Gen4 x16: 31.5 GB/s one way).
 */
import { describe, expect, it } from "vitest";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { p2pAssumedOff, pcieP2pWorks } from "../../../../src/estimate/hardware/gpu.ts";
import { linkClass } from "../../../../src/estimate/serving/decode-step.ts";
import { servingSpeed } from "../../../../src/estimate/serving/speed.ts";
import { ringLink } from "../../../../src/estimate/training/scaling.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { rtx4090, t4 } from "../helpers.ts";

/** The RTX 4090 as the catalog once had its China variant: P2P "unverified". */
const unchecked: GpuSpec = {
  ...rtx4090,
  id: "rtx-4090d",
  name: "RTX 4090D",
  pcieP2p: "unverified",
};
/** A consumer card with a bridge (RTX 3090-like), P2P unchecked. */
const bridged: GpuSpec = { ...unchecked, id: "bridged", link: "nvlink-bridge", linkGBps: 112.5 };

describe("the P2P rule", () => {
  it("costs a consumer card's unchecked P2P as none, a data-center card's as working", () => {
    expect(pcieP2pWorks({ segment: "consumer", pcieP2p: "unverified" })).toBe(false);
    expect(pcieP2pWorks({ segment: "consumer", pcieP2p: "no" })).toBe(false);
    expect(pcieP2pWorks({ segment: "consumer", pcieP2p: "yes" })).toBe(true);
    expect(pcieP2pWorks({ segment: "datacenter", pcieP2p: "unverified" })).toBe(true);
    expect(pcieP2pWorks({ segment: "workstation", pcieP2p: "unverified" })).toBe(true);
    expect(pcieP2pWorks({ segment: "datacenter", pcieP2p: "no" })).toBe(false);
    // Only "unverified" on a consumer card is an assumption worth a warning.
    expect(p2pAssumedOff({ segment: "consumer", pcieP2p: "unverified" })).toBe(true);
    expect(p2pAssumedOff({ segment: "consumer", pcieP2p: "no" })).toBe(false);
    expect(p2pAssumedOff({ segment: "datacenter", pcieP2p: "unverified" })).toBe(false);
  });

  it("serving: an unchecked consumer card's tensor-parallel link is PCIe without P2P", () => {
    expect(linkClass(unchecked, 2)).toBe("pcie-no-p2p");
    expect(linkClass(rtx4090, 2)).toBe("pcie-no-p2p");
    expect(linkClass(t4, 2)).toBe("pcie");
    // A bridge joins two cards; four cross PCIe, without P2P on such a card.
    expect(linkClass(bridged, 2)).toBe("gpu-link");
    expect(linkClass(bridged, 4)).toBe("pcie-no-p2p");
  });

  it("training: an unchecked consumer card's ring is staged through host memory", () => {
    // Without P2P each hop crosses PCIe twice: 31.5 / 2 = 15.75 GB/s one way.
    expect(ringLink(unchecked, 2, 8)).toEqual({
      bytesPerSecond: 15.75e9,
      path: "pcie-host-staged",
    });
    expect(ringLink(rtx4090, 2, 8)).toEqual({ bytesPerSecond: 15.75e9, path: "pcie-host-staged" });
    // The T4 (Gen3 x16, 15.75 GB/s) keeps peer-to-peer: the whole one-way figure.
    expect(ringLink(t4, 2, 8)).toEqual({ bytesPerSecond: 15.75e9, path: "pcie" });
  });

  it("serving: unchecked P2P decodes no faster than no P2P, and says it was assumed", () => {
    const input = {
      model: findPreset("llama-3.1-8b")!.model,
      format: "fp16" as const,
      weightBits: 16,
      scaleBits: 0,
      kvBits: 16,
      contextTokens: 4096,
      batch: 8,
      engine: "vllm" as const,
      tensorParallel: 2,
      promptTokens: 1024,
      outputTokens: 256,
    };
    const off = servingSpeed({ ...input, gpu: rtx4090 });
    const maybe = servingSpeed({ ...input, gpu: unchecked });
    expect(maybe.tokensPerSecond).toBe(off.tokensPerSecond);
    expect(maybe.warnings.map((w) => w.code)).toContain("p2p-unverified-as-no");
    expect(off.warnings.map((w) => w.code)).not.toContain("p2p-unverified-as-no");
    // One GPU sends nothing to another: nothing to assume.
    const one = servingSpeed({ ...input, gpu: unchecked, tensorParallel: 1 });
    expect(one.warnings.map((w) => w.code)).not.toContain("p2p-unverified-as-no");
  });
});
