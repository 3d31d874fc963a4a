/** The utilisation distribution of a GPU's samples, in buckets of HISTOGRAM_BUCKET_PCT points. */
import { safeDiv } from "./ratio.ts";
import type { GpuSample } from "./types.ts";

/** Width of a utilisation histogram bucket, percent. */
export const HISTOGRAM_BUCKET_PCT = 10;

export interface HistogramBucket {
  fromPct: number;
  /** Exclusive, except the last bucket which includes 100. */
  toPct: number;
  samples: number;
  share: number;
}

export function utilHistogram(samples: readonly GpuSample[]): HistogramBucket[] {
  const n = Math.ceil(100 / HISTOGRAM_BUCKET_PCT);
  const counts = new Array<number>(n).fill(0);
  let total = 0;
  for (const s of samples) {
    if (s.utilizationPct === null) continue;
    const b = Math.min(n - 1, Math.floor(s.utilizationPct / HISTOGRAM_BUCKET_PCT));
    counts[b] = (counts[b] ?? 0) + 1;
    total++;
  }
  return counts.map((c, i) => ({
    fromPct: i * HISTOGRAM_BUCKET_PCT,
    toPct: Math.min(100, (i + 1) * HISTOGRAM_BUCKET_PCT),
    samples: c,
    share: safeDiv(c, total, 0),
  }));
}
