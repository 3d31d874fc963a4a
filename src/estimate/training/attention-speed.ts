/**
 * How fast attention kernels run in training, as the FlashAttention README measured them
 * (Dao-AILab/flash-attention, assets/flash2_a100_fwd_bwd_benchmark.png and
 * flash2_h100_fwd_bwd_benchmark.png, July 2023; Dao 2023, FlashAttention-2, sec. 4.1): the
 * causal forward + backward speed of FlashAttention-2, FlashAttention (1), the Triton port of
 * FlashAttention (flash_attn_triton.py; A100 only) and PyTorch's eager attention on an A100
 * 80GB SXM4 and an H100 80GB SXM5, by sequence length (512 to 16k, 16k tokens per batch,
 * hidden 2048) and head dimension (64 or 128).
 *
 * The benchmark counts the forward as 4·s²·heads·d FLOPs halved for the causal mask and the
 * backward as 2.5 times that (benchmarks/benchmark_flash_attention.py, `flops`: the backward
 * recomputes the scores, five matrix products to the forward's two; Dao 2023, Algorithm 2),
 * the same count for every method, so a kernel's time for one token is (1 + 2.5) x its
 * causal forward FLOPs ÷ the figure. Short sequences run slower: each query block has fewer
 * key blocks to amortise its loads and softmax bookkeeping over. Past 16k the benchmark
 * stops (eager attention already ran out of memory at 16k) and the last figure holds.
 *
 * The README measured the Triton port on the A100 only. On the H100 it is taken at the
 * A100's ratio to FlashAttention-2 at the same length and head dim: both kernels issue
 * Ampere's mma.sync instructions (FlashAttention-2 used none of Hopper's WGMMA or TMA:
 * Shah et al. 2024, FlashAttention-3, sec. 1; the pre-MLIR Triton compiler the port was
 * built with predates Triton's Hopper support), so they gain alike from the H100's more SMs
 * and higher clock. That is a derived figure, not a measured one, and the source says so.
 *
 * Ada GPUs take Ampere's shares of peak and Blackwell GPUs Hopper's, the generation before
 * theirs: no published figure of this benchmark covers them.
 */
import type { GpuFamily } from "./utilisation-entry.ts";

/**
 * The fused attention kernel a training run uses when attention is not eager: FlashAttention-2
 * (flash-attn 2.x, PyTorch SDPA's flash backend, what today's stacks run), FlashAttention 1
 * (flash-attn 1.x), or the Triton port of FlashAttention (flash_attn_triton.py, which
 * MosaicML's llm-foundry ran by default in 2023). Each runs at its own measured speed
 * (below); memory is the same.
 */
export const ATTENTION_KERNELS = ["flash2", "flash1", "flash-triton"] as const;
export type AttentionKernel = (typeof ATTENTION_KERNELS)[number];

/** The benchmark's sequence lengths (tokens). */
export const ATTENTION_BENCH_SEQ = [512, 1024, 2048, 4096, 8192, 16384] as const;

/** Forward + backward FLOPs the benchmark counts per causal forward FLOP: 1 + 2.5. */
export const ATTENTION_BENCH_PASSES = 3.5;

/** Head dimensions the benchmark measured. */
export const ATTENTION_BENCH_HEAD_DIMS = [64, 128] as const;
type BenchHeadDim = (typeof ATTENTION_BENCH_HEAD_DIMS)[number];

type Curve = readonly number[];
type Figures = Record<BenchHeadDim, Curve>;
/** A kernel that attention runs on: one of the fused kernels, or eager attention. */
export type AttentionMethod = AttentionKernel | "eager";

/** TFLOPS read off the README's causal panels (c: head dim 64, d: head dim 128), 512 to 16k. */
export const ATTENTION_BENCHMARK: Record<
  "a100" | "h100",
  { peak: number; flash2: Figures; eager: Figures } & Partial<
    Record<"flash1" | "flash-triton", Figures>
  >
> = {
  a100: {
    peak: 312,
    flash2: { 64: [88, 119, 140, 156, 165, 171], 128: [99, 133, 155, 173, 182, 189] },
    flash1: { 64: [58, 70, 77, 87, 92, 97], 128: [55, 62, 69, 76, 80, 83] },
    "flash-triton": { 64: [59, 75, 79, 76, 79, 80], 128: [50, 61, 68, 74, 78, 80] },
    // Eager attention ran out of memory at 16k.
    eager: { 64: [15, 16, 17, 18, 18], 128: [23, 28, 32, 32, 34] },
  },
  h100: {
    peak: 989,
    flash2: {
      64: [141, 192, 232, 257, 273, 284],
      128: [163, 221, 265, 294, 308, 328],
    },
    flash1: { 64: [104, 123, 136, 138, 149, 156], 128: [98, 109, 108, 126, 135, 137] },
    eager: { 64: [26, 29, 31, 32, 32], 128: [40, 50, 57, 61, 63] },
  },
};

/** One kernel's shares of peak, by the benchmark's sequence lengths. */
export interface AttentionCurve {
  bench: "a100" | "h100";
  method: AttentionMethod;
  headDim: BenchHeadDim;
  /** Shares of the 16-bit peak at `ATTENTION_BENCH_SEQ[i]` (fewer where the run ran out of memory). */
  shares: readonly number[];
  /** Carried from the A100's ratio to FlashAttention-2 (the Triton port on the H100). */
  derived: boolean;
}

/** The measured head dimension nearest a model's (MLA's 192 and Gemma's 256 take 128's). */
export const benchHeadDim = (headDim: number): BenchHeadDim => (headDim <= 96 ? 64 : 128);

/** The figures of a method on a benchmark GPU, and whether they were carried from the A100. */
function figures(bench: "a100" | "h100", method: AttentionMethod, d: BenchHeadDim) {
  const own = ATTENTION_BENCHMARK[bench][method]?.[d];
  if (own) return { tflops: own, derived: false };
  // Every method has A100 figures; the H100's FlashAttention-2 ones carry them.
  const a100 = ATTENTION_BENCHMARK.a100;
  const flash2 = ATTENTION_BENCHMARK[bench]["flash2"][d];
  const tflops = (a100[method]?.[d] ?? []).map(
    (t, i) => (t / (a100["flash2"][d][i] ?? t)) * (flash2[i] ?? 0),
  );
  return { tflops, derived: true };
}

/**
 * The curve a GPU family's attention runs at: Ampere's and Ada's A100 figures, Hopper's and
 * Blackwell's H100 ones.
 */
export function attentionCurve(
  family: GpuFamily | null,
  method: AttentionMethod,
  headDim: number,
): AttentionCurve {
  const bench = family === "hopper-hbm" || family?.startsWith("blackwell") ? "h100" : "a100";
  const d = benchHeadDim(headDim);
  const f = figures(bench, method, d);
  const peak = ATTENTION_BENCHMARK[bench].peak;
  return { bench, method, headDim: d, shares: f.tflops.map((t) => t / peak), derived: f.derived };
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
