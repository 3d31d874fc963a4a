/**
 * `--log`: a trainer's or server's log as a plan's measured basis, as the run analyzer makes
 * it. Measured figures are the readers' hand-worked ones (tests/unit/run-log/readers/, each
 * derivation there); a log must give what the explicit `measured` figures give.
 */
import { describe, expect, it } from "vitest";
import { estimate } from "../../../src/cli/estimate.ts";
import { logFixture } from "../run-log/readers/helpers.ts";

interface Basis {
  measuredTokensPerSecond: number;
  estimatedTokensPerSecond: number;
  concurrency: number | null;
  burstRequests: number | null;
  gpus: number;
}
const SERVE = {
  task: "plan",
  workload: {
    task: "serve",
    model: { preset: "llama-3.1-8b" },
    users: 16,
    outputTokensPerSecondPerUser: 10,
  },
  gpus: ["h100-sxm", "rtx-4090"],
  pricesOn: "2026-12-01",
  measured: { gpu: "h100-sxm" },
};
const TRAIN = {
  task: "plan",
  workload: {
    task: "train-memory",
    model: { preset: "llama-3.2-3b" },
    lora: { rank: 16 },
    recompute: "full",
    seqLen: 1024,
  },
  tokens: 1e9,
  gpus: ["rtx-4090", "h100-sxm"],
  pricesOn: "2026-12-01",
  measured: { gpu: "rtx-4090", gpus: 2 },
};

function ranked(request: object, file?: string) {
  const out = estimate(
    JSON.stringify(request),
    file === undefined ? undefined : { name: file, text: logFixture(file) },
  );
  expect(out.code, out.stderr).toBe(0);
  return { result: JSON.parse(out.stdout) as { basis: Basis }, stderr: out.stderr };
}
const refusal = (request: object, file: string) => {
  const out = estimate(JSON.stringify(request), { name: file, text: logFixture(file) });
  expect(out.code).toBe(1);
  expect(out.stdout).toBe("");
  return out.stderr;
};

describe("estimate --log", () => {
  it("a vLLM server log: its steady 1,580 tokens/s at its median of 64 running, named back", () => {
    const { result, stderr } = ranked(SERVE, "vllm-v1-server.log");
    expect(stderr).toBe("log: vllm-v1-server.log read as a vLLM server log\n");
    expect(result.basis).toMatchObject({ gpus: 1, concurrency: 64, burstRequests: null });
    expect(result.basis.measuredTokensPerSecond).toBeCloseTo(1580, 9);
    // The same figures given by hand rank the same.
    const byHand = ranked({
      ...SERVE,
      measured: { gpu: "h100-sxm", tokensPerSecond: 1580, concurrency: 64 },
    }).result;
    expect(result.basis.estimatedTokensPerSecond).toBe(byHand.basis.estimatedTokensPerSecond);
  });

  it("SGLang's default benchmark: a burst of 500 requests at 101,230 tokens / 64.2 s", () => {
    const { result } = ranked(SERVE, "sglang-bench-burst.jsonl");
    expect(result.basis).toMatchObject({ burstRequests: 500, concurrency: 187.28 });
    expect(result.basis.measuredTokensPerSecond).toBeCloseTo(101_230 / 64.2, 6);
  });

  it("a Trainer console: 16 samples/s × the workload's 1,024-token sequences over 2 GPUs", () => {
    const { result } = ranked(TRAIN, "hf-trainer-console.log");
    expect(result.basis.gpus).toBe(2);
    expect(result.basis.measuredTokensPerSecond).toBe((16 * 1024) / 2);
  });

  it("refuses with the line and the reason, or names what is missing", () => {
    expect(refusal(SERVE, "not-a-log.txt")).toBe(
      "log: Refused: read as an unknown format, line 1: no reader recognises this text.\n",
    );
    expect(refusal(SERVE, "hf-trainer-console.log")).toMatch(
      /^log: hf-trainer-console\.log reads as Hugging Face Trainer console output, which cannot be the basis of a serving plan\n$/,
    );
    expect(refusal({ ...SERVE, measured: {} }, "vllm-v1-server.log")).toMatch(/^measured\.gpu: /);
    expect(refusal({ task: "train-memory" }, "vllm-v1-server.log")).toMatch(/plan request/);
  });
});
