/**
 * How fast attention kernels run in training, as the FlashAttention README measured them
 * (Dao-AILab/flash-attention, assets/flash2_a100_fwd_bwd_benchmark.png and
 * flash2_h100_fwd_bwd_benchmark.png, July 2023; Dao 2023, FlashAttention-2, sec. 4.1): the
 * causal forward + backward speed of FlashAttention-2 and of PyTorch's eager attention on an
 * A100 80GB SXM4 and an H100 80GB SXM5, by sequence length (512 to 16k, 16k tokens per
 * batch, hidden 2048) and head dimension (64 or 128).
 *
 * The benchmark counts the forward as 4·s²·heads·d FLOPs halved for the causal mask and the
 * backward as 2.5 times that (benchmarks/benchmark_flash_attention.py, `flops`: the backward
 * recomputes the scores, five matrix products to the forward's two; Dao 2023, Algorithm 2),
 * the same count for every method, so a kernel's time for one token is (1 + 2.5) x its
 * causal forward FLOPs ÷ the figure. Short sequences run slower: each query block has fewer
 * key blocks to amortise its loads and softmax bookkeeping over. Past 16k the benchmark
 * stops (eager attention already ran out of memory at 16k) and the last figure holds.
 *
 * Ada GPUs take Ampere's shares of peak and Blackwell GPUs Hopper's, the generation before
 * theirs: no published figure of this benchmark covers them.
 */
import type { GpuFamily } from "./utilisation.ts";

/** The benchmark's sequence lengths (tokens). */
export const ATTENTION_BENCH_SEQ = [512, 1024, 2048, 4096, 8192, 16384] as const;

/** Forward + backward FLOPs the benchmark counts per causal forward FLOP: 1 + 2.5. */
export const ATTENTION_BENCH_PASSES = 3.5;

/** Head dimensions the benchmark measured. */
export const ATTENTION_BENCH_HEAD_DIMS = [64, 128] as const;
type BenchHeadDim = (typeof ATTENTION_BENCH_HEAD_DIMS)[number];

type Curve = readonly number[];
interface GpuBench {
  /** The dense 16-bit tensor peak the figures are shares of (TFLOPS, datasheet). */
  peak: number;
  flash: Record<BenchHeadDim, Curve>;
  /** PyTorch eager attention; its 16k run ran out of memory. */
  eager: Record<BenchHeadDim, Curve>;
}

/** TFLOPS read off the README's causal panels (c: head dim 64, d: head dim 128). */
export const ATTENTION_BENCHMARK: Record<"a100" | "h100", GpuBench> = {
  a100: {
    peak: 312,
    flash: { 64: [88, 119, 140, 156, 165, 171], 128: [99, 133, 155, 173, 182, 189] },
    eager: { 64: [15, 16, 17, 18, 18], 128: [23, 28, 32, 32, 34] },
  },
  h100: {
    peak: 989,
    flash: { 64: [141, 192, 232, 257, 273, 284], 128: [163, 221, 265, 294, 308, 328] },
    eager: { 64: [26, 29, 31, 32, 32], 128: [40, 50, 57, 61, 63] },
  },
};

/** One kernel's measured shares of peak, by the benchmark's sequence lengths. */
export interface AttentionCurve {
  bench: "a100" | "h100";
  kernel: "flash" | "eager";
  headDim: BenchHeadDim;
  /** Shares of the 16-bit peak at `ATTENTION_BENCH_SEQ[i]` (fewer where the run ran out of memory). */
  shares: readonly number[];
}

/** The measured head dimension nearest a model's (MLA's 192 and Gemma's 256 take 128's). */
export const benchHeadDim = (headDim: number): BenchHeadDim => (headDim <= 96 ? 64 : 128);

/** The curve a GPU family's attention runs at: Ampere's and Ada's A100 figures, Hopper's and Blackwell's H100 ones. */
export function attentionCurve(
  family: GpuFamily | null,
  flash: boolean,
  headDim: number,
): AttentionCurve {
  const bench = family === "hopper-hbm" || family?.startsWith("blackwell") ? "h100" : "a100";
  const b = ATTENTION_BENCHMARK[bench];
  const kernel = flash ? "flash" : "eager";
  const d = benchHeadDim(headDim);
  return { bench, kernel, headDim: d, shares: b[kernel][d].map((t) => t / b.peak) };
}

/**
 * The curve's share of peak at a sequence length: linear in log2(length) between the
 * measured points, the end points beyond them.
 */
export function attentionShareAt(curve: AttentionCurve, seqLen: number): number {
  const xs = ATTENTION_BENCH_SEQ.slice(0, curve.shares.length);
  const ys = curve.shares;
  const first = ys[0] ?? 0;
  const last = ys[ys.length - 1] ?? first;
  if (seqLen <= (xs[0] ?? 0)) return first;
  for (let i = 1; i < xs.length; i++) {
    const x1 = xs[i] ?? 0;
    if (seqLen <= x1) {
      const x0 = xs[i - 1] ?? 0;
      const y0 = ys[i - 1] ?? 0;
      const y1 = ys[i] ?? 0;
      const t = Math.log2(seqLen / x0) / Math.log2(x1 / x0);
      return y0 + t * (y1 - y0);
    }
  }
  return last;
}
