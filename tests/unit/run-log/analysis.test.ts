import { describe, expect, it } from "vitest";
import {
  analyzeRun,
  detectSteadyState,
  downsampleTimeline,
  matchCatalogGpu,
  paperPeakTflops,
  parseProbeJson,
  reportRun,
} from "../../../src/run-log/index.ts";
import type { GpuSample, ParsedLog, ReportOptions } from "../../../src/run-log/index.ts";
import { runOk } from "../estimate/helpers.ts";
import { allFinite, CATALOG, fixture, parseFixture } from "./helpers.ts";

const codes = (fs: { code: string }[]): string[] => fs.map((f) => f.code);
const MIB = 2 ** 20;

/** A log analysed and reported, as the worker does. */
function analyse(log: ParsedLog, opts: ReportOptions = {}) {
  const a = analyzeRun(log);
  return { ...a, ...reportRun(a, opts) };
}

describe("single GPU with warm-up", () => {
  const a = analyse(parseFixture("single-gpu-warmup.csv"), { catalog: CATALOG });
  const g = a.gpus[0]!;
  const s = a.sized[0]!.sizing!;

  it("finds the peak and the memory to rent", () => {
    expect(g.peakMemoryMiB).toBe(18944);
    expect(g.peakMemoryBytes).toBe(18944 * MIB);
    expect(g.peakAtSeconds).toBeCloseTo(400, 0);
    expect(s.headroom).toBe(0.2);
    // 18944 MiB × 1.2 = 22732.8 MiB = 23,837,068,492.8 bytes: 23.9 GB to rent (rounded up).
    expect(s.recommendedBytes).toBeCloseTo(22732.8 * MIB, 1);
    expect(s.rentGB).toBe(23.9);
    // × 1.15 = 22.84 GB and × 1.25 = 24.83 GB, rounded up.
    expect(s.seedRangeGB).toEqual({ low: 22.9, high: 24.9 });
    expect(s.fitsOwnMemory).toBe(true);
    // 23.84 GB fits the L4's 23034 MiB (24.15 GB), the smallest memory.total that holds it.
    expect(s.smallestFit).toEqual({
      id: "l4",
      name: "NVIDIA L4",
      memoryGB: 24,
      memoryTotalMiB: 23034,
    });
    expect(s.smallerFit).toBeNull();
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
    const steady = analyse(parseFixture("single-gpu-warmup.csv"), {
      workDone: { amount: 39000, unit: "samples", scope: "steady-window" },
    });
    expect(steady.throughput).toMatchObject({
      source: "user",
      unit: "samples",
      scope: "steady-window",
    });
    expect(steady.throughput!.seconds).toBeCloseTo(779, 0);
    expect(steady.throughput!.perSecond).toBeCloseTo(39000 / 779, 1);
    const whole = analyse(parseFixture("single-gpu-warmup.csv"), {
      workDone: { amount: 39000, unit: "samples", scope: "whole-run" },
    });
    expect(whole.throughput!.seconds).toBeCloseTo(899, 0);
    expect(codes(whole.findings)).toContain("throughput-includes-warmup");
  });
});

describe("catalog fits", () => {
  it("lists the smallest catalog GPU that holds the need, and a smaller one that would do", () => {
    const a = analyse(parseFixture("two-gpus-interleaved.csv"), { catalog: CATALOG });
    expect(a.gpus[0]!.peakMemoryMiB).toBe(62000);
    const s = a.sized[0]!.sizing!;
    // 62000 MiB × 1.2 = 74400 MiB = 78.01 GB: the H100's 81559 MiB is the smallest that holds it.
    expect(s.recommendedBytes).toBeCloseTo(74400 * MIB, 1);
    expect(s.rentGB).toBe(78.1);
    expect(s.smallestFit?.id).toBe("h100-sxm");
    expect(s.smallerFit).toBeNull();
    // 16001 MiB × 1.2 = 19201 MiB (20.1 GB): the L4 (23034 MiB) is the smallest.
    const l4 = analyse(parseFixture("noheader-nounits.csv"), { catalog: CATALOG });
    expect(l4.gpus[0]!.peakMemoryMiB).toBe(16001);
    expect(l4.sized[0]!.sizing!.smallestFit?.id).toBe("l4");
    // An A10 run peaking at 9290 MiB: 11148 MiB to rent fits a T4, well below the A10.
    const a10 = analyse(parseFixture("crlf.csv"), { catalog: CATALOG });
    expect(a10.sized[0]!.sizing!.smallerFit?.id).toBe("t4");
    expect(codes(a10.findings)).toContain("smaller-gpu-fits");
  });
  it("re-sizes at another headroom without analysing again", () => {
    const a = analyzeRun(parseFixture("single-gpu-warmup.csv"));
    // 18944 MiB × 1.5 = 28416 MiB = 29.80 GB → 29.8 GB.
    expect(reportRun(a, { headroom: 0.5 }).sized[0]!.sizing!.rentGB).toBe(29.8);
    expect(reportRun(a, { headroom: 0 }).sized[0]!.sizing!.recommendedBytes).toBe(18944 * MIB);
  });
});

describe("two GPUs", () => {
  const a = analyse(parseFixture("two-gpus-interleaved.csv"));
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
  const a = analyse(parseFixture("idle-gaps.csv"));
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
    analyse(
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
    const s = run([series(1200, () => ({ memoryUsedMiB: 10000 }))]).sized[0]!.sizing!;
    expect(s.recommendedBytes).toBeCloseTo(12000 * MIB, 1);
    expect(s.smallerFit?.id).toBe("t4");
    expect(s.smallestFit?.memoryTotalMiB).toBe(15360);
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
    const a = analyse(p.log, { progress: p.progress, progressUnit: p.probe.progressUnit ?? "" });
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
  // The analyzer's comparison is the diagnose task at the runs' paper peaks.
  const diagnose = (throughputA: number, throughputB: number, peakA: number, peakB: number) =>
    runOk<{ verdict: string; paperRatio: number; measuredRatio: number }>({
      task: "diagnose",
      throughputA,
      throughputB,
      peakA,
      peakB,
    });
  it("a big paper gap with a 15% measured gap is not GPU-bound", () => {
    const r = diagnose(100, 115, paperPeakTflops(rtx4090, "bf16")!, paperPeakTflops(a100, "bf16")!);
    expect(r.verdict).toBe("not-gpu-bound");
    expect(r.paperRatio).toBeCloseTo(312 / 165.2, 6);
    expect(r.measuredRatio).toBeCloseTo(1.15, 6);
  });
  it("a measured gap close to the paper gap is GPU-bound; order does not matter", () => {
    // 312 / 165.2 = 1.89 on paper, 180 / 100 = 1.8 measured: over 80% of the paper gap.
    expect(diagnose(180, 100, 312, 165.2).verdict).toBe("gpu-bound");
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
