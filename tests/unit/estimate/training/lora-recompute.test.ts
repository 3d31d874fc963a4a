/**
 * Full recomputation runs each layer's forward again in the backward pass: the frozen base's
 * matrices and the LoRA adapters alike (PEFT's adapters are modules inside the checkpointed
 * block, so `torch.utils.checkpoint` reruns them too).
 */
import { describe, expect, it } from "vitest";
import { tokenFlops } from "../../../../src/estimate/training/flops.ts";

const model = { params: 8e9 };
const flops = (trainableParams: number, recompute: "none" | "full") =>
  tokenFlops({ model, seqLen: 2048, recompute, flashAttention: true, trainableParams })
    .hardwareDense;

describe("LoRA adapters under full recomputation", () => {
  it("cost 6 FLOPs per parameter and token to train and 2 more to rerun their forward", () => {
    // One million more adapter parameters: 6 × 1e6 (forward 2, backward 4) without
    // recomputation; 6 × 1e6 + 2 × 1e6 = 8e6 with the forward run again.
    expect(flops(2e6, "none") - flops(1e6, "none")).toBeCloseTo(6e6, -1);
    expect(flops(2e6, "full") - flops(1e6, "full")).toBeCloseTo(8e6, -1);
  });
});
