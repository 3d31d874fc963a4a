/**
 * Is the job GPU-bound? The seed's rule (000_b78667d6c2b187ba, "第二步：记录有效吞吐"): when two
 * node types differ a lot on paper but measured throughput differs by only about 10-20%,
 * the bottleneck is CPU, disk, network or memory bandwidth, not the GPU.
 */
import type { Result, Warning } from "../result.ts";
import { part } from "../result.ts";

/** The seed's "only about 10-20%" measured gap: up to 1.2x counts as no real speed-up. */
export const SMALL_MEASURED_GAP = 1.2;
/** A paper gap worth testing: above the seed's 20% band, 1.5x. */
export const LARGE_PAPER_GAP = 1.5;
/** Measured speed-up reaching 80% of the paper ratio: the GPU is the limit. */
export const GPU_BOUND_SHARE = 0.8;

export interface DiagnosisInput {
  throughputA: number;
  throughputB: number;
  peakA: number;
  peakB: number;
}

export type Verdict = "gpu-bound" | "not-gpu-bound" | "partly-gpu-bound" | "inconclusive";

export interface DiagnosisResult extends Result {
  verdict: Verdict;
  paperRatio: number;
  measuredRatio: number;
  /** Share of the paper speed-up the job achieved; null when the peaks are equal. */
  realizedShare: number | null;
}

export function diagnose(input: DiagnosisInput): DiagnosisResult {
  // Compare the faster-on-paper node (B) to the slower one (A).
  const swap = input.peakB < input.peakA;
  const pA = swap ? input.peakB : input.peakA;
  const pB = swap ? input.peakA : input.peakB;
  const tA = swap ? input.throughputB : input.throughputA;
  const tB = swap ? input.throughputA : input.throughputB;
  // Peaks and throughputs are positive (the request checker refuses anything else).
  const paperRatio = pB / pA;
  const measuredRatio = tB / tA;
  // With equal peaks there is no paper speed-up to realise a share of.
  const realizedShare = paperRatio > 1 ? (measuredRatio - 1) / (paperRatio - 1) : null;
  let verdict: Verdict;
  if (paperRatio < LARGE_PAPER_GAP) verdict = "inconclusive";
  else if (measuredRatio <= SMALL_MEASURED_GAP) verdict = "not-gpu-bound";
  else if (measuredRatio >= GPU_BOUND_SHARE * paperRatio) verdict = "gpu-bound";
  else verdict = "partly-gpu-bound";
  const warnings: Warning[] = [];
  if (verdict === "not-gpu-bound")
    warnings.push({ code: "not-gpu-bound", params: { paperRatio, measuredRatio } });
  if (verdict === "partly-gpu-bound")
    warnings.push({ code: "partly-gpu-bound", params: { paperRatio, measuredRatio } });
  return {
    total: measuredRatio,
    breakdown: [part("measured-ratio", measuredRatio)],
    assumptions: [
      {
        key: "small-measured-gap",
        value: SMALL_MEASURED_GAP,
        source: "seed-measured-gap",
      },
      { key: "large-paper-gap", value: LARGE_PAPER_GAP, source: "seed-paper-gap" },
      { key: "gpu-bound-share", value: GPU_BOUND_SHARE, source: "estimator-convention" },
    ],
    warnings,
    verdict,
    paperRatio,
    measuredRatio,
    realizedShare,
  };
}
