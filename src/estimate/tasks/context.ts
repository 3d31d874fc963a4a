/** What a task reads besides its request: the GPU catalog and the model presets. */
import type { GpuSpec } from "../gpu.ts";
import type { TaskContext } from "./task.ts";
import { gbToBytes } from "../units.ts";

/** The catalog GPU a checked request names (the checker has already refused unknown ids). */
export function gpuById(ctx: TaskContext, id: string): GpuSpec {
  const g = ctx.gpus.find((x) => x.id === id);
  if (!g) throw new Error(`GPU ${id} passed the checker but is not in the catalog`);
  return g;
}

/** The ids of catalog GPUs whose memory as sold holds `bytes`. */
export function gpusHolding(ctx: TaskContext, bytes: number): string[] {
  return ctx.gpus.filter((g) => gbToBytes(g.memoryGB) >= bytes).map((g) => g.id);
}
