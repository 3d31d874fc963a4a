/**
 * A run as the analyzer reports it under the user's settings: the measurements (done once
 * per file, `run-analysis.ts`), the throughput for the work the user counted, and the
 * memory to rent at the chosen headroom; findings in one list, the run's first, then each
 * GPU's.
 */
import type { Finding } from "./findings.ts";
import type { RunAnalysis } from "./run-analysis.ts";
import type { SizedGpu, SizingOptions } from "./sizing.ts";
import { sizeGpus } from "./sizing.ts";
import type { Throughput, ThroughputOptions } from "./throughput.ts";
import { effectiveThroughput, throughputFindings } from "./throughput.ts";

export type ReportOptions = SizingOptions & ThroughputOptions;

export interface RunReport {
  throughput: Throughput | null;
  /** Per GPU of the analysis, in its order. */
  sized: SizedGpu[];
  findings: Finding[];
}

export function reportRun(a: RunAnalysis, opts: ReportOptions = {}): RunReport {
  const t0 = a.startEpochSeconds;
  const throughput =
    a.gpus.length === 0
      ? null
      : effectiveThroughput(
          {
            steadyStart: t0 + a.steadyStartSeconds,
            steadyEnd: t0 + a.steadyEndSeconds,
            runStart: t0,
            runEnd: t0 + a.durationSeconds,
          },
          opts,
        );
  const sized = sizeGpus(a.gpus, opts);
  const findings = [...a.runFindings, ...throughputFindings(throughput)];
  a.gpus.forEach((g, i) => findings.push(...g.findings, ...(sized[i]?.findings ?? [])));
  return { throughput, sized, findings };
}
