/** What a task reads besides its request: the GPU catalog and the model presets. */
import type { GpuSpec, OptionalFigure } from "../hardware/gpu.ts";
import { missingSpeedFigures } from "../hardware/gpu.ts";
import type { MemoryVerdict, MemoryViews } from "./views.ts";
import { rentGB } from "./views.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";
import type { TaskContext } from "../request/task.ts";

/** The catalog GPU a checked request names (the checker has already refused unknown ids). */
export function gpuById(ctx: TaskContext, id: string): GpuSpec {
  const g = ctx.gpus.find((x) => x.id === id);
  if (!g) throw new Error(`GPU ${id} passed the checker but is not in the catalog`);
  return g;
}

/** The ids of catalog GPUs whose memory (nvidia-smi memory.total) holds `bytes`. */
export function gpusHolding(ctx: TaskContext, bytes: number): string[] {
  return ctx.gpus.filter((g) => g.memoryTotalBytes >= bytes).map((g) => g.id);
}

/**
 * The verdict of a memory estimate, computed once from the memory to rent: the chosen GPU
 * fits exactly when it is among the GPUs that hold the need.
 */
export function memoryVerdict(
  ctx: TaskContext,
  views: Pick<MemoryViews, "recommendedBytes">,
  gpuId: string | undefined,
  gpus: number,
): MemoryVerdict {
  const needBytes = views.recommendedBytes;
  const holding = new Set(gpusHolding(ctx, needBytes));
  const fitsOn = ctx.gpus
    .filter((g) => holding.has(g.id))
    .sort((a, b) => a.memoryTotalBytes - b.memoryTotalBytes)
    .map((g) => g.id);
  const chosen =
    gpuId === undefined
      ? null
      : {
          gpuId,
          fits: holding.has(gpuId),
          capacityBytes: gpuById(ctx, gpuId).memoryTotalBytes,
        };
  return { rentGB: rentGB(needBytes), needBytes, gpus, chosen, fitsOn };
}

const MISSING_CODE = {
  bandwidthGBps: "gpu-no-bandwidth",
  fp32Tflops: "gpu-no-compute",
} as const satisfies Record<OptionalFigure, Issue["code"]>;

/**
 * A chosen GPU the catalog gives no figure for that this estimate needs (no defensible
 * bandwidth or compute peak exists for the Ascend 910B): refused with the reason, never
 * estimated from a guess. An unknown id is the checker's issue already, so none here.
 */
export function speedFigureIssues(
  ctx: TaskContext,
  field: string,
  id: string | undefined,
  needs: readonly OptionalFigure[],
): Issue[] {
  const g = ctx.gpus.find((x) => x.id === id);
  if (!g) return [];
  return missingSpeedFigures(g, needs).map((key) =>
    issue(field, MISSING_CODE[key], { gpu: g.name }),
  );
}
