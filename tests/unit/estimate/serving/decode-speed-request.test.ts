/**
 * What a checked decode-speed request hands the speed model (`speedSetup`, `speedInput`), and
 * which likely range each figure of the decode-speed task gets.
 */
import { describe, expect, it } from "vitest";
import {
  decodeSpeedTask,
  speedInput,
  speedSetup,
} from "../../../../src/estimate/serving/decode-speed.ts";
import type { ServingRequest } from "../../../../src/estimate/serving/infer-memory.ts";
import { checkRequest } from "../../../../src/estimate/request/task.ts";
import type { TaskContext, TaskDef } from "../../../../src/estimate/request/task.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { LIKELY_SPREAD } from "../../../../src/estimate/generated/time-ranges.ts";
import { GPUS, runOk } from "../helpers.ts";

const ctx: TaskContext = { gpus: GPUS, presets: PRESETS };

/** A decode-speed request as the task checks it (defaults filled in). */
function checked(extra: Record<string, unknown>): ServingRequest {
  const r = checkRequest(
    decodeSpeedTask as unknown as TaskDef,
    { model: { preset: "llama-3.1-8b" }, gpu: "a100-80gb-sxm", ...extra },
    ctx,
  );
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r.request as unknown as ServingRequest;
}

describe("speedSetup: the request's own settings reach the speed model", () => {
  it("a given file size, link, prefill chunk and efficiency are passed on under the speed model's names", () => {
    const s = speedSetup(
      checked({
        weightFileBytes: 15e9,
        gpuLink: "pcie-no-p2p",
        prefillChunkTokens: 4096,
        efficiency: 0.5,
      }),
    );
    expect(s.weightFileBytes).toBe(15e9);
    expect(s.link).toBe("pcie-no-p2p");
    expect(s.stepTokens).toBe(4096);
    expect(s.efficiency).toBe(0.5);
  });
  it("the request's weight format is kept; a request without one means fp16", () => {
    // vLLM at 4 bits defaults to AWQ; AWQ adds one fp16 scale and a 4-bit zero point per
    // 128 weights: (16 + 4) / 128 bits per weight.
    const awq = speedSetup(checked({ engine: "vllm", weightBits: 4 }));
    expect(awq.format).toBe("awq");
    expect(awq.scaleBits).toBe(20 / 128);
    const bare = { ...checked({}) } as Partial<ServingRequest>;
    delete bare.weightFormat;
    const s = speedSetup(bare as ServingRequest);
    expect(s.format).toBe("fp16");
    // fp16 weights carry no scales.
    expect(s.scaleBits).toBe(0);
  });
});

describe("speedInput: the KV pool of a reserving engine bounds the running sequences", () => {
  it("vLLM's pool holds whole sequences of prompt + output tokens", () => {
    const input = speedInput(
      checked({ engine: "vllm", promptTokens: 1024, outputTokens: 256 }),
      ctx,
    );
    // Llama 3.1 8B: 2 (K,V) × 32 layers × 8 KV heads × 128 × 2 bytes = 131,072 B per token;
    // one sequence of 1024 + 256 = 1280 tokens is 167,772,160 B.
    // The A100 pool (vLLM: 2048 batched tokens and 256 sequences on an A100):
    //   0.9 × 81,920 MiB                                   = 77,309,411,328
    //   − weights 8,030,261,248 × 2                         = 16,060,522,496
    //   − workspace 1280 × (4·4096 + 3·14336) × 2           =    152,043,520
    //   − logits 256 × 128,256 × 4                          =    131,334,144
    //   − non-torch 1 GiB                                    =  1,073,741,824
    //   = 59,891,769,344 B → ⌊59,891,769,344 / 167,772,160⌋ = 356 sequences.
    expect(input.memoryRunning).toBe(356);
  });
});

describe("the decode-speed task's likely ranges", () => {
  const run = (arrival: string) =>
    runOk<{
      ttftSeconds: number;
      ttftRange: { low: number; high: number; basis: string };
      tokensPerSecond: number;
      tokensPerSecondRange: { low: number; high: number; basis: string };
    }>({
      task: "decode-speed",
      model: { preset: "llama-3.1-8b" },
      gpu: "a100-80gb-sxm",
      engine: "vllm",
      sequences: 8,
      arrival,
    });
  it.each([
    ["users sending in turn", "closed", "ttft-closed"],
    ["every request at once", "burst", "ttft-burst"],
  ] as const)(
    "%s: the time to first token spreads as runs of that kind did",
    (_, arrival, kind) => {
      const r = run(arrival);
      const s = LIKELY_SPREAD[kind];
      expect(r.ttftRange.basis).toBe(kind);
      // A time's range: estimate × low (≤ 1) to estimate × high (≥ 1).
      expect(r.ttftRange.low).toBeCloseTo(r.ttftSeconds * s.low, 12);
      expect(r.ttftRange.high).toBeCloseTo(r.ttftSeconds * s.high, 12);
    },
  );
  it("a rate's range is the inverse of a time's: rate / high to rate / low", () => {
    const r = run("closed");
    const s = LIKELY_SPREAD.serving;
    expect(r.tokensPerSecondRange.basis).toBe("serving");
    expect(r.tokensPerSecondRange.low).toBeCloseTo(r.tokensPerSecond / s.high, 9);
    expect(r.tokensPerSecondRange.high).toBeCloseTo(r.tokensPerSecond / s.low, 9);
  });
});
