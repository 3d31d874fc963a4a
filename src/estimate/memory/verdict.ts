/** What a task reads besides its request: the GPU catalog and the model presets. */
import type { GpuSpec, OptionalFigure } from "../hardware/gpu.ts";
import { missingSpeedFigures } from "../hardware/gpu.ts";
import type { MemoryFit, MemoryVerdict, MemoryViews } from "./views.ts";
import { headroomShortBytes, memoryFit, rentGB } from "./views.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";
import type { TaskContext } from "../request/task.ts";

/** The catalog GPU a checked request names (the checker has already refused unknown ids). */
export function gpuById(ctx: TaskContext, id: string): GpuSpec {
  const g = ctx.gpus.find((x) => x.id === id);
  if (!g) throw new Error(`GPU ${id} passed the checker but is not in the catalog`);
  return g;
}

/**
 * The verdict of a memory estimate, computed once from its nvidia-smi peak and the memory to
 * rent: each GPU fits, is tight or does not fit (`memoryFit`), the chosen one included.
 */
export function memoryVerdict(
  ctx: TaskContext,
  views: Pick<MemoryViews, "recommendedBytes" | "nvidiaSmiBytes">,
  gpuId: string | undefined,
  gpus: number,
): MemoryVerdict {
  const needBytes = views.recommendedBytes;
  const bySize = [...ctx.gpus].sort((a, b) => a.memoryTotalBytes - b.memoryTotalBytes);
  const at = (fit: MemoryFit) =>
    bySize.filter((g) => memoryFit(views, g.memoryTotalBytes) === fit).map((g) => g.id);
  const chosen = (() => {
    if (gpuId === undefined) return null;
    const capacityBytes = gpuById(ctx, gpuId).memoryTotalBytes;
    const fit = memoryFit(views, capacityBytes);
    const shortBytes = headroomShortBytes(views, capacityBytes);
    return { gpuId, fit, shortBytes, shortGB: rentGB(shortBytes), capacityBytes };
  })();
  return {
    rentGB: rentGB(needBytes),
    needBytes,
    gpus,
    chosen,
    fitsOn: at("fits"),
    tightOn: at("tight"),
  };
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
