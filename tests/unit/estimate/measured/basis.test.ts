/**
 * A measured basis for the plan: the run's GPU at the run's count takes the measured speed
 * itself (hours worked by hand from the measured figure, not from the estimator), the other
 * GPUs the estimate × the ratio measured ÷ estimated, with the range that implies named in a
 * warning; the estimate compared against is the one the time and speed tasks give for the
 * same setup; bad measurements are refused at the field.
 */
import { describe, expect, it } from "vitest";
import { loadGpuSpecs } from "../../../../src/catalog/load.ts";
import type { PlanRow } from "../../../../src/estimate/plan/row.ts";
import type { SpeedBasis } from "../../../../src/estimate/measured/basis.ts";
import { PRESETS } from "../../../../src/estimate/model/presets.ts";
import { runRequest } from "../../../../src/estimate/registry.ts";

const ctx = { gpus: loadGpuSpecs(), presets: PRESETS };

interface Plan {
  rows: PlanRow[];
  basis: SpeedBasis | null;
  warnings: { code: string; params: Record<string, unknown> }[];
}
function plan(request: Record<string, unknown>): Plan {
  const r = runRequest({ task: "plan", pricesOn: "2026-01-01", ...request }, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.result as unknown as Plan;
}
function issues(request: Record<string, unknown>): string[] {
  const r = runRequest({ task: "plan", pricesOn: "2026-01-01", ...request }, ctx);
  return r.ok ? [] : r.issues.map((i) => `${i.field}:${i.code}`);
}
const row = (p: Plan, gpu: string, count: number) =>
  p.rows.find((r) => r.gpu === gpu && r.gpus === count)!;

const LORA_3B = {
  model: { preset: "llama-3.2-3b" },
  lora: { rank: 16 },
  recompute: "full",
  seqLen: 1024,
};
const LORA_8B = { task: "train-memory", ...LORA_3B };
const GPUS = ["rtx-4090", "h100-sxm", "a100-80gb-sxm"];

describe("training: a run's tokens/s per GPU as the basis", () => {
  const tokens = 1e9;
  const estimate = plan({ workload: LORA_8B, tokens, gpus: GPUS });
  const measured = plan({
    workload: LORA_8B,
    tokens,
    gpus: GPUS,
    measured: { gpu: "rtx-4090", gpus: 1, tokensPerSecond: 2000 },
  });

  it("the run's GPU at the run's count runs at the measured speed", () => {
    // 1e9 tokens ÷ (2000 tokens/s × 1 GPU) = 500,000 s = 138.888… h.
    expect(row(measured, "rtx-4090", 1).runHours).toBeCloseTo(1e9 / 2000 / 3600, 6);
    expect(row(measured, "rtx-4090", 1).reasons).toContain("speed-from-run");
  });

  it("the estimate compared is train-time's for the same setup, and the ratio is measured ÷ it", () => {
    const t = runRequest({ task: "train-time", ...LORA_3B, gpu: "rtx-4090", gpus: 1, tokens }, ctx);
    if (!t.ok) throw new Error(JSON.stringify(t.issues));
    const perGpu = (t.result as unknown as { tokensPerSecondPerGpu: number }).tokensPerSecondPerGpu;
    const b = measured.basis!;
    expect(b.kind).toBe("training-tokens-per-gpu");
    expect(b.estimatedTokensPerSecond).toBeCloseTo(perGpu, 6);
    expect(b.ratio).toBeCloseTo(2000 / perGpu, 9);
    expect([b.low, b.high]).toEqual([Math.min(1, b.ratio), Math.max(1, b.ratio)]);
  });

  it("a server's load figures mean nothing to a training run: its basis carries none", () => {
    const b = plan({
      workload: LORA_8B,
      tokens,
      gpus: GPUS,
      measured: { gpu: "rtx-4090", tokensPerSecond: 2000, concurrency: 8, burstRequests: 100 },
    }).basis!;
    expect([b.concurrency, b.burstRequests]).toEqual([null, null]);
    expect(b.estimatedTokensPerSecond).toBe(measured.basis!.estimatedTokensPerSecond);
  });

  it("every other GPU's run is the estimate ÷ the ratio, and the warning names the run and range", () => {
    const ratio = measured.basis!.ratio;
    for (const [gpu, n] of [
      ["h100-sxm", 1],
      ["a100-80gb-sxm", 1],
      ["rtx-4090", 2],
    ] as const)
      expect(row(measured, gpu, n).runHours! * ratio).toBeCloseTo(
        row(estimate, gpu, n).runHours!,
        6,
      );
    const w = measured.warnings.find((x) => x.code === "measured-basis")!;
    expect(w.params).toMatchObject({ gpu: "NVIDIA GeForce RTX 4090", gpus: 1, ratio });
    expect(estimate.basis).toBeNull();
    expect(estimate.warnings.some((x) => x.code === "measured-basis")).toBe(false);
  });

  it("the estimated memory beside the run is the training memory's on that GPU", () => {
    const m = runRequest({ ...LORA_8B, gpu: "rtx-4090", gpus: 1 }, ctx);
    if (!m.ok) throw new Error(JSON.stringify(m.issues));
    const r = m.result as unknown as { allocatorPeakBytes: number; nvidiaSmiBytes: number };
    expect(measured.basis!.estimatedMemory).toMatchObject({
      allocatedBytes: r.allocatorPeakBytes,
      deviceUsedBytes: r.nvidiaSmiBytes,
    });
  });
});

describe("serving: a server's output tokens/s at the concurrency it reached", () => {
  const setup = { model: { preset: "llama-3.1-8b" }, contextTokens: 4096 };
  const workload = { task: "serve", ...setup, users: 16, outputTokensPerSecondPerUser: 10 };
  const measured = plan({
    workload,
    gpus: ["rtx-4090", "h100-sxm"],
    measured: { gpu: "rtx-4090", gpus: 1, tokensPerSecond: 300, concurrency: 8 },
  });

  it("the estimate compared is the serving speed's at that concurrency on that GPU", () => {
    const s = runRequest({ task: "decode-speed", ...setup, gpu: "rtx-4090", sequences: 8 }, ctx);
    if (!s.ok) throw new Error(JSON.stringify(s.issues));
    const b = measured.basis!;
    expect(b.kind).toBe("serving-output-tokens");
    expect(b.concurrency).toBe(8);
    const total = (s.result as unknown as { tokensPerSecond: number }).tokensPerSecond;
    expect(b.estimatedTokensPerSecond).toBeCloseTo(total, 6);
    expect(b.ratio).toBeCloseTo(300 / b.estimatedTokensPerSecond, 9);
    expect(b.estimatedKvPoolTokens).toBeGreaterThan(0);
    expect(
      measured.rows.every(
        (r) => r.verdict === "does-not-fit" || r.reasons.includes("speed-from-run"),
      ),
    ).toBe(true);
  });
});

describe("serving: a benchmark that sent all its requests at once", () => {
  const setup = { model: { preset: "llama-3.1-8b" }, contextTokens: 4096 };
  const speed = (sequences: number, arrival: "closed" | "burst") => {
    const s = runRequest(
      { task: "decode-speed", ...setup, gpu: "h100-sxm", sequences, arrival },
      ctx,
    );
    if (!s.ok) throw new Error(JSON.stringify(s.issues));
    return (s.result as unknown as { tokensPerSecond: number }).tokensPerSecond;
  };
  // The plan's own workload is users in turn; the run was a burst of 2,000 requests.
  const workload = { task: "serve", ...setup, users: 16, outputTokensPerSecondPerUser: 10 };
  const burst = plan({
    workload,
    gpus: ["h100-sxm"],
    measured: { gpu: "h100-sxm", gpus: 1, tokensPerSecond: 5000, burstRequests: 2000 },
  }).basis!;

  it("is set beside the estimate of the same burst, not of a steady load", () => {
    expect(burst.burstRequests).toBe(2000);
    expect(burst.concurrency).toBeNull();
    expect(burst.estimatedTokensPerSecond).toBeCloseTo(speed(2000, "burst"), 6);
    expect(burst.ratio).toBeCloseTo(5000 / burst.estimatedTokensPerSecond, 9);
    // A burst drains at its end with fewer requests running than a steady load keeps: slower.
    expect(burst.estimatedTokensPerSecond).toBeLessThan(speed(2000, "closed"));
  });

  it("a steady run is set beside a steady load, even when the plan's workload is a burst", () => {
    const b = plan({
      workload: { ...workload, arrival: "burst" },
      gpus: ["h100-sxm"],
      measured: { gpu: "h100-sxm", gpus: 1, tokensPerSecond: 5000, concurrency: 64 },
    }).basis!;
    expect(b.burstRequests).toBeNull();
    expect(b.estimatedTokensPerSecond).toBeCloseTo(speed(64, "closed"), 6);
  });
});

describe("bad measurements are refused at the field", () => {
  it("a throughput without its GPU, a server's without its concurrency, a GPU not in the catalog", () => {
    expect(issues({ workload: LORA_8B, tokens: 1e9, measured: { tokensPerSecond: 2000 } })).toEqual(
      ["measured.gpu:needs-with"],
    );
    expect(
      issues({
        workload: {
          task: "serve",
          model: { preset: "llama-3.1-8b" },
          users: 4,
          outputTokensPerSecondPerUser: 10,
        },
        measured: { gpu: "rtx-4090", tokensPerSecond: 300 },
      }),
    ).toEqual(["measured.concurrency:needs-with"]);
    expect(
      issues({
        workload: LORA_8B,
        tokens: 1e9,
        measured: { gpu: "rtx-9999", tokensPerSecond: 1 },
      })[0],
    ).toMatch(/^measured\.gpu:/);
    expect(
      issues({ workload: LORA_8B, tokens: 1e9, measured: { gpu: "rtx-4090", tokensPerSecond: 0 } }),
    ).toEqual(["measured.tokensPerSecond:out-of-range"]);
  });
});
