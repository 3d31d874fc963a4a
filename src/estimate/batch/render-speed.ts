/**
 * Render speed between two GPUs from published render-benchmark scores (`renderScores` in
 * the catalog): a frame's time carries by the ratio of the two GPUs' scores in the same
 * benchmark and backend. FP32 peak is a poor proxy for rendering: OptiX and V-Ray RTX trace
 * rays on RT cores, which data-center GPUs such as the A100, H100, H200 and B200 do not
 * have, so their FP32 peaks overstate their render speed against GeForce and RTX cards.
 */
import type { GpuSpec, RenderBackend } from "../hardware/gpu.ts";

/**
 * Backends in the order a shared score is preferred: the RT-core paths first, since Cycles
 * and V-Ray users on RTX cards render with them (Blender's own benchmark picks OptiX there).
 */
const BACKEND_PREFERENCE: readonly RenderBackend[] = ["optix", "rtx", "cuda", "hip"];

export interface ScoreRatio {
  /** Seconds on the other GPU per second measured: measured GPU's score ÷ the other's. */
  ratio: number;
  benchmark: string;
  backend: RenderBackend;
}

/**
 * The score ratio from `measured` to `gpu`, or null when they share no benchmark and backend.
 * Both scores are always of one benchmark (its name carries the version) and one backend:
 * an OptiX score against a CUDA one would credit the RT cores to one side only.
 */
export function renderScoreRatio(measured: GpuSpec, gpu: GpuSpec): ScoreRatio | null {
  for (const backend of BACKEND_PREFERENCE)
    for (const a of measured.renderScores ?? []) {
      if (a.backend !== backend) continue;
      const b = gpu.renderScores?.find((s) => s.benchmark === a.benchmark && s.backend === backend);
      if (b) return { ratio: a.value / b.value, benchmark: a.benchmark, backend };
    }
  return null;
}
