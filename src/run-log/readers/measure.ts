/**
 * What a trainer's or server's log measured, in the units a plan's `measured` field takes,
 * and that field itself: the run analyzer's basis and the command line's `--log` both come
 * through here, so a script ranks on a log exactly as the page does.
 */
import type { LogReading, MemoryView, PeakMemory, Rate } from "./types.ts";

/** The memory views, most telling first: what PyTorch held, what it allocated, what NVML saw. */
const VIEW_ORDER: readonly MemoryView[] = [
  "torch-max-reserved",
  "torch-max-allocated",
  "device-used",
];

/** What the log measured, in the units the plan takes. */
export interface LogMeasure {
  kind: "training" | "serving";
  /** Training: trained tokens/s per GPU; serving: the server's output tokens/s. */
  tokensPerSecond: number | null;
  rate: Rate | null;
  /** Serving: requests running at once (the steady median, else a benchmark's mean). */
  concurrency: number | null;
  /** Serving: a benchmark that sent all its requests at once: how many (`burstRequests`). */
  burstRequests: number | null;
  peak: PeakMemory | null;
  /**
   * Training logs that count samples, not tokens (Trainer without include_tokens_per_second):
   * the sequence length each sample was taken as, from the calculators' training setup.
   */
  tokensFromSamples: number | null;
}

export function logMeasure(r: LogReading, gpus: number, seqLen: number): LogMeasure {
  const peak =
    VIEW_ORDER.map((v) => r.peakMemory.find((p) => p.view === v)).find((p) => p !== undefined) ??
    null;
  if (r.workload === "training") {
    // A sample is one sequence; with packing (TRL's and LLaMA-Factory's packing option) every
    // sequence is exactly the sequence length, without it at most that: an upper bound.
    const tokens = r.trainingTokensPerSecond;
    const samples = tokens ? null : r.trainingSamplesPerSecond;
    const rate = tokens ?? samples;
    const perSecond = tokens ? tokens.perSecond : samples ? samples.perSecond * seqLen : null;
    // A job-wide rate is shared by its GPUs; torchtitan's tps is already one device's.
    const perGpu =
      rate && perSecond !== null ? (rate.per === "device" ? perSecond : perSecond / gpus) : null;
    return {
      kind: "training",
      tokensPerSecond: perGpu,
      rate,
      concurrency: null,
      burstRequests: null,
      peak,
      tokensFromSamples: samples ? seqLen : null,
    };
  }
  const rate = r.outputTokensPerSecond;
  const running = r.runningRequests;
  const concurrency = running?.median ?? running?.mean ?? null;
  return {
    kind: "serving",
    tokensPerSecond: rate?.perSecond ?? null,
    rate,
    concurrency: concurrency !== null && concurrency > 0 ? concurrency : null,
    burstRequests: r.burstRequests?.value ?? null,
    peak,
    tokensFromSamples: null,
  };
}

/**
 * The peak a plan may take in place of its memory estimate: a trainer's. A server's peak is
 * its reserved KV pool, which says what the engine was allowed, not what the model needs.
 */
export const basisPeakBytes = (m: LogMeasure): number | null =>
  m.kind === "training" && m.peak ? m.peak.bytes : null;

/** What a log lacks before it can stand beside an estimate. */
export type LogNeeds = "throughput" | "concurrency";

/** A plan's `measured` speed figures from a log's measure on `gpu` × `gpus`, or what is missing. */
export function measuredSpeed(
  m: LogMeasure,
  gpu: string,
  gpus: number,
):
  | {
      measured: {
        gpu: string;
        gpus: number;
        tokensPerSecond: number;
        concurrency?: number;
        burstRequests?: number;
      };
    }
  | { needs: LogNeeds } {
  if (m.tokensPerSecond === null) return { needs: "throughput" };
  if (m.kind === "serving" && m.concurrency === null && m.burstRequests === null)
    return { needs: "concurrency" };
  return {
    measured: {
      gpu,
      gpus,
      tokensPerSecond: m.tokensPerSecond,
      ...(m.concurrency === null ? {} : { concurrency: m.concurrency }),
      ...(m.burstRequests === null ? {} : { burstRequests: m.burstRequests }),
    },
  };
}
