/**
 * Serving plan rows (`plan/serving.ts`), every plan computed inside its test: the row's
 * group arithmetic (replicas, users per replica, nodes, shape, reasons, load, spare share,
 * cost per million tokens) checked against the formulas worked by hand from the users and
 * rate asked and the row's own group, and the verdicts of a GPU that lacks a figure, cannot
 * hold the model, or cannot give a user the rate asked. The group search is checked at its
 * boundaries: a group's capacity against the memory and decode-speed tasks' own answers for
 * the same GPU and model (the memory arithmetic worked by hand from the catalog figures), the
 * doubling's stop at what the engine runs at once (vLLM's 1,024 or 256, TensorRT-LLM's
 * 2,048), and which group size wins (the fewest GPUs, ties to the smaller group, never more
 * than a node holds or the GPUs allowed).
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { ServingPlanInput } from "../../../../src/estimate/plan/serving.ts";
import { servingRow } from "../../../../src/estimate/plan/serving.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";
import { acceptedIn, rtx4090 } from "../helpers.ts";

const gpus = loadGpuSpecs();
const ctx = { gpus, presets: PRESETS, prices: [], today: "2026-12-05" };

/** Another task's answer for the same workload (the memory or decode-speed task). */
const task = <T>(request: Record<string, unknown>): T => acceptedIn<T>(request, ctx);
/** The memory task's verdict for `sequences` on a group of `tensorParallel` GPUs. */
const fitAt = (setup: Record<string, unknown>, sequences: number, tensorParallel = 1) =>
  task<{ verdict: { chosen: { fit: string } } }>({
    task: "infer-memory",
    ...setup,
    tensorParallel,
    sequences,
  }).verdict.chosen.fit;
/** The decode-speed task's output tokens/s per sequence at `sequences` users. */
const speedAt = (setup: Record<string, unknown>, sequences: number, tensorParallel = 1) =>
  task<{ tokensPerSecondPerSequence: number; tokensPerSecond: number }>({
    task: "decode-speed",
    ...setup,
    tensorParallel,
    sequences,
  });

const rows = (workload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  task<{ rows: PlanRow[] }>({ task: "plan", workload: { task: "serve", ...workload }, ...extra })
    .rows;

/** Llama 3.1 70B in 16 bit, 20 users at 20 tokens/s each, 8192 tokens of context. */
const W70 = {
  model: { preset: "llama-3.1-70b" },
  weightBits: 16,
  users: 20,
  contextTokens: 8192,
  outputTokensPerSecondPerUser: 20,
};

describe("a serving row's group arithmetic", () => {
  it("replicas, users per replica, nodes, shape and reasons follow from the group", () => {
    const priced = { "h100-sxm": 2, "a100-80gb-sxm": 1.5, "rtx-4090": 0.4 };
    const all = rows(W70, { gpus: Object.keys(priced), prices: priced });
    const served = all.filter((r) => r.verdict !== "does-not-fit");
    expect(served.length).toBeGreaterThan(0);
    let tensor = 0;
    for (const r of served) {
      const gpu = gpus.find((g) => g.id === r.gpu)!;
      const tp = r.tensorParallel!;
      const replicas = r.gpus / tp;
      expect(Number.isInteger(replicas)).toBe(true);
      // 20 users over the replicas, rounded up.
      expect(r.usersPerReplica).toBe(Math.ceil(20 / replicas));
      // A node of the largest shape holds floor(perNode / tp) whole groups.
      const perNode = Math.max(...gpu.nodeGpus);
      expect(r.nodes).toBe(Math.ceil(replicas / Math.floor(perNode / tp)));
      expect(r.fewestNodes).toBe(r.nodes);
      expect(r.shape).toBe(tp > 1 ? "tensor-parallel" : replicas > 1 ? "replicas" : "single");
      expect(r.reasons.includes("tensor-parallel-in-node")).toBe(tp > 1);
      expect(r.reasons.includes("replicas-independent")).toBe(replicas > 1);
      expect(r.reasons.includes("unverified-figures")).toBe(gpu.unverified.length > 0);
      expect(r.reasons.includes("speed-from-run")).toBe(false);
      expect(r.reasons.at(-1)).toBe("user-price");
      expect(r.scalingBasis).toBe(r.gpus === 1 ? "single-gpu" : "independent");
      expect(r.scalingEfficiency).toBeNull();
      // The load asked: 20 users · 20 tokens/s = 400 tokens/s, each user at least 20.
      expect(r.loadTokensPerSecond).toBe(400);
      expect(r.tokensPerSecondPerUser!).toBeGreaterThanOrEqual(20);
      expect(r.tokensPerSecondPerUserRange).toBeDefined();
      // Capacity is whole groups' users; the share of it left: 1 − 20 / capacity.
      expect(r.capacityUsers! % replicas).toBe(0);
      expect(r.capacityUsers!).toBeGreaterThanOrEqual(20);
      expect(r.spareShare).toBeCloseTo(1 - 20 / r.capacityUsers!, 12);
      // Every GPU of the row billed for the load: price · GPUs per hour over 400 · 3600
      // tokens an hour, per million tokens.
      const price = priced[r.gpu as keyof typeof priced];
      expect(r.costPerMillionTokens).toBeCloseTo(((price * r.gpus) / (400 * 3600)) * 1e6, 9);
      // One hour served (the default): the run is 1 h, the cost price · GPUs · billed hours.
      expect(r.runHours).toBe(1);
      if (tp > 1) tensor++;
    }
    // 140 GB of 16-bit weights: no 80 GB GPU holds them alone, so a group is split.
    expect(tensor).toBeGreaterThan(0);
  });

  it("a small model for many users: replicas of one GPU, each a whole group", () => {
    // Llama 3.2 1B (2.5 GB in 16 bit) for 2000 users at 30 tokens/s: one GPU cannot give
    // them all 30 tokens/s, so several single-GPU replicas share them.
    const all = rows(
      {
        model: { preset: "llama-3.2-1b" },
        weightBits: 16,
        users: 2000,
        contextTokens: 2048,
        outputTokensPerSecondPerUser: 30,
      },
      { gpus: ["h100-sxm"], prices: { "h100-sxm": 2 } },
    );
    const r = all[0]!;
    expect(r.verdict).not.toBe("does-not-fit");
    const replicas = r.gpus / r.tensorParallel!;
    expect(replicas).toBeGreaterThan(1);
    expect(r.usersPerReplica).toBe(Math.ceil(2000 / replicas));
    expect(r.spareShare).toBeCloseTo(1 - 2000 / r.capacityUsers!, 12);
    expect(r.spareShare!).toBeGreaterThanOrEqual(0);
    // 2000 · 30 = 60,000 tokens/s asked.
    expect(r.loadTokensPerSecond).toBe(60_000);
  });

  it("a rate no group can give each user: too slow, though the model fits", () => {
    // 1B model, one user at 1,000,000 tokens/s: it fits one GPU, no GPU decodes that fast.
    const all = rows(
      {
        model: { preset: "llama-3.2-1b" },
        weightBits: 16,
        users: 1,
        contextTokens: 2048,
        outputTokensPerSecondPerUser: 1e6,
      },
      { gpus: ["h100-sxm"] },
    );
    expect(all[0]!.verdict).toBe("does-not-fit");
    expect(all[0]!.reasons).toEqual(["too-slow-per-user"]);
  });

  it("a model no group of the GPU holds: does not fit, at the largest count tried", () => {
    // 70B in 16 bit (about 141 GB of weights) on T4s: the largest group, a node of 8, has
    // 8 · 15,360 MiB = 128.8 GB. Counts up to the default 64: 1, 4, 8, 16, 32, 64.
    const all = rows(W70, { gpus: ["t4"] });
    expect(all[0]!.reasons).toEqual(["does-not-fit-largest"]);
    expect(all[0]!.gpus).toBe(64);
    expect(all[0]!.verdict).toBe("does-not-fit");
  });

  it("a model that fits only a group larger than the GPUs allowed does not fit; it is not too slow", () => {
    // 70B in 16 bit: about 70.6e9 · 2 = 141 GB of weights, more than one H100's 80 GB. With
    // one GPU allowed no group holds it (a group of 2 would, but the plan may not use it).
    const one = rows(
      { ...W70, users: 1, outputTokensPerSecondPerUser: 5 },
      {
        gpus: ["h100-sxm"],
        maxGpus: 1,
      },
    );
    expect(one[0]!.verdict).toBe("does-not-fit");
    expect(one[0]!.reasons).toEqual(["does-not-fit-largest"]);
    expect(one[0]!.gpus).toBe(1);
    // Four allowed: a tensor-parallel group holds it and serves the one user.
    const four = rows(
      { ...W70, users: 1, outputTokensPerSecondPerUser: 5 },
      {
        gpus: ["h100-sxm"],
        maxGpus: 4,
      },
    );
    expect(four[0]!.verdict).not.toBe("does-not-fit");
    expect(four[0]!.tensorParallel).toBeGreaterThan(1);
  });

  it("a GPU without a bandwidth or FP32 figure names what it lacks, in that order", () => {
    // The figures are checked before anything else is read: no serving setup is needed.
    const p = {} as ServingPlanInput;
    const { bandwidthGBps: _b, ...noBw } = rtx4090;
    expect(servingRow(p, noBw).reasons).toEqual(["no-bandwidth-figure"]);
    const { fp32Tflops: _f, ...noFp32 } = rtx4090;
    expect(servingRow(p, noFp32).reasons).toEqual(["no-compute-figure"]);
    const { fp32Tflops: _g, ...neither } = noBw;
    const row = servingRow(p, neither);
    expect(row.reasons).toEqual(["no-bandwidth-figure", "no-compute-figure"]);
    expect(row).toMatchObject({ gpus: 1, verdict: "does-not-fit", hours: null });
  });
});

/** Llama 3.1 8B in 16 bit at 8,192 tokens of context, vLLM at its defaults. */
const S8 = { model: { preset: "llama-3.1-8b" }, weightBits: 16, contextTokens: 8192 };
/** Llama 3.2 1B in 16 bit at 256 tokens: 128 of prompt, 64 of output. */
const S1 = {
  model: { preset: "llama-3.2-1b" },
  weightBits: 16,
  contextTokens: 256,
  promptTokens: 128,
  outputTokens: 64,
};

// Figures the hand working below reads (content/gpus.json, the presets' config.json):
// - Llama 3.1 8B: 8,030,261,248 parameters → 16,060,522,496 bytes in 16 bit. KV cache
//   2 (K, V) × 32 layers × 8 KV heads × 128 × 2 bytes = 131,072 bytes a token, so
//   1,073,741,824 (1 GiB) a user at 8,192 tokens. Pass workspace per token
//   (4 × 4,096 + 3 × 14,336) × 2 bytes = 118,784; logits 128,256 × 4 bytes a sequence.
// - vLLM: pool 0.9 of the GPU; 1 GiB outside PyTorch; on a GPU of 70 GiB or more that is
//   not an A100, 8,192-token passes and 1,024 sequences sampled, else 2,048 and 256.
// - A fit: 1.2 × the peak (20% headroom) + the CUDA context (1,343 MiB = 1,408,237,568
//   bytes) within the GPU's memory, and every user in the pool.
describe("a group's capacity: the users one group serves at the rate asked", () => {
  it("memory-bound: one H100 holds 47 users of Llama 3.1 8B at 8,192 tokens, where the memory task's fit ends", () => {
    // H100 SXM: 81,559 MiB = 85,520,809,984 bytes, 8,192-token passes: workspace
    // 8,192 × 118,784 = 973,078,528, logits 1,024 × 128,256 × 4 = 525,336,576. The peak at
    // b users: 16,060,522,496 + 973,078,528 + 525,336,576 + 1,073,741,824 + b GiB
    // = 18,632,679,424 + b × 1,073,741,824. It fits while the peak is at most
    // (85,520,809,984 − 1,408,237,568) / 1.2 = 70,093,810,346.7: b ≤ 47.93, so 47.
    // (The pool, (76,968,728,985.6 − 16,060,522,496 − 2,572,156,928) / 1 GiB = 54.3, holds 54.)
    // At 47: 1.2 × 69,098,545,152 + 1,408,237,568 = 84,326,491,750 bytes, within; at 48,
    // 85,614,981,939: over. One user at 1 token/s: 2, 4, 8, 16, 32 served, 64 not; the
    // halving search up to 63 lands on 47.
    const setup = { ...S8, gpu: "h100-sxm" };
    expect(fitAt(setup, 47)).toBe("fits");
    expect(fitAt(setup, 48)).not.toBe("fits");
    // Speed does not bind: 47 users each get more than the 1 token/s asked.
    expect(speedAt(setup, 47).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const one = rows(
      { ...S8, users: 1, outputTokensPerSecondPerUser: 1 },
      { gpus: ["h100-sxm"], prices: { "h100-sxm": 2 } },
    )[0]!;
    expect(one).toMatchObject({
      verdict: "fits",
      gpus: 1,
      tensorParallel: 1,
      usersPerReplica: 1,
      nodes: 1,
      shape: "single",
      scalingBasis: "single-gpu",
      reasons: ["user-price"],
      capacityUsers: 47,
    });
    // 1 − 1/47 of the group is spare.
    expect(one.spareShare).toBeCloseTo(46 / 47, 12);
    // From 40 users: 80 not served, the halving search up to 79 lands on 47 again.
    const forty = rows(
      { ...S8, users: 40, outputTokensPerSecondPerUser: 1 },
      { gpus: ["h100-sxm"] },
    )[0]!;
    expect(forty).toMatchObject({ gpus: 1, usersPerReplica: 40, capacityUsers: 47 });
    expect(forty.spareShare).toBeCloseTo(7 / 47, 12);
  });

  it("speed-bound: at the decode-speed task's rate for 100 users, the capacity is 100; a hair above it, 99", () => {
    // 1B at 256 tokens: 8 MiB of cache a user, so memory holds far more than 128 users and
    // the rate decides. Speed falls with users, so 1 → 64 users get the rate, 128 do not,
    // and the halving search up to 127 stops at the last count that gets it: 100, whose
    // rate it is exactly (a user given exactly the rate asked is served).
    const setup = { ...S1, gpu: "h100-sxm" };
    const rate = speedAt(setup, 100).tokensPerSecondPerSequence;
    expect(speedAt(setup, 101).tokensPerSecondPerSequence).toBeLessThan(rate);
    expect(fitAt(setup, 128)).toBe("fits");
    const at = (r: number) =>
      rows({ ...S1, users: 1, outputTokensPerSecondPerUser: r }, { gpus: ["h100-sxm"] })[0]!;
    expect(at(rate)).toMatchObject({ gpus: 1, tensorParallel: 1, capacityUsers: 100 });
    expect(at(rate * (1 + 1e-9)).capacityUsers).toBe(99);
  });

  it("vLLM runs at most 1,024 users at once on an H100: the doubling stops there, though the memory and the rate would hold 2,048", () => {
    // 1B: 1,235,814,400 parameters → 2,471,628,800 bytes; cache 16 layers × 2 × 8 KV heads
    // × 64 × 2 bytes = 32,768 a token, 8,388,608 a user at 256. On an H100 (8,192-token
    // passes: 8,192 × (4 × 2,048 + 3 × 8,192) × 2 = 536,870,912; logits 525,336,576) the
    // peak at 2,048 users is 2,471,628,800 + 2,048 × 8,388,608 + 536,870,912 + 525,336,576
    // + 1,073,741,824 = 21,787,447,296; 1.2 × it + 1,408,237,568 = 27,553,174,323.2, within
    // 85,520,809,984; the pool holds (76,968,728,985.6 − 2,471,628,800 − 2,135,949,312)
    // / 8,388,608 = 8,626 users. But vLLM's max_num_seqs on a GPU of 70 GiB or more that is
    // not an A100 is 1,024 (the H100's 81,559 MiB is over 71,680): users past it queue. One
    // user at 1 token/s: 1, 2, 4, ..., 1,024, then stop.
    const setup = { ...S1, gpu: "h100-sxm" };
    expect(fitAt(setup, 2048)).toBe("fits");
    expect(speedAt(setup, 2048).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const at = (users: number) =>
      rows({ ...S1, users, outputTokensPerSecondPerUser: 1 }, { gpus: ["h100-sxm"] })[0]!;
    const one = at(1);
    expect(one.capacityUsers).toBe(1024);
    expect(one.spareShare).toBeCloseTo(1023 / 1024, 12);
    // From 3 users the doubling goes 6, 12, ..., 768, and stops at 1,024, not 1,536.
    expect(at(3)).toMatchObject({ gpus: 1, usersPerReplica: 3, capacityUsers: 1024 });
    // 1,500 users: one H100 would hold them all and give each the rate, but runs 1,024 at
    // once, so two replicas of one GPU take 750 each; capacity 2 × 1,024 = 2,048.
    const many = at(1500);
    expect(many).toMatchObject({
      gpus: 2,
      tensorParallel: 1,
      shape: "replicas",
      usersPerReplica: 750,
      capacityUsers: 2048,
    });
    expect(many.spareShare).toBeCloseTo(1 - 1500 / 2048, 12);
  });

  it("vLLM runs at most 256 users at once on an RTX 4090: the capacity stops there, though the memory and the rate would hold 512", () => {
    // RTX 4090: 24,564 MiB = 25,757,220,864 bytes, under 70 GiB: 2,048-token passes and
    // max_num_seqs 256. 1B at 256 tokens: workspace 2,048 × 65,536 = 134,217,728, logits
    // 256 × 128,256 × 4 = 131,334,144; peak at 512 users 2,471,628,800 + 134,217,728
    // + 131,334,144 + 1,073,741,824 + 512 × 8,388,608 = 8,105,889,792; 1.2 × it
    // + 1,408,237,568 = 11,135,305,318.4, within the card; the pool holds
    // (0.9 × 25,757,220,864 − 2,471,628,800 − 265,551,872 − 1,073,741,824) / 8,388,608
    // = 2,309 users. One user at 1 token/s: 1, 2, ..., 256, then stop.
    const setup = { ...S1, gpu: "rtx-4090" };
    expect(fitAt(setup, 512)).toBe("fits");
    expect(speedAt(setup, 512).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const r = rows(
      { ...S1, users: 1, outputTokensPerSecondPerUser: 1 },
      { gpus: ["rtx-4090"] },
    )[0]!;
    expect(r).toMatchObject({ gpus: 1, usersPerReplica: 1, capacityUsers: 256 });
  });

  it("the doubling stops at TensorRT-LLM's 2,048 users, though the memory and the rate would hold 4,096", () => {
    // TensorRT-LLM on an H100: 8,192-token passes (max_num_tokens), logits for every user
    // (128,256 × 4 = 513,024 bytes each), no memory outside PyTorch. Peak at b users of 1B
    // at 256 tokens: 2,471,628,800 + 536,870,912 + b × (8,388,608 + 513,024)
    // = 3,008,499,712 + 8,901,632 b; at 4,096 users 39,469,584,384, and 1.2 × it
    // + 1,408,237,568 = 48,771,738,828.8, within 85,520,809,984. Its pool is 0.9 of what is
    // free after the weights and buffers: 0.9 × (85,520,809,984 − 1,408,237,568
    // − 2,471,628,800 − 536,870,912 − 4,096 × 513,024) = 71,102,453,760 bytes, 8,476 users.
    // One user at 1 token/s: 1, 2, 4, ..., 2,048, then stop (max_batch_size).
    const s = { ...S1, engine: "tensorrt-llm" };
    const setup = { ...s, gpu: "h100-sxm" };
    expect(fitAt(setup, 4096)).toBe("fits");
    expect(speedAt(setup, 4096).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const r = rows({ ...s, users: 1, outputTokensPerSecondPerUser: 1 }, { gpus: ["h100-sxm"] })[0]!;
    expect(r.capacityUsers).toBe(2048);
    expect(r.spareShare).toBeCloseTo(2047 / 2048, 12);
    // From 3 users the doubling goes 6, 12, ..., 1,536, and stops at 2,048, not 3,072: the
    // memory and the rate would hold 3,072 (they hold 4,096), the engine runs no more than 2,048.
    expect(fitAt(setup, 3072)).toBe("fits");
    const three = rows(
      { ...s, users: 3, outputTokensPerSecondPerUser: 1 },
      { gpus: ["h100-sxm"] },
    )[0]!;
    expect(three).toMatchObject({ gpus: 1, usersPerReplica: 3, capacityUsers: 2048 });
    expect(three.spareShare).toBeCloseTo(1 - 3 / 2048, 12);
  });

  it("a capacity between 1,024 and 2,048 is found by halving, not rounded up to the stop", () => {
    // TensorRT-LLM on an H100, 1B at 1,024 tokens: 32,768 × 1,024 = 33,554,432 bytes of cache
    // a user, plus its 513,024 bytes of logits. Peak at b users: 3,008,499,712
    // + b × 34,067,456 ≤ (85,520,809,984 − 1,408,237,568) / 1.2 = 70,093,810,346.7:
    // b ≤ 1,969.2, so 1,969 (at 1,969: 1.2 × 70,087,320,576 + 1,408,237,568
    // = 85,513,022,259.2 ≤ 85,520,809,984; at 1,970, 85,553,903,206.4: over). The pool at
    // 1,969 holds 0.9 × (84,112,572,416 − 2,471,628,800 − 536,870,912 − 1,969 × 513,024)
    // / 33,554,432 = 2,148. From 1 user: 1,024 served, 2,048 not; the halving search up to
    // 2,047 lands on 1,969.
    const s = { ...S1, engine: "tensorrt-llm", contextTokens: 1024 };
    const setup = { ...s, gpu: "h100-sxm" };
    expect(fitAt(setup, 1969)).toBe("fits");
    expect(fitAt(setup, 1970)).not.toBe("fits");
    expect(speedAt(setup, 1969).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const r = rows({ ...s, users: 1, outputTokensPerSecondPerUser: 1 }, { gpus: ["h100-sxm"] })[0]!;
    expect(r.capacityUsers).toBe(1969);
  });

  it("one user on an A10G: a card that holds one user has a capacity of one, and says its figures are unverified", () => {
    // A10G: 23,028 MiB = 24,146,608,128 bytes, 2,048-token passes: workspace
    // 2,048 × 118,784 = 243,269,632, logits 256 × 128,256 × 4 = 131,334,144. Peak
    // 16,060,522,496 + 243,269,632 + 131,334,144 + 1,073,741,824 + b GiB
    // = 17,508,868,096 + b × 1,073,741,824 ≤ (24,146,608,128 − 1,408,237,568) / 1.2
    // = 18,948,642,133: b ≤ 1.34, so 1 (2 not served; the halving search up to 1 gives 1).
    expect(fitAt({ ...S8, gpu: "a10g" }, 1)).toBe("fits");
    expect(fitAt({ ...S8, gpu: "a10g" }, 2)).not.toBe("fits");
    const r = rows(
      { ...S8, users: 1, outputTokensPerSecondPerUser: 1 },
      { gpus: ["a10g"], prices: { a10g: 1 } },
    )[0]!;
    expect(r).toMatchObject({ gpus: 1, capacityUsers: 1, spareShare: 0, shape: "single" });
    // Its FP32, tensor and power figures are unverified in the catalog.
    expect(r.reasons).toEqual(["unverified-figures", "user-price"]);
  });
});

describe("the group: the fewest GPUs, tensor parallel within one node", () => {
  // RTX 4090: 24,564 MiB = 25,757,220,864 bytes; 2,048-token passes. One card: peak
  // 16,060,522,496 + 243,269,632 + 131,334,144 + 1,073,741,824 + b GiB
  // = 17,508,868,096 + b × 1,073,741,824 ≤ (25,757,220,864 − 1,408,237,568) / 1.2
  // = 20,290,819,413.3: b ≤ 2.59, so 2 users. A pair: half the weights (8,030,261,248), 4 of
  // the 8 KV heads (536,870,912 a user), half the pass workspace (121,634,816), the same
  // logits and 1 GiB: 9,356,972,032 + b × 536,870,912 ≤ 20,290,819,413.3: b ≤ 20.37, so 20
  // (its pool: (23,181,498,777.6 − 8,030,261,248 − 1,326,710,784) / 536,870,912 = 25.7).
  const setup = { ...S8, gpu: "rtx-4090" };
  const at = (users: number, extra: Record<string, unknown> = {}) =>
    rows(
      { ...S8, users, outputTokensPerSecondPerUser: 1 },
      { gpus: ["rtx-4090"], prices: { "rtx-4090": 0.4 }, ...extra },
    )[0]!;

  it("the memory task agrees: a 4090 holds 2 users, a pair of them 20", () => {
    expect(fitAt(setup, 2)).toBe("fits");
    expect(fitAt(setup, 3)).not.toBe("fits");
    expect(fitAt(setup, 20, 2)).toBe("fits");
    expect(fitAt(setup, 21, 2)).not.toBe("fits");
    expect(speedAt(setup, 20, 2).tokensPerSecondPerSequence).toBeGreaterThan(1);
  });

  it("4 users: two single cards or one pair are both 2 GPUs; the tie stays with replicas of one", () => {
    const r = at(4);
    expect(r).toMatchObject({
      gpus: 2,
      tensorParallel: 1,
      usersPerReplica: 2,
      // Two replicas of one card in a node of 8.
      nodes: 1,
      shape: "replicas",
      scalingBasis: "independent",
      reasons: ["replicas-independent", "user-price"],
      // Each card is full: 2 × 2 users, none spare.
      capacityUsers: 4,
      spareShare: 0,
    });
  });

  it("8 users: four single cards, one pair (2 GPUs) or one group of four; the pair wins", () => {
    const r = at(8);
    expect(r).toMatchObject({
      gpus: 2,
      tensorParallel: 2,
      usersPerReplica: 8,
      nodes: 1,
      shape: "tensor-parallel",
      reasons: ["tensor-parallel-in-node", "user-price"],
      // From 8: 16 served, 32 not; the halving search up to 31 lands on 20.
      capacityUsers: 20,
    });
    // 1 − 8/20.
    expect(r.spareShare).toBeCloseTo(0.6, 12);
    // With 3 GPUs allowed, the four single cards are out; the pair still serves everyone.
    expect(at(8, { maxGpus: 3 })).toMatchObject({ gpus: 2, tensorParallel: 2 });
  });

  // Llama 3.1 70B: 70,553,706,496 parameters; KV 2 × 80 layers × 8 KV heads × 128 × 2 bytes
  // = 327,680 a token, 2,684,354,560 a user at 8,192. A100 80GB PCIe: 81,920 MiB
  // = 85,899,345,920 bytes, nodes of at most 4 GPUs (content/gpus.json), an A100 (2,048-token
  // passes): a fit needs a peak of at most (85,899,345,920 − 1,408,237,568) / 1.2
  // = 70,409,256,960 bytes. A100 80GB SXM: the same memory, nodes of 8.
  const S70 = { model: { preset: "llama-3.1-70b" }, weightBits: 16, contextTokens: 8192 };

  it("70B in 16 bit on A100 PCIe: a group of 4, the largest a node holds, and 50 users in it", () => {
    // A pair: 141,107,412,992 / 2 = 70,553,706,496 bytes of weights a GPU, over the limit
    // before any cache. Four: 35,276,853,248 of weights, 2 of 8 KV heads (671,088,640 a
    // user), 2,048 × (4 × 8,192 + 3 × 28,672) × 2 / 4 = 121,634,816 of pass workspace,
    // 131,334,144 of logits, 1 GiB: 36,603,564,032 + b × 671,088,640 ≤ 70,409,256,960, so
    // b ≤ 50.4: 50 (the pool holds 60). From 1 user: 32 served, 64 not, halving to 50.
    const setup = { ...S70, gpu: "a100-80gb-pcie" };
    expect(fitAt(setup, 1, 2)).not.toBe("fits");
    expect(fitAt(setup, 50, 4)).toBe("fits");
    expect(fitAt(setup, 51, 4)).not.toBe("fits");
    expect(speedAt(setup, 50, 4).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const r = rows(
      { ...S70, users: 1, outputTokensPerSecondPerUser: 1 },
      { gpus: ["a100-80gb-pcie"], prices: { "a100-80gb-pcie": 1.5 } },
    )[0]!;
    expect(r).toMatchObject({
      verdict: "needs-gpus",
      gpus: 4,
      tensorParallel: 4,
      nodes: 1,
      capacityUsers: 50,
      // Its memory.total is unverified in the catalog.
      reasons: ["tensor-parallel-in-node", "unverified-figures", "user-price"],
    });
  });

  it("70B in 32 bit needs a group of 8: none on A100 PCIe (nodes of 4), one on A100 SXM", () => {
    // 282,214,825,984 bytes of weights: a group of 4 has 70,553,706,496 a GPU, over the
    // 70,409,256,960 limit before any cache; a group of 8 has half that.
    const all = rows(
      { ...S70, weightBits: 32, users: 1, outputTokensPerSecondPerUser: 1 },
      { gpus: ["a100-80gb-pcie", "a100-80gb-sxm"] },
    );
    const pcie = all.find((r) => r.gpu === "a100-80gb-pcie")!;
    // No group within a node holds it: does not fit, at the largest count tried (64).
    expect(pcie).toMatchObject({ verdict: "does-not-fit", gpus: 64 });
    expect(pcie.reasons).toEqual(["does-not-fit-largest"]);
    const sxm = all.find((r) => r.gpu === "a100-80gb-sxm")!;
    expect(sxm).toMatchObject({ verdict: "needs-gpus", gpus: 8, tensorParallel: 8 });
  });

  it("too slow only where a group within a node and the GPUs allowed holds one user", () => {
    // 70B in 16 bit on A100 PCIe at 1,000,000 tokens/s: the group of 4 holds it (above),
    // no group reaches that rate.
    const slow = (extra: Record<string, unknown>) =>
      rows(
        { ...S70, users: 1, outputTokensPerSecondPerUser: 1e6 },
        { gpus: ["a100-80gb-pcie"], ...extra },
      )[0]!;
    expect(slow({}).reasons).toEqual(["too-slow-per-user"]);
    expect(slow({ maxGpus: 4 })).toMatchObject({ gpus: 4, reasons: ["too-slow-per-user"] });
    // With 2 GPUs allowed, only groups of 1 and 2 may be used, and neither holds it.
    expect(slow({ maxGpus: 2 })).toMatchObject({ gpus: 2, reasons: ["does-not-fit-largest"] });
  });

  it("not too slow where a group gives a user the rate but holds too few users on the GPUs allowed", () => {
    // Llama 3.1 8B at 8,192 tokens: one RTX 4090 holds 2 users (the capacity test above) and
    // gives one user far more than 1 token/s; 8 users need 4 of them, and 1 is allowed. The
    // users do not fit on what was tried; speed is not what fails.
    const setup = { ...S8, gpu: "rtx-4090" };
    expect(fitAt(setup, 2)).toBe("fits");
    expect(fitAt(setup, 3)).not.toBe("fits");
    expect(speedAt(setup, 1).tokensPerSecondPerSequence).toBeGreaterThan(1);
    const r = rows(
      { ...S8, users: 8, outputTokensPerSecondPerUser: 1 },
      { gpus: ["rtx-4090"], maxGpus: 1 },
    )[0]!;
    expect(r).toMatchObject({
      verdict: "does-not-fit",
      gpus: 1,
      reasons: ["does-not-fit-largest"],
    });
  });

  it("no group uses more GPUs than allowed", () => {
    // 1B for 2,000 users at 30 tokens/s needs several H100s (the replicas test above); with
    // 2 allowed there is no row that serves them.
    const r = rows(
      {
        model: { preset: "llama-3.2-1b" },
        weightBits: 16,
        users: 2000,
        contextTokens: 2048,
        outputTokensPerSecondPerUser: 30,
      },
      { gpus: ["h100-sxm"], maxGpus: 2 },
    )[0]!;
    expect(r).toMatchObject({ verdict: "does-not-fit", gpus: 2 });
  });
});

describe("a serving plan with a measured run", () => {
  it("every GPU's speed is the estimate × measured ÷ estimated on the run's GPU, and the row says so", () => {
    // The run: one H100, one request at a time, at twice the decode-speed task's output
    // tokens/s for the same setup: the ratio is 2.
    const h100 = { ...S8, gpu: "h100-sxm" };
    const rtx = { ...S8, gpu: "rtx-4090" };
    const measured = { gpu: "h100-sxm", tokensPerSecond: 2 * speedAt(h100, 1).tokensPerSecond };
    const r = runRequest(
      {
        task: "plan",
        workload: { task: "serve", ...S8, users: 1, outputTokensPerSecondPerUser: 1 },
        gpus: ["h100-sxm", "rtx-4090"],
        prices: { "h100-sxm": 2, "rtx-4090": 0.4 },
        measured: { ...measured, concurrency: 1 },
      },
      ctx,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const plan = r.result as unknown as { rows: PlanRow[]; basis: { ratio: number } };
    expect(plan.basis.ratio).toBe(2);
    for (const [id, setup] of [
      ["h100-sxm", h100],
      ["rtx-4090", rtx],
    ] as const) {
      const row = plan.rows.find((x) => x.gpu === id)!;
      // One user on one card either way: the estimate for 1 user, doubled.
      expect(row.gpus, id).toBe(1);
      expect(row.tokensPerSecondPerUser, id).toBeCloseTo(
        2 * speedAt(setup, 1).tokensPerSecondPerSequence,
        9,
      );
      expect(row.reasons, id).toEqual(["speed-from-run", "user-price"]);
      // The run's ratio sets the range (the plan's basis), not the spread of published runs.
      expect(row.tokensPerSecondPerUserRange, id).toBeUndefined();
    }
  });
});
