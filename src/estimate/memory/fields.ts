/** What every memory estimate takes beside the workload: the GPU to check and the overheads. */
import { HEADROOM_DEFAULT } from "../vocabulary.ts";
import { gpu, num } from "../request/field.ts";

export const MEMORY_FIELDS = {
  gpu: gpu(),
  /** The seeds' 15–25% above the peak; any share from 0 to 100% is accepted. */
  headroom: num("fraction", 0, 1, { default: HEADROOM_DEFAULT, percent: true }),
  cudaContextMiB: num("mib", 0, 100_000),
  fragmentation: num("fraction", 0, 0.9, { percent: true }),
} as const;
