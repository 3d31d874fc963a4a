/**
 * The fields of a measured run (the run-log analyzer's): the peak nvidia-smi reported for one
 * GPU, the headroom to add, the GPU's own memory.total, and for the hours of a whole job the
 * run's throughput, its GPU count and the job's total work. Apart from the task, so the
 * analyzer's inputs read their ranges without loading the estimator.
 */
import { int, num } from "../request/field.ts";
import { MEMORY_FIELDS } from "../memory/fields.ts";

export const MEASURED_RUN_FIELDS = {
  /** The highest memory.used nvidia-smi reported for one GPU, bytes (MiB × 2^20). */
  peakBytes: num("bytes", 0, 1e15, { required: true }),
  /** The measured GPU's own memory.total as nvidia-smi reported it. */
  memoryTotalMiB: num("mib", 0, 1e9, { above: true }),
  /** A catalog GPU to check the need against, as every memory estimate takes one. */
  gpu: MEMORY_FIELDS.gpu,
  headroom: MEMORY_FIELDS.headroom,
  /** GPUs of the run; the work was shared evenly between them. */
  gpus: int("gpus", 1, 100_000, { default: 1 }),
  /** Work units per hour over the run's steady window, all its GPUs together. */
  throughputPerHour: num("work-per-hour", 0, 1e18, { above: true }),
  /** The whole job's work, in the throughput's unit. */
  totalWork: num("units", 0, 1e18, { above: true }),
} as const;
