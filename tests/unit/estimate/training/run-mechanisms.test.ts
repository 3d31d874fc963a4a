/**
 * `run.ts` beyond what `run-fixed-work.test.ts` covers: the whole run's memory on one GPU
 * is a plain one-GPU run (nothing sharded, so nothing to warn of sharding), and a LoRA with
 * no trainable parameter steps nothing (0 s, not 0 ÷ 0). Expected values worked by hand.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { GpuSpec } from "../../../../src/estimate/hardware/gpu.ts";
import { fixedWork, unshardedMemory } from "../../../../src/estimate/training/run.ts";
import { gigaFlops, gigaParamsRun, peftLora } from "../helpers.ts";

const gpu: GpuSpec = { ...loadGpuSpecs().find((g) => g.id === "h100-sxm")!, bandwidthGBps: 1000 };
const flops = gigaFlops();
const memory = gigaParamsRun;

describe("the whole run's memory on one GPU", () => {
  it("is a one-GPU run with nothing sharded: no warning of sharding without data parallel", () => {
    // Asked as ZeRO-3 on 8 GPUs; the whole run is every state once on 1 GPU, unsharded.
    const whole = unshardedMemory(memory({ gpus: 8, sharding: "zero3", tensorParallel: 2 }));
    expect(whole.warnings.map((w) => w.code)).not.toContain("zero-without-data-parallel");
    // 1e9 parameters under torch.amp: bf16 weights 2e9 B, fp32 gradients 4e9 B.
    expect(whole.breakdown.find((p) => p.key === "weights")?.value).toBe(2e9);
    expect(whole.breakdown.find((p) => p.key === "gradients")?.value).toBe(4e9);
  });
});

describe("a LoRA with nothing to train", () => {
  it("steps no parameter: 0 s for the optimizer step", () => {
    // No target module and no module trained in full: 0 trainable parameters, so no state
    // bytes per parameter to average (0 ÷ 0) and 0 parameters × any bytes = 0 s.
    const none = peftLora({ targets: [] });
    const w = fixedWork(memory({ lora: none }), flops, gpu, 1, "none", 1);
    expect(w.secondsPerOptimizerStep).toBe(0);
    // Nor does it move adapter bytes per token: no adapter (a 16-bit base, nothing to dequantise).
    expect(w.secondsPerToken).toBe(0);
    expect(w.secondsPerMicroStep).toBe(0);
  });
});
