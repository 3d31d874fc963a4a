/**
 * What the analyzer takes of a trainer's or server's log for the plan: tokens/s per GPU for
 * training (a job-wide rate shared by the run's GPUs, a samples rate × the sequence length),
 * the server's output tokens/s at its median running requests. Figures from the readers'
 * hand-worked fixtures (tests/unit/run-log/readers/).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readRunLog } from "../../../../src/run-log/readers/index.ts";
import type { LogReading } from "../../../../src/run-log/readers/index.ts";
import { basisPeakBytes, logMeasure } from "../../../../src/run-log/readers/measure.ts";

const read = (name: string): LogReading => {
  const text = readFileSync(
    fileURLToPath(new URL(`../../../fixtures/logs/${name}`, import.meta.url)),
    "utf8",
  );
  const r = readRunLog(text);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r;
};

describe("a log's measure for the plan", () => {
  it("Trainer console: 16 samples/s × 2,048 tokens = 32,768 tokens/s, halved over 2 GPUs", () => {
    const r = read("hf-trainer-console.log");
    expect(logMeasure(r, 1, 2048)).toMatchObject({
      kind: "training",
      tokensPerSecond: 32_768,
      tokensFromSamples: 2048,
      concurrency: null,
    });
    // The samples rate is the job's: 32,768 ÷ 2 = 16,384 per GPU.
    expect(logMeasure(r, 2, 2048).tokensPerSecond).toBe(16_384);
  });

  it("vLLM server: 1,580 output tokens/s at a median of 64 running requests", () => {
    expect(logMeasure(read("vllm-v1-server.log"), 1, 2048)).toMatchObject({
      kind: "serving",
      tokensPerSecond: 1580,
      concurrency: 64,
      tokensFromSamples: null,
    });
  });

  it("SGLang server: 2,400 output tokens/s at a median of 63.5 running requests", () => {
    const m = logMeasure(read("sglang-0.5-server.log"), 1, 2048);
    expect(m.tokensPerSecond).toBeCloseTo(2400, 9);
    expect(m.concurrency).toBe(63.5);
  });

  it("a trainer's peak may stand in for the memory estimate; a server's reserved pool may not", () => {
    // torchtitan's largest max_reserved: 61.47 GiB (training.test.ts).
    const train = logMeasure(read("torchtitan-0.2.2-color.log"), 1, 2048);
    expect(basisPeakBytes(train)).toBe(Math.round(61.47 * 2 ** 30));
    // A Trainer console prints no memory: none.
    expect(basisPeakBytes(logMeasure(read("hf-trainer-console.log"), 1, 2048))).toBeNull();
    const server = logMeasure(read("vllm-v1-server.log"), 1, 2048);
    expect(basisPeakBytes({ ...server, peak: train.peak })).toBeNull();
  });
});
