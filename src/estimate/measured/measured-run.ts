/**
 * `measured-run`: what a run measured with nvidia-smi says about a rental. Its peak is
 * already the nvidia-smi figure every memory estimate ends on (weights, activations, the
 * allocator's reserve and the CUDA context included), so the memory to rent is that peak
 * plus the headroom, checked against the catalog like every estimate (`memoryVerdict`).
 * Given the run's throughput and a job's total work, also the hours one GPU would need.
 */
import { gpuById, memoryVerdict } from "../memory/verdict.ts";
import type { Resolved } from "../request/field.ts";
import { issue } from "../request/issue.ts";
import { MEASURED_RUN_FIELDS } from "./fields.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";
import type { MemoryViews } from "../memory/views.ts";
import { memoryFit, pushCommonWarnings } from "../memory/views.ts";
import type { Assumption, Warning } from "../result.ts";
import { part } from "../result.ts";
import { mibToBytes } from "../units.ts";
import { HEADROOM_SEED_MAX, HEADROOM_SEED_MIN } from "../vocabulary.ts";

type MeasuredRunRequest = Resolved<typeof MEASURED_RUN_FIELDS>;

/**
 * A catalog GPU counts as smaller than the measured one below this share of its memory.total.
 * Two GPUs sold at the same size differ by up to 1/16 (ECC on or off: 46068 vs 49140 MiB for
 * a "48 GB" card) plus a few MiB, so only a gap wider than that is a smaller card.
 */
export const SMALLER_GPU_SHARE = 0.9;

/** The measured GPU's own memory: does it hold the need, and which smaller catalog GPUs do. */
function ownGpu(
  r: MeasuredRunRequest,
  ctx: TaskContext,
  views: Pick<MemoryViews, "nvidiaSmiBytes" | "recommendedBytes">,
  fitsOn: readonly string[],
) {
  if (r.memoryTotalMiB === undefined) return null;
  const capacityBytes = mibToBytes(r.memoryTotalMiB);
  const smaller = new Set(
    ctx.gpus.filter((g) => g.memoryTotalBytes < SMALLER_GPU_SHARE * capacityBytes).map((g) => g.id),
  );
  return {
    capacityBytes,
    fit: memoryFit(views, capacityBytes),
    /** Catalog GPUs well below its memory that hold the need, smallest first. */
    smallerFitsOn: fitsOn.filter((id) => smaller.has(id)),
  };
}

/**
 * Hours one GPU would need for the whole job: total ÷ (throughput ÷ the run's GPUs), i.e. the
 * run's GPUs shared the work evenly. The cost calculator divides by each option's GPU count
 * and scaling; null without a throughput and a total.
 */
function singleGpuHours(r: MeasuredRunRequest): number | null {
  if (r.totalWork === undefined || r.throughputPerHour === undefined) return null;
  return (r.totalWork / r.throughputPerHour) * r.gpus;
}

export const measuredRunTask = defineTask({
  id: "measured-run",
  fields: MEASURED_RUN_FIELDS,
  rules: (r) =>
    r.totalWork !== undefined && r.throughputPerHour === undefined
      ? [issue("throughputPerHour", "needs-with", { with: "totalWork" })]
      : [],
  run: (r, ctx) => {
    const headroomBytes = r.peakBytes * r.headroom;
    const recommendedBytes = r.peakBytes + headroomBytes;
    const warnings: Warning[] = [];
    const gpu = r.gpu === undefined ? undefined : gpuById(ctx, r.gpu);
    // The measured peak is what nvidia-smi showed: the figure the GPU's capacity is compared with.
    pushCommonWarnings(warnings, { headroom: r.headroom, nvidiaSmiBytes: r.peakBytes }, gpu);
    const assumptions: Assumption[] = [
      { key: "measured-peak-bytes", value: r.peakBytes, source: "run-log" },
      { key: "headroom", value: r.headroom, source: "seed-headroom" },
    ];
    const views = { recommendedBytes, nvidiaSmiBytes: r.peakBytes };
    const verdict = memoryVerdict(ctx, views, r.gpu, r.gpus);
    return {
      total: recommendedBytes,
      breakdown: [part("measured-peak", r.peakBytes), part("headroom", headroomBytes)],
      assumptions,
      warnings,
      headroom: r.headroom,
      recommendedBytes,
      /** The memory to rent at the seeds' 15% and 25%, whatever headroom was asked for. */
      seedRangeBytes: {
        low: r.peakBytes * (1 + HEADROOM_SEED_MIN),
        high: r.peakBytes * (1 + HEADROOM_SEED_MAX),
      },
      verdict,
      own: ownGpu(r, ctx, views, verdict.fitsOn),
      singleGpuHours: singleGpuHours(r),
    };
  },
});

export type MeasuredRunResult = ReturnType<(typeof measuredRunTask)["run"]>;
