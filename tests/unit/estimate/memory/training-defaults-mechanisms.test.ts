/**
 * The defaults a training request takes from the rest of itself (`trainingDefaults`): the
 * framework's profile, its one-GPU full fine-tune settings, never stepping in backward with
 * gradient accumulation, and a LoRA's base and adapters. Expected values transcribed from
 * the profiles in `memory/frameworks.ts` (torchtune's single-device full fine-tune recipe:
 * PagedAdamW8bit with `optimizer_in_bwd`; LitGPT's LoRA in the model's dtype; TRL's fp32
 * load and bf16 QLoRA adapters).
 */
import { describe, expect, it } from "vitest";
import { trainingDefaults } from "../../../../src/estimate/memory/training-defaults.ts";

/** torchtune's training defaults (its profile's `training`). */
const TORCHTUNE = {
  precision: "bf16",
  recompute: "full",
  flashAttention: true,
  loss: "chunked",
  optimizerForeach: false,
};

describe("trainingDefaults: a framework's profile", () => {
  it("no framework and no LoRA: nothing to default", () => {
    expect(trainingDefaults({})).toEqual({});
  });
  it("torchtune's full fine-tune on one GPU: PagedAdamW8bit, stepped in backward", () => {
    const one = { ...TORCHTUNE, optimizer: "adam-8bit-paged", optimizerInBackward: true };
    expect(trainingDefaults({ framework: "torchtune" })).toEqual(one);
    expect(trainingDefaults({ framework: "torchtune", gpus: 1, gradAccumulation: 1 })).toEqual(one);
  });
  it("on 2 GPUs, or with a LoRA, the single-device settings do not apply", () => {
    expect(trainingDefaults({ framework: "torchtune", gpus: 2 })).toEqual(TORCHTUNE);
    const lora = trainingDefaults({ framework: "torchtune", lora: {} });
    expect(lora["optimizer"]).toBeUndefined();
    expect(lora["optimizerInBackward"]).toBeUndefined();
  });
  it("gradient accumulation keeps the paged optimizer but never steps in backward", () => {
    expect(trainingDefaults({ framework: "torchtune", gradAccumulation: 4 })).toEqual({
      ...TORCHTUNE,
      optimizer: "adam-8bit-paged",
    });
  });
});

describe("trainingDefaults: a LoRA's base and adapters", () => {
  it("without a framework: a 32-bit base under fp32 training, the request's own otherwise", () => {
    expect(trainingDefaults({ precision: "fp32", lora: {} })).toEqual({ lora: { baseBits: 32 } });
    expect(trainingDefaults({ precision: "bf16", lora: {} })).toEqual({ lora: {} });
    expect(trainingDefaults({ lora: {} })).toEqual({ lora: {} });
  });
  it("torchtune's adapters: r 8, alpha 16 on six projections, in bf16; fp32 training adds a 32-bit base", () => {
    const adapters = {
      rank: 8,
      alpha: 16,
      dropout: 0,
      targets: ["q", "v", "o", "gate", "up", "down"],
      adapterBits: 16,
    };
    expect(trainingDefaults({ framework: "torchtune", lora: {} })).toEqual({
      ...TORCHTUNE,
      lora: adapters,
    });
    expect(
      trainingDefaults({ framework: "torchtune", precision: "fp32", lora: {} })["lora"],
    ).toEqual({ baseBits: 32, ...adapters });
  });
  it("LitGPT's LoRA takes the profile's precision when the request gives none: bf16-mixed, fp32 weights", () => {
    // Under "-mixed" the model's weights, and so the adapters, are fp32.
    expect(trainingDefaults({ framework: "litgpt", lora: {} })["lora"]).toMatchObject({
      baseBits: 32,
      adapterBits: 32,
    });
    // bf16-true: both in 16 bits.
    expect(
      trainingDefaults({ framework: "litgpt", precision: "bf16", lora: {} })["lora"],
    ).toMatchObject({ baseBits: 16, adapterBits: 16 });
  });
  it("TRL reads the request's LoRA: a 4-bit base keeps its bits and gets bf16 adapters", () => {
    const q = trainingDefaults({ framework: "trl", lora: { baseBits: 4 } })["lora"];
    expect(q).toMatchObject({ adapterBits: 16 });
    expect(q).not.toHaveProperty("baseBits");
    // A model named by id loads in fp32: a 32-bit base, fp32 adapters.
    expect(trainingDefaults({ framework: "trl", lora: {} })["lora"]).toMatchObject({
      baseBits: 32,
      adapterBits: 32,
    });
  });
});
