import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECODE_CONSTANTS } from "../../../../src/estimate/generated/decode-constants.ts";
import {
  kvShareOnGpu,
  linkClass,
  stepFeatures,
} from "../../../../src/estimate/serving/decode-step.ts";
import { decodeConstants, servingSpeed } from "../../../../src/estimate/serving/speed.ts";
import {
  burstOf,
  engineSchedule,
  servingCycle,
} from "../../../../src/estimate/serving/schedule.ts";
import type { StepLoad } from "../../../../src/estimate/serving/schedule.ts";
import type { ServingSpeedInput } from "../../../../src/estimate/serving/speed.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { weightBytes } from "../../../../src/estimate/model/weight-bytes.ts";
import { a100, allFinite, GPUS, RUNS, rtx4090, runOk } from "../helpers.ts";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";

const CATALOG = loadGpuSpecs();

const llama2 = findPreset("llama-2-7b")!.model;
const N = 6_738_415_616; // Llama 2 7B
const base: ServingSpeedInput = {
  model: llama2,
  gpu: rtx4090,
  format: "gguf",
  weightBits: 16,
  scaleBits: 0,
  kvBits: 16,
  contextTokens: 4096,
  batch: 1,
  engine: "llama.cpp",
  tensorParallel: 1,
  promptTokens: 0,
  outputTokens: 256,
};
/** One step of `tokens` tokens over `sequences` sequences at a mean `context` (`stepFeatures`). */
const load = (sequences: number, context: number, tokens = sequences) => ({
  ...base,
  contextTokens: context,
  batch: sequences,
  tokens,
});

describe("what a decode step reads", () => {
  it("every active weight and the head, but one row of an untied input embedding", () => {
    const w = weightBytes(llama2, "fp16", 16, 0);
    expect(w.stored).toBe(2 * N);
    // 32000 x 4096 embedding: only its 4096-wide row is read.
    expect(w.readPerStep).toBe(2 * N - 2 * 32000 * 4096 + 2 * 4096);
  });
  it("the KV cache at the context reached; tensor parallel splits KV heads, replicating past their count", () => {
    const llama31 = findPreset("llama-3.1-8b")!.model;
    expect(kvShareOnGpu(llama31, 1)).toBe(1);
    expect(kvShareOnGpu(llama31, 4)).toBe(1 / 4);
    // 8 KV heads over 16 GPUs: each still holds one head.
    expect(kvShareOnGpu(llama31, 16)).toBe(1 / 8);
    const f = stepFeatures({ ...load(1, 4096), model: llama31, format: "fp16" });
    expect(f.kvBytesPerGpu).toBe(4096 * 2 * 32 * 8 * 128 * 2);
  });
  it("the bound: bytes per GPU at the datasheet bandwidth; tensor parallel divides them", () => {
    const one = stepFeatures({ ...load(1, 1), gpu: a100 });
    const two = stepFeatures({ ...load(1, 1), gpu: a100, tensorParallel: 2 });
    expect(one.boundSeconds).toBeCloseTo(one.bytesPerGpu / 2039e9, 15);
    expect(two.weightBytesPerGpu).toBeCloseTo(one.weightBytesPerGpu / 2, 3);
    expect(two.allReduceSteps).toBe(2 * 32);
  });
  it("links: NVSwitch and Infinity Fabric are GPU links; a bridge joins pairs only; GeForce PCIe has no P2P", () => {
    const gpu = (id: string) => CATALOG.find((g) => g.id === id)!;
    expect(linkClass(gpu("h100-sxm"), 8)).toBe("gpu-link");
    expect(linkClass(gpu("mi300x"), 8)).toBe("gpu-link");
    expect(linkClass(gpu("rtx-3090"), 2)).toBe("gpu-link");
    // Four cross PCIe; the RTX 3090's P2P is unchecked, costed as none on a GeForce card.
    expect(linkClass(gpu("rtx-3090"), 4)).toBe("pcie-no-p2p");
    expect(linkClass(gpu("rtx-4090"), 2)).toBe("pcie-no-p2p");
  });
});

describe("decode speed from the calibrated constants", () => {
  it("step = reads / share + layers × per-layer cost (+ all-reduces), for the engine and format", () => {
    // One sequence, no prompt, 256 output tokens: every step decodes one token at a context
    // of 1 + 255/2 tokens on average (the prompt step is one token too).
    const r = servingSpeed(base);
    const c = decodeConstants("llama.cpp", "gguf", "pcie-no-p2p");
    const f = stepFeatures(load(1, (0.5 + 255 * (1 + 255 / 2)) / 256));
    expect(c.basis).toBe("llama.cpp/gguf");
    expect(c.bandwidthShare).toBe(DECODE_CONSTANTS.bandwidthShare["llama.cpp/gguf"]);
    expect(r.tpotSeconds).toBeCloseTo(
      f.boundSeconds / c.bandwidthShare + 32 * c.perLayerSeconds,
      12,
    );
    expect(r.breakdown.reduce((a, b) => a + b.value, 0)).toBeCloseTo(r.tpotSeconds, 12);
    expect(r.tokensPerSecond).toBeLessThanOrEqual(r.boundTokensPerSecond);
  });
  it("Ollama runs llama.cpp's kernels; TensorRT-LLM has constants of its own", () => {
    expect(decodeConstants("ollama", "gguf", "gpu-link").basis).toBe("llama.cpp/gguf");
    const trt = decodeConstants("tensorrt-llm", "fp16", "gpu-link");
    expect(trt.basis).toBe("tensorrt-llm/fp16");
    expect(trt.warnings).toEqual([]);
    expect(trt.bandwidthShare).toBe(DECODE_CONSTANTS.bandwidthShare["tensorrt-llm/fp16"]);
    expect(trt.computeBasis).toBe("tensorrt-llm/fp16");
    expect(trt.computeShare).toBe(DECODE_CONSTANTS.computeShare["tensorrt-llm/fp16"]);
    // Fitted on rows of at least two GPU generations (A100 and H100), not vLLM's.
    expect(DECODE_CONSTANTS.rows["share:tensorrt-llm/fp16"]).toBeGreaterThan(20);
    expect(trt.bandwidthShare).not.toBe(decodeConstants("vllm", "fp16", "gpu-link").bandwidthShare);
  });
  it("a format the engine has no rows for falls back to its 16-bit constants, with a warning", () => {
    const c = decodeConstants("vllm", "bnb", "gpu-link");
    expect(c.basis).toBe("vllm/fp16");
    expect(c.warnings.map((w) => w.code)).toContain("decode-format-uncalibrated");
  });
  it("the user's efficiency replaces the calibrated share", () => {
    expect(servingSpeed({ ...base, efficiency: 0.5 }).efficiency).toBe(0.5);
  });
  it("properties: finite, ≤ the bound, a prompt twice as long or wider weights never faster", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 32768 }),
        fc.integer({ min: 1, max: 4096 }),
        fc.integer({ min: 1, max: 512 }),
        fc.constantFrom(
          "transformers",
          "vllm",
          "sglang",
          "llama.cpp",
          "ollama",
          "exllamav2",
          "tensorrt-llm" as const,
        ),
        fc.constantFrom(...GPUS.filter((g) => g.bandwidthGBps !== undefined)),
        fc.constantFrom(1, 2, 4, 8),
        (prompt, output, batch, engine, gpu, tp) => {
          const i: ServingSpeedInput = {
            ...base,
            engine,
            format: engine === "llama.cpp" || engine === "ollama" ? "gguf" : "fp16",
            gpu,
            promptTokens: prompt,
            outputTokens: output,
            contextTokens: 40000,
            batch,
            tensorParallel: tp,
          };
          const r = servingSpeed(i);
          expect(allFinite(r)).toBe(true);
          expect(r.tokensPerSecond).toBeGreaterThan(0);
          expect(r.tokensPerSecond).toBeLessThanOrEqual(r.boundTokensPerSecond * (1 + 1e-9));
          expect(r.ttftSeconds).toBeGreaterThan(0);
          // Equal speeds (compute bound) may differ in a float's last bits.
          const slack = r.tokensPerSecond * (1 + 1e-9);
          // Not one token longer: a prompt just past the step budget splits into two chunks,
          // each riding in a memory-bound decode step whose idle arithmetic absorbs it
          // (chunked prefill's piggybacking, Agrawal et al. 2024, Sarathi-Serve), and can come
          // out a few percent faster (vLLM, A40, 9 users, 2,039 → 2,040 tokens: +3.3%), as
          // an engine's own steps can. Twice the prompt's work never is.
          expect(
            servingSpeed({ ...i, promptTokens: 2 * prompt + 1 }).tokensPerSecond,
          ).toBeLessThanOrEqual(slack);
          expect(servingSpeed({ ...i, weightBits: 32 }).tokensPerSecond).toBeLessThanOrEqual(slack);
        },
      ),
      RUNS,
    );
  });
});

describe("serving many users: the engine's schedule", () => {
  const h100 = CATALOG.find((g) => g.id === "h100-sxm")!;
  const llama8b = findPreset("llama-3.1-8b")!.model;
  const vllm: ServingSpeedInput = {
    ...base,
    model: llama8b,
    engine: "vllm",
    format: "fp16",
    gpu: h100,
    promptTokens: 1024,
    outputTokens: 256,
    contextTokens: 8192,
  };
  it("vLLM on an H100: chunks of up to 8192 tokens, 1024 sequences at most (vllm/engine/arg_utils.py)", () => {
    const s = engineSchedule("vllm", h100, 1);
    expect(s).toMatchObject({ mode: "mixed", stepTokens: 8192, maxRunning: 1024 });
    expect(engineSchedule("vllm", a100, 1)).toMatchObject({ stepTokens: 2048, maxRunning: 256 });
    expect(engineSchedule("sglang", h100, 1).mode).toBe("separate");
    expect(engineSchedule("transformers", h100, 1).mode).toBe("static");
  });
  it("a mixed schedule by hand: 4 users, prompts of 1000, 101 output tokens, 8192-token steps", () => {
    // 100 decode steps and 1 prompt step per request: 101 steps, each decoding
    // 4·100/101 = 3.96 tokens; each of the 4 prompts fits one step (1000 < 8192 − 3.96), so
    // 4 of the 101 steps carry a 1000-token chunk. With a step costing 10 ms + 10 µs a token:
    // pure decode 10.0396 ms, with a chunk 20.0396 ms; service = 4·20.0396 + 97·10.0396 =
    // 1054.0 ms; TTFT = one chunk step; TPOT = (1054.0 − 20.04) / 100 = 10.3396 ms.
    const c = servingCycle({
      schedule: engineSchedule("vllm", h100, 1),
      users: 4,
      promptTokens: 1000,
      outputTokens: 101,
      stepSeconds: (l: StepLoad) => 0.01 + 1e-5 * l.tokens,
    });
    expect(c.running).toBe(4);
    expect(c.promptSteps).toBe(1);
    const d = 0.01 + (1e-5 * 400) / 101;
    expect(c.decodeStepSeconds).toBeCloseTo(d, 12);
    expect(c.promptStepSeconds).toBeCloseTo(d + 0.01, 12);
    expect(c.serviceSeconds).toBeCloseTo(4 * (d + 0.01) + 97 * d, 12);
    expect(c.ttftSeconds).toBeCloseTo(d + 0.01, 12);
    expect(c.tpotSeconds).toBeCloseTo((4 * (d + 0.01) + 97 * d - (d + 0.01)) / 100, 12);
    expect(c.outputTokensPerSecond).toBeCloseTo((4 * 101) / c.serviceSeconds, 9);
  });
  it("users beyond what the engine runs wait (Little's law): 2048 users on vLLM's 1024 places", () => {
    const c = servingCycle({
      schedule: engineSchedule("vllm", h100, 1),
      users: 2048,
      promptTokens: 100,
      outputTokens: 100,
      stepSeconds: () => 0.02,
    });
    expect(c.running).toBe(1024);
    expect(c.queued).toBe(1024);
    // Each request waits one service time (2048/1024 − 1 = 1) before its place comes.
    expect(c.waitSeconds).toBeCloseTo(c.serviceSeconds, 12);
  });
  it("a burst by hand: 5 requests at once on 2 places, 20 ms steps, prompts of one step, 5 output tokens", () => {
    // Steady state (2 users): 1 prompt step + 4 decode steps = 0.10 s a request, the first
    // token after 0.02 s. The burst: both first prompts pass in the one ramp step (first
    // tokens at 0.02 s, last at 0.02 + 4·0.02 = 0.10 s); request 3 takes the place request 1
    // frees: first token 0.10 + 0.02 = 0.12 s, ends 0.12 + 0.08 = 0.20 s; request 4 likewise
    // 0.12 → 0.20 s; request 5 waits for request 3: 0.20 + 0.02 = 0.22 → 0.30 s.
    const cycle = servingCycle({
      schedule: engineSchedule("vllm", h100, 1),
      users: 2,
      promptTokens: 100,
      outputTokens: 5,
      stepSeconds: () => 0.02,
    });
    expect(cycle.serviceSeconds).toBeCloseTo(0.1, 12);
    const b = burstOf(cycle, 5, 1, 0.02, 5);
    expect(b.makespanSeconds).toBeCloseTo(0.3, 12);
    // First tokens 0.02, 0.02, 0.12, 0.12, 0.22: mean 0.10, the 3rd of 5 is the median and
    // the 5th the 90th percentile (nearest rank).
    expect(b.ttft.mean).toBeCloseTo(0.1, 12);
    expect(b.ttft.p50).toBeCloseTo(0.12, 12);
    expect(b.ttft.p90).toBeCloseTo(0.22, 12);
    expect(b.outputTokensPerSecond).toBeCloseTo(25 / 0.3, 9);
  });
  it("a burst larger than the engine's places queues: the time to first token grows with it", () => {
    const at = (batch: number) =>
      servingSpeed({ ...vllm, batch, arrival: "burst", promptTokens: 200, outputTokens: 200 });
    // vLLM on an H100 runs up to 1024 at once (its max_num_seqs); a 3,000-request burst
    // queues about two thirds of them behind the first 1024.
    const pool = at(1024);
    const queued = at(3000);
    expect(queued.runningSequences).toBe(1024);
    // Said as requests queueing, not users.
    expect(queued.warnings.map((w) => w.code)).toContain("requests-queued");
    expect(queued.warnings.map((w) => w.code)).not.toContain("users-queued");
    expect(queued.ttftMedianSeconds).toBeGreaterThan(2 * pool.ttftMedianSeconds);
    expect(queued.ttftP90Seconds).toBeGreaterThan(queued.ttftMedianSeconds);
    // The queue costs time to first token, not throughput: the places stay full.
    expect(queued.tokensPerSecond).toBeGreaterThan(0.8 * pool.tokensPerSecond);
  });
  it("users in step wait as a burst of as many does: each prompt's first token ends the step its turn in the budget falls in", () => {
    const closed = servingSpeed({ ...vllm, batch: 64 });
    const burst = servingSpeed({ ...vllm, batch: 64, arrival: "burst" });
    const said = (r: typeof burst, key: string) => r.assumptions.find((a) => a.key === key);
    // 64 prompts of 1024 tokens pass in 8 steps of vLLM's 8192-token budget, 8 prompts a
    // step: request j (1…64) has its first token at the end of step ⌈j/8⌉. Mean (1+…+8)/8 =
    // 4.5 steps; median, request 32: step 4; 90th percentile, request ⌈0.9 × 64⌉ = 58: step 8.
    const step = Number(said(burst, "burst-ramp-seconds")?.value) / 8;
    expect(step).toBeGreaterThan(0);
    for (const r of [closed, burst]) {
      expect(r.ttftSeconds).toBeCloseTo(4.5 * step, 12);
      expect(r.ttftMedianSeconds).toBeCloseTo(4 * step, 12);
      expect(r.ttftP90Seconds).toBeCloseTo(8 * step, 12);
    }
    // A request lasts its wait for the first token, then 255 more tokens at the steady pace.
    for (const r of [closed, burst])
      expect(r.secondsPerRequest).toBeCloseTo(r.ttftSeconds + 255 * r.tpotSeconds, 9);
    // The loop's output rate is its steady one; the burst's ends when its last request does.
    expect(closed.tokensPerSecond).not.toBe(burst.tokensPerSecond);
    // The result says which is the burst.
    expect(said(burst, "arrival")?.value).toBe("burst");
    expect(said(closed, "arrival")).toBeUndefined();
    // One user alone waits for its own prompt only: mean, median and 90th percentile agree.
    const one = servingSpeed({ ...vllm, batch: 1 });
    expect(one.ttftMedianSeconds).toBe(one.ttftSeconds);
    expect(one.ttftP90Seconds).toBe(one.ttftSeconds);
    expect(one.ttftSeconds).toBeLessThan(closed.ttftMedianSeconds);
  });
  it("a longer prompt lowers serving throughput and lengthens the time to first token", () => {
    const short = servingSpeed({ ...vllm, batch: 16, promptTokens: 128 });
    const long = servingSpeed({ ...vllm, batch: 16, promptTokens: 4096 });
    expect(long.tokensPerSecond).toBeLessThan(short.tokensPerSecond);
    expect(long.ttftSeconds).toBeGreaterThan(short.ttftSeconds);
    expect(long.tpotSeconds).toBeGreaterThan(short.tpotSeconds);
  });
  it("each user's speed falls as users grow; the total grows; so does the time to first token", () => {
    let last = servingSpeed({ ...vllm, batch: 1 });
    for (const users of [2, 4, 16, 64, 256]) {
      const r = servingSpeed({ ...vllm, batch: users });
      expect(r.tokensPerSecondPerSequence, `${users}`).toBeLessThan(
        last.tokensPerSecondPerSequence,
      );
      expect(r.tokensPerSecond, `${users}`).toBeGreaterThan(last.tokensPerSecond);
      expect(r.ttftSeconds, `${users}`).toBeGreaterThanOrEqual(last.ttftSeconds);
      last = r;
    }
    // Past the compute bound the total stops growing much: at 256 users the arithmetic
    // outlasts the weight read it overlaps (the warning says so) ...
    expect(last.warnings.map((w) => w.code)).toContain("compute-bound-decode");
    // ... and the limit named is the step's largest part: the arithmetic (the weight read
    // plus what the arithmetic adds to it) or the KV reads, whichever is longer.
    const part = (k: string) => last.breakdown.find((b) => b.key === k)?.value ?? 0;
    const compute = part("weight-read-seconds") + part("compute-excess-seconds");
    expect(last.limitedBy).toBe(
      compute >= part("kv-read-seconds") ? "compute" : "memory-bandwidth",
    );
  });
  it("TTFT grows with concurrency when prompts queue for the step budget", () => {
    const few = servingSpeed({ ...vllm, batch: 8, promptTokens: 8000, outputTokens: 64 });
    const many = servingSpeed({ ...vllm, batch: 128, promptTokens: 8000, outputTokens: 64 });
    expect(many.ttftSeconds).toBeGreaterThan(2 * few.ttftSeconds);
    expect(many.promptStepsPerRequest).toBeGreaterThan(few.promptStepsPerRequest);
  });
  it("SGLang and vLLM within their published ratio at four users on an H100 (GPUStack: 526 vs 497 tok/s)", () => {
    // Qwen3-8B bf16, ShareGPT-like lengths (233 prompt, 221 output tokens), 4 users.
    const qwen = findPreset("qwen3-8b")!.model;
    const at = (engine: "vllm" | "sglang") =>
      servingSpeed({ ...vllm, model: qwen, engine, batch: 4, promptTokens: 233, outputTokens: 221 })
        .tokensPerSecond;
    const ratio = at("sglang") / at("vllm");
    // Published SGLang / vLLM = 525.59 / 496.88 = 1.058; "the same or faster" within 10%.
    expect(ratio).toBeGreaterThan(0.9);
    expect(ratio).toBeLessThan(1.2);
  });
});

describe("decode-speed requests (the task the page and the command line run)", () => {
  const run = (extra: object) =>
    runOk<{ tokensPerSecond: number; boundTokensPerSecond: number; stepSeconds: number }>({
      task: "decode-speed",
      model: { preset: "llama-2-7b" },
      weightBits: 16,
      gpu: "rtx-4090",
      promptTokens: 0,
      outputTokens: 2,
      ...extra,
    });
  it("tensor parallel over 2 GPUs doubles the bound once, not twice", () => {
    const one = run({}).boundTokensPerSecond;
    expect(run({ tensorParallel: 2 }).boundTokensPerSecond / one).toBeCloseTo(2, 2);
    expect(run({ tensorParallel: 4 }).boundTokensPerSecond / one).toBeCloseTo(4, 2);
  });
  it("the engine's default format: GGUF in llama.cpp, bitsandbytes in Transformers at 4 bits", () => {
    expect(run({ engine: "llama.cpp" }).stepSeconds).toBeGreaterThan(0);
    const hf4 = run({ engine: "transformers", weightBits: 4 });
    const vllm4 = run({ engine: "vllm", weightBits: 4 });
    expect(vllm4.tokensPerSecond).toBeGreaterThan(hf4.tokensPerSecond);
  });
});
