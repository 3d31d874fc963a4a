/** `diagnose`: is a job GPU-bound? Two measured throughputs against two paper peaks (seed 000). */
import { diagnose } from "./diagnosis.ts";
import { mathFormatFor, peakTflops } from "../hardware/precision.ts";
import { TRAINING_PRECISIONS } from "../vocabulary.ts";
import { gpuById, speedFigureIssues } from "../memory/verdict.ts";
import { gpu, num, oneOf } from "../request/field.ts";
import type { TaskContext } from "../request/task.ts";
import { defineTask } from "../request/task.ts";

const throughput = num("work-per-hour", 0, 1e15, { above: true });
const peak = num("tflops", 0, 1e6, { above: true });

export const DIAGNOSE_FIELDS = {
  throughputA: throughput,
  throughputB: throughput,
  peakA: peak,
  peakB: peak,
  gpuA: gpu(),
  gpuB: gpu(),
  precision: oneOf(TRAINING_PRECISIONS, { default: "bf16-mixed" }),
} as const;

export const diagnoseTask = defineTask({
  id: "diagnose",
  fields: DIAGNOSE_FIELDS,
  required: ["throughputA", "throughputB"],
  requirements: [{ oneOf: ["peakA", "gpuA"] }, { oneOf: ["peakB", "gpuB"] }],
  // A side's GPU gives its peak only when no peak is typed, and only with a compute figure.
  rules: (r, ctx) =>
    (["A", "B"] as const).flatMap((s) =>
      r[`peak${s}`] === undefined
        ? speedFigureIssues(ctx, `gpu${s}`, r[`gpu${s}`], ["fp32Tflops"])
        : [],
    ),
  run: (r, ctx: TaskContext) => {
    const peakOf = (v: number | undefined, id: string | undefined): number =>
      v ?? peakTflops(gpuById(ctx, id ?? ""), mathFormatFor(r.precision)).tflops;
    return diagnose({
      throughputA: r.throughputA ?? 0,
      throughputB: r.throughputB ?? 0,
      peakA: peakOf(r.peakA, r.gpuA),
      peakB: peakOf(r.peakB, r.gpuB),
    });
  },
});
