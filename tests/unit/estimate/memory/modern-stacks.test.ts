/**
 * What modern fine-tuning stacks do, as properties of the estimate: checkpointing covers a
 * whole block (LoRA copies included), chunked and fused losses shrink the logits, framework
 * profiles change exactly the defaults they name, and sharding a quantized base helps.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import { FRAMEWORK_PROFILES } from "../../../../src/estimate/memory/frameworks.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import type { BreakdownItem } from "../../../../src/estimate/result.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { FRAMEWORKS, LORA_TARGETS } from "../../../../src/estimate/vocabulary.ts";

const ctx = { gpus: loadGpuSpecs(), presets: PRESETS };

interface Memory {
  breakdown: BreakdownItem[];
  assumptions: { key: string; value: unknown }[];
  allocatorPeakBytes: number;
  nvidiaSmiBytes: number;
}
function run(request: Record<string, unknown>) {
  const r = runRequest({ task: "train-memory", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r as unknown as { ok: true; request: Record<string, unknown>; result: Memory };
}
const part = (m: Memory, key: string) => m.breakdown.find((b) => b.key === key)?.value ?? NaN;

const QWEN_LORA = {
  model: { preset: "qwen2.5-7b" },
  microBatch: 4,
  seqLen: 4096,
};

describe("recomputation covers the whole block, LoRA's copies included", () => {
  it("Qwen2.5-7B LoRA, 4 x 4096, full recompute: LoRA activations stay below full fine-tuning's", () => {
    const lora = run({
      ...QWEN_LORA,
      recompute: "full",
      lora: { rank: 16, targets: LORA_TARGETS, dropout: 0.05 },
    }).result;
    const full = run({ ...QWEN_LORA, recompute: "full" }).result;
    expect(part(lora, "activations")).toBeLessThan(part(full, "activations"));
    // Block inputs (28 x 16,384 tokens x 3584 x 2 bytes ≈ 3.3 GB) and one rebuilt block.
    expect(part(lora, "activations") / 1e9).toBeLessThan(10);
  });
  it("under full recompute, targets change one block's working set, not every layer's", () => {
    const targets = fc.subarray([...LORA_TARGETS], { minLength: 1 });
    const layers = 28;
    fc.assert(
      fc.property(targets, targets, fc.constantFrom(0, 0.05, 0.1), (a, b, dropout) => {
        const result = (t: string[], recompute: string) =>
          run({ ...QWEN_LORA, recompute, lora: { targets: t, dropout } }).result;
        const at = (t: string[], recompute: string) => part(result(t, recompute), "activations");
        // The one block rebuilt in backward: its working set, as the estimate reports it.
        const block = (t: string[]) =>
          Number(
            result(t, "full").assumptions.find((x) => x.key === "activation-bytes-per-layer")
              ?.value,
          );
        const kept = at(b, "none") - at(a, "none");
        const rebuilt = block(b) - block(a);
        expect(rebuilt).toBeCloseTo(kept / layers, -3);
        expect(at(a, "full")).toBeLessThan(0.5 * at(a, "none"));
      }),
      { numRuns: 20 },
    );
  });
});

describe("the loss path", () => {
  it("chunked and fused shrink the logits part; fused keeps no full logits", () => {
    const at = (loss: string) =>
      part(run({ ...QWEN_LORA, recompute: "full", loss, lora: {} }).result, "logits");
    const tokens = 4 * 4096;
    const vocab = 152064;
    // Standard: 16-bit logits, their fp32 copy and the fp32 log-softmax in the forward
    // (10 bytes a logit); at the start of backward the saved log-softmax and two fp32
    // gradients (12 bytes), the larger: 16,384 · 152,064 · 12 = 29,896,998,912 bytes.
    expect(at("standard")).toBe(tokens * vocab * 12);
    expect(tokens * vocab * 12).toBe(29_896_998_912);
    expect(at("chunked")).toBeLessThan(at("standard"));
    expect(at("fused")).toBeLessThan(at("chunked") / 10);
  });
});

describe("framework profiles", () => {
  const base = { model: { preset: "llama-3.1-8b" }, lora: {} };
  it("each profile sets exactly the defaults it names, and the result names it", () => {
    const plain = run(base).request;
    for (const fw of FRAMEWORKS) {
      const r = run({ ...base, framework: fw });
      const p = FRAMEWORK_PROFILES[fw];
      for (const [k, v] of Object.entries(p.training))
        expect(r.request[k], `${fw} ${k}`).toEqual(v);
      const lora = p.lora({ precision: p.training.precision, lora: {} });
      for (const [k, v] of Object.entries(lora))
        expect((r.request["lora"] as Record<string, unknown>)[k], `${fw} lora.${k}`).toEqual(v);
      // Fields the profile does not name keep the request's own defaults.
      for (const k of ["microBatch", "seqLen", "sharding", "gpus"])
        expect(r.request[k], `${fw} ${k}`).toEqual(plain[k]);
      const assumptions = (r.result as unknown as { assumptions: { source: string }[] })
        .assumptions;
      expect(assumptions.map((a) => a.source)).toContain(p.source);
    }
  });
  it("a field the user sets wins over the profile, inside the LoRA group too", () => {
    const r = run({
      ...base,
      framework: "unsloth",
      recompute: "none",
      lora: { rank: 64, baseBits: 16 },
    }).request;
    expect(r["recompute"]).toBe("none");
    expect(r["loss"]).toBe("fused");
    expect(r["lora"]).toMatchObject({ rank: 64, baseBits: 16, alpha: 16, dropout: 0 });
  });
  it("Unsloth's 8B QLoRA fits a 24 GB card where plain Transformers full-logit LoRA does not at 8 x 2048", () => {
    const job = { model: { preset: "llama-3.1-8b" }, microBatch: 8, seqLen: 2048, gpu: "rtx-4090" };
    const unsloth = run({ ...job, framework: "unsloth", lora: {} }).result;
    const hf = run({ ...job, framework: "hf-trainer", lora: {} }).result;
    expect(unsloth.nvidiaSmiBytes).toBeLessThan(24e9);
    expect(hf.nvidiaSmiBytes).toBeGreaterThan(24e9);
  });
});

describe("sharded QLoRA", () => {
  const qlora70b = (gpus: number) =>
    run({
      model: { preset: "llama-3.1-70b" },
      precision: "bf16",
      microBatch: 1,
      seqLen: 2048,
      recompute: "full",
      gpus,
      sharding: "fsdp",
      lora: { targets: LORA_TARGETS, baseBits: 4, adapterBits: 16 },
    }).result;
  it("sharding a quantized base over more GPUs never needs more per GPU", () => {
    for (const [a, b] of [
      [2, 4],
      [4, 8],
      [8, 16],
    ] as const)
      expect(qlora70b(b).allocatorPeakBytes).toBeLessThanOrEqual(qlora70b(a).allocatorPeakBytes);
  });
  it("70B QLoRA on two GPUs with FSDP: about half the 4-bit base each, far below 100 GiB", () => {
    const r = qlora70b(2);
    expect(part(r, "weights") / 1e9).toBeGreaterThan(17);
    expect(part(r, "weights") / 1e9).toBeLessThan(21);
    expect(r.nvidiaSmiBytes / 2 ** 30).toBeLessThan(45);
    expect(part(r, "gathered-layers")).toBeGreaterThan(0);
  });
});

describe("LoRA training FLOPs", () => {
  it("4·N·D on a frozen base (6·N·D for full training) plus attention; recomputation only in hardware FLOPs", () => {
    const time = (extra: Record<string, unknown>) => {
      const r = runRequest(
        {
          task: "train-time",
          model: { preset: "llama-3.1-8b" },
          tokens: 1e9,
          gpu: "a100-80gb-sxm",
          ...extra,
        },
        ctx,
      );
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return r.result as unknown as { flops: number; hardwareFlops: number };
    };
    // Llama-3.1-8B's matrices a token passes through (q, k, v, o, MLP, head; the input
    // embedding is a lookup): 7,504,658,432. Attention at the default 2048 tokens: 3 passes x
    // 2 x 32 layers x 32 heads x (128 + 128) x 1024.5 causal keys = 1,611,399,168 per token.
    const n = 7_504_658_432;
    const attention = 1_611_399_168;
    expect(time({}).flops).toBe((6 * n + attention) * 1e9);
    // Full recomputation: the same model FLOPs; the hardware runs the forward again, and
    // FlashAttention's backward recomputes the scores (2.5 forwards, not 2): 3.5 + 1 of the
    // 3 forwards the model counts.
    const full = time({ recompute: "full" });
    expect(full.flops).toBe((6 * n + attention) * 1e9);
    expect(full.hardwareFlops).toBeCloseTo((8 * n + (attention * 4.5) / 3) * 1e9, -6);
    // PEFT's default LoRA: rank 8 on q (4096 → 4096) and v (4096 → 1024) in 32 layers:
    // 32 x 8 x ((4096 + 4096) + (4096 + 1024)) = 3,407,872 trainable parameters.
    const lora = time({ lora: {} });
    expect(lora.flops).toBe((4 * n + 6 * 3_407_872 + attention) * 1e9);
  });
});
