import { describe, expect, it } from "vitest";
import {
  analyzeRun,
  catalogFits,
  compareRuns,
  detectSteadyState,
  downsampleTimeline,
  matchCatalogGpu,
  paperPeakTflops,
  parseProbeJson,
  recommendMemory,
} from "../../../src/run-log/index.ts";
import type { GpuSample } from "../../../src/run-log/index.ts";
import { allFinite, CATALOG, fixture, parseFixture } from "./helpers.ts";

const codes = (fs: { code: string }[]): string[] => fs.map((f) => f.code);

describe("single GPU with warm-up", () => {
  const a = analyzeRun(parseFixture("single-gpu-warmup.csv"), { catalog: CATALOG });
  const g = a.gpus[0]!;

  it("finds the peak and the memory to rent", () => {
    expect(g.peakMemoryMiB).toBe(18944);
    expect(g.peakMemoryBytes).toBe(18944 * 2 ** 20);
    expect(g.peakAtSeconds).toBeCloseTo(400, 0);
    expect(g.recommended.headroom).toBe(0.2);
    expect(g.recommended.mib).toBeCloseTo(22732.8, 6);
    expect(g.recommended.gb).toBeCloseTo((18944 * 2 ** 20 * 1.2) / 1e9, 6); // 23.84 GB
    expect(g.recommended.lowGB).toBeCloseTo((18944 * 2 ** 20 * 1.15) / 1e9, 6);
    expect(g.recommended.highGB).toBeCloseTo((18944 * 2 ** 20 * 1.25) / 1e9, 6);
    expect(g.fitsOwnMemory).toBe(true);
    // 23.84 GB fits the L4's 23034 MiB (24.15 GB), the smallest memory.total that holds it.
    expect(g.smallestFit).toEqual({
      id: "l4",
      name: "NVIDIA L4",
      memoryGB: 24,
      memoryTotalMiB: 23034,
    });
    expect(g.smallerFits).toEqual([]);
  });

  it("detects the 90 s warm-up and the steady window up to the shutdown", () => {
    expect(g.steady.found).toBe(true);
    expect(g.steady.startSeconds).toBeCloseTo(90, 0);
    expect(g.steady.endSeconds).toBeCloseTo(869, 0);
    expect(g.steady.warmupSeconds).toBeCloseTo(90, 0);
    expect(g.steady.tailSeconds).toBeCloseTo(30, 0);
    expect(g.meanUtilSteadyPct).toBeGreaterThan(94);
    expect(g.meanUtilSteadyPct).toBeLessThan(96);
    expect(a.steadyStartSeconds).toBeCloseTo(90, 0);
    expect(a.steadyEndSeconds).toBeCloseTo(869, 0);
  });

  it("puts steady utilisation in the top buckets and finds no steady idle gaps", () => {
    expect(g.utilHistogramSteady).toHaveLength(10);
    expect(g.utilHistogramSteady[9]).toMatchObject({
      fromPct: 90,
      toPct: 100,
      samples: 780,
      share: 1,
    });
    expect(g.utilHistogram.reduce((s, b) => s + b.samples, 0)).toBe(900);
    expect(g.idleGaps.filter((x) => x.phase === "steady")).toEqual([]);
    expect(g.idleGaps.at(-1)).toMatchObject({
      phase: "tail",
      durationSeconds: expect.closeTo(30, 0),
    });
    expect(codes(a.findings)).toEqual(["high-util-check-throughput"]);
    expect(allFinite(a)).toBe(true);
  });

  it("computes throughput from the user's work count", () => {
    const steady = analyzeRun(parseFixture("single-gpu-warmup.csv"), {
      workDone: { amount: 39000, unit: "samples", scope: "steady-window" },
    });
    expect(steady.throughput).toMatchObject({
      source: "user",
      unit: "samples",
      scope: "steady-window",
    });
    expect(steady.throughput!.seconds).toBeCloseTo(779, 0);
    expect(steady.throughput!.perSecond).toBeCloseTo(39000 / 779, 1);
    const whole = analyzeRun(parseFixture("single-gpu-warmup.csv"), {
      workDone: { amount: 39000, unit: "samples", scope: "whole-run" },
    });
    expect(whole.throughput!.seconds).toBeCloseTo(899, 0);
    expect(codes(whole.findings)).toContain("throughput-includes-warmup");
  });
});

describe("headroom and catalog", () => {
  it("takes any headroom from 0 to 100%, and still gives the recommended 15-25% range", () => {
    expect(recommendMemory(1000, 0.5).headroom).toBe(0.5);
    expect(recommendMemory(1000, 0.5).mib).toBeCloseTo(1500, 9);
    expect(recommendMemory(1000, 0).headroom).toBe(0);
    expect(recommendMemory(1000, 0).mib).toBe(1000);
    expect(recommendMemory(1000, 1).mib).toBe(2000);
    expect(recommendMemory(1000, 3).headroom).toBe(1);
    expect(recommendMemory(1000, -0.1).headroom).toBe(0);
    expect(recommendMemory(1000, Number.NaN).headroom).toBe(0.2);
    expect(recommendMemory(1000, 0.15).mib).toBeCloseTo(1150, 9);
    // The range beside the chosen figure stays the recommended one.
    const r = recommendMemory(1000, 0.5);
    expect([r.lowGB, r.highGB].map((gb) => (gb * 1e9) / 2 ** 20)).toEqual([
      expect.closeTo(1150, 9),
      expect.closeTo(1250, 9),
    ]);
  });
  it("lists smaller catalog GPUs that would do", () => {
    const a = analyzeRun(parseFixture("two-gpus-interleaved.csv"), { catalog: CATALOG });
    const g = a.gpus[0]!;
    expect(g.peakMemoryMiB).toBe(62000);
    expect(g.recommended.mib).toBeCloseTo(74400, 6); // 78.0 GB
    expect(g.smallestFit?.memoryGB).toBe(80);
    expect(g.smallerFits).toEqual([]);
    const l4 = analyzeRun(parseFixture("noheader-nounits.csv"), { catalog: CATALOG }).gpus[0]!;
    expect(l4.peakMemoryMiB).toBe(16001);
    expect(l4.smallestFit?.id).toBe("l4"); // 16001 MiB × 1.2 = 20.1 GB
    const a100 = analyzeRun(parseFixture("crlf.csv"), { catalog: CATALOG }).gpus[0]!; // A10, 9290 MiB peak
    expect(a100.smallerFits.map((f) => f.id)).toEqual(["t4"]);
    expect(codes(a100.findings)).toContain("smaller-gpu-fits");
    expect(catalogFits(500e9, CATALOG)).toEqual([]);
  });
});

describe("two GPUs", () => {
  const a = analyzeRun(parseFixture("two-gpus-interleaved.csv"));
  it("analyses each GPU and intersects their steady windows", () => {
    expect(a.gpus.map((g) => [g.index, g.peakMemoryMiB])).toEqual([
      [0, 62000],
      [1, 60500],
    ]);
    expect(a.steadyStartSeconds).toBeCloseTo(30, 0);
    expect(a.steadyEndSeconds).toBeCloseTo(299, 0);
    expect(codes(a.findings)).toEqual([
      "short-run",
      "high-util-check-throughput",
      "high-util-check-throughput",
    ]);
    expect(a.findings.filter((f) => f.gpuIndex !== null).map((f) => f.gpuIndex)).toEqual([0, 1]);
  });
});

describe("periodic idle gaps (data-loading stalls)", () => {
  const a = analyzeRun(parseFixture("idle-gaps.csv"));
  const g = a.gpus[0]!;
  it("finds the gaps, their period, and flags them", () => {
    expect(g.steady.startSeconds).toBeCloseTo(60, 0);
    expect(g.steady.endSeconds).toBeCloseTo(714, 0);
    const steadyGaps = g.idleGaps.filter((x) => x.phase === "steady");
    expect(steadyGaps).toHaveLength(32);
    expect(steadyGaps[0]).toMatchObject({
      startSeconds: expect.closeTo(75, 0),
      durationSeconds: expect.closeTo(5, 0),
    });
    const f = a.findings.find((x) => x.code === "periodic-idle-gaps")!;
    expect(f.severity).toBe("warn");
    expect(f.params["gapCount"]).toBe(32);
    expect(f.params["periodSeconds"]).toBeCloseTo(20, 0);
    expect(f.params["medianGapSeconds"]).toBeCloseTo(5, 0);
    expect(f.params["idleSharePct"]).toBeCloseTo(24.7, 0);
    expect(g.meanUtilSteadyPct).toBeGreaterThan(70);
    expect(g.meanUtilSteadyPct).toBeLessThan(75);
  });
});

describe("findings on synthetic runs", () => {
  const series = (n: number, f: (s: number) => Partial<GpuSample>): GpuSample[] =>
    Array.from({ length: n }, (_, s) => ({
      line: s + 2,
      epochSeconds: 1e9 + s,
      memoryUsedMiB: 1000,
      memoryTotalMiB: 24564,
      utilizationPct: 50,
      powerW: 100,
      ...f(s),
    }));
  const run = (samples: GpuSample[][]) =>
    analyzeRun(
      {
        format: "nvidia-smi-csv",
        hasHeader: true,
        columns: [],
        gpus: samples.map((s, i) => ({ index: i, name: "x", memoryTotalMiB: 24564, samples: s })),
        lineCount: 0,
        sampleCount: 0,
        malformedCount: 0,
        malformed: [],
        notes: [],
      },
      { catalog: CATALOG },
    );

  it("low utilisation, near capacity, memory growth, long warm-up, unused and imbalanced GPUs", () => {
    const busy = series(1200, (s) => ({
      utilizationPct: s < 400 ? 5 : 40,
      memoryUsedMiB: s < 400 ? 500 : 10000 + s * 5,
    }));
    const idle = series(1200, () => ({ utilizationPct: 0, memoryUsedMiB: 300 }));
    const hot = series(1200, () => ({ utilizationPct: 99, memoryUsedMiB: 23000 }));
    const a = run([busy, idle, hot]);
    const c = codes(a.findings);
    expect(c).toEqual(
      expect.arrayContaining([
        "imbalanced-gpus",
        "long-warmup",
        "memory-growing",
        "low-util-steady",
        "memory-near-capacity",
        "recommended-exceeds-gpu",
        "gpu-unused",
      ]),
    );
    expect(a.findings.find((f) => f.code === "gpu-unused")!.gpuIndex).toBe(1);
    expect(a.findings.find((f) => f.code === "long-warmup")!.params["warmupSeconds"]).toBeCloseTo(
      400,
      0,
    );
    expect(
      a.findings.find((f) => f.code === "memory-growing")!.params["growthMiBPerHour"],
    ).toBeGreaterThan(10000);
    expect(allFinite(a)).toBe(true);
  });

  it("a smaller GPU is one whose memory.total is well below the measured one's", () => {
    // 12000 MiB to rent on a 24564 MiB card: the T4's 15360 MiB is a smaller card that holds
    // it; the L4's 23034 MiB is the same "24 GB" class with ECC on, not a smaller card.
    const g = run([series(1200, () => ({ memoryUsedMiB: 10000 }))]).gpus[0]!;
    expect(g.recommended.mib).toBeCloseTo(12000, 6);
    expect(g.smallerFits.map((f) => f.id)).toEqual(["t4"]);
    expect(g.smallestFit?.memoryTotalMiB).toBe(15360);
  });

  it("no samples and too few samples", () => {
    expect(codes(run([]).findings)).toEqual(["no-samples"]);
    const few = run([series(5, () => ({}))]);
    expect(few.gpus[0]!.steady).toMatchObject({ found: false, reason: "too-few-samples" });
    expect(codes(few.findings)).toContain("no-steady-state");
    expect(detectSteadyState([]).found).toBe(false);
  });
});

describe("probe file", () => {
  it("parses the embedded CSV and computes throughput from the progress log", () => {
    const p = parseProbeJson(fixture("probe-single-gpu.json"));
    if (!p.ok) throw new Error(p.error);
    expect(p.probe.command.exitStatus).toBe(0);
    expect(p.probe.environment.gpus[0]!.memoryTotalMiB).toBe(24564);
    expect(p.log.sampleCount).toBe(900);
    expect(p.progress).toHaveLength(30);
    const a = analyzeRun(p.log, { progress: p.progress, progressUnit: p.probe.progressUnit ?? "" });
    expect(a.throughput).toMatchObject({ source: "log", unit: "samples", scope: "steady-window" });
    expect(a.throughput!.perSecond).toBeCloseTo(50, 6);
    expect(a.throughput!.perHour).toBeCloseTo(180000, 1);
  });
});

describe("two-node comparison (seed rule)", () => {
  const [t4, , rtx4090, , , , a100] = CATALOG as [
    never,
    never,
    (typeof CATALOG)[number],
    never,
    never,
    never,
    (typeof CATALOG)[number],
  ];
  it("a big paper gap with a 15% measured gap is not GPU-bound", () => {
    const r = compareRuns(
      { throughputPerSecond: 100, paperPeakTflops: paperPeakTflops(rtx4090, "bf16")! },
      { throughputPerSecond: 115, paperPeakTflops: paperPeakTflops(a100, "bf16")! },
    );
    expect(r).toMatchObject({
      ok: true,
      fasterOnPaper: "b",
      verdict: "not-gpu-bound",
      measuredReversed: false,
    });
    if (r.ok) {
      expect(r.paperRatio).toBeCloseTo(312 / 165.2, 6);
      expect(r.measuredGapPct).toBeCloseTo(15, 6);
    }
  });
  it("a measured gap close to the paper gap is GPU-bound; order does not matter", () => {
    const r = compareRuns(
      { throughputPerSecond: 180, paperPeakTflops: 312 },
      { throughputPerSecond: 100, paperPeakTflops: 165.2 },
    );
    expect(r).toMatchObject({ ok: true, fasterOnPaper: "a", verdict: "gpu-bound" });
    expect(
      compareRuns(
        { throughputPerSecond: 0, paperPeakTflops: 1 },
        { throughputPerSecond: 1, paperPeakTflops: 1 },
      ),
    ).toEqual({ ok: false, error: "missing-throughput", run: "a" });
    expect(paperPeakTflops(t4, "fp8")).toBeNull();
    expect(paperPeakTflops(a100, "bf16", 8)).toBe(312 * 8);
  });
  it("matches nvidia-smi names to the catalog", () => {
    expect(matchCatalogGpu("NVIDIA A100-SXM4-80GB", CATALOG, 81920)?.id).toBe("a100-80gb-sxm");
    expect(matchCatalogGpu("NVIDIA A100-PCIE-40GB", CATALOG, 40960)?.id).toBe("a100-40gb-pcie");
    expect(matchCatalogGpu("NVIDIA GeForce RTX 4090", CATALOG, 24564)?.id).toBe("rtx-4090");
    expect(matchCatalogGpu("Tesla T4", CATALOG)?.id).toBe("t4");
    expect(matchCatalogGpu("NVIDIA L40S", CATALOG)?.id).toBe("l40s");
    expect(matchCatalogGpu("Quadro P1000", CATALOG)).toBeNull();
  });
});

describe("timeline", () => {
  it("downsamples to at most N points keeping the memory peak", () => {
    const log = parseFixture("single-gpu-warmup.csv");
    const g = log.gpus[0]!;
    const pts = downsampleTimeline(g.samples, g.samples[0]!.epochSeconds, 100);
    expect(pts).toHaveLength(100);
    expect(Math.max(...pts.map((p) => p.memoryUsedMiBMax ?? 0))).toBe(18944);
    expect(pts[0]!.seconds).toBeGreaterThanOrEqual(0);
    expect(pts.at(-1)!.seconds).toBeLessThanOrEqual(900);
  });
});
