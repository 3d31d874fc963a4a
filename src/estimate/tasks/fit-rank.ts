/**
 * `fit-rank`: every catalog GPU for one workload: does it fit, how many are needed, how
 * long and at what cost. Training splits over GPUs with ZeRO-3 (keeping the workload's own
 * tensor parallel degree); serving splits the model with tensor parallelism.
 */
import type { Workload } from "../fit-rank.ts";
import { rankGpus } from "../fit-rank.ts";
import { MFU_DEFAULT, SORT_KEYS } from "../vocabulary.ts";
import { mathFormatFor } from "../precision.ts";
import { inferenceMemory } from "../inference-memory.ts";
import { trainingMemory } from "../training-memory.ts";
import type { GpuMapField } from "./field.ts";
import { int, num, oneOf, share } from "./field.ts";
import { part } from "../result.ts";
import type { ServingRequest } from "./infer-memory.ts";
import { servingInput } from "./infer-memory.ts";
import { defineTask } from "./task.ts";
import type { TrainingRequest } from "./train-memory.ts";
import { trainingInput, trainingJobFlops } from "./train-memory.ts";

export const FIT_RANK_FIELDS = {
  workload: { kind: "request", tasks: ["train-memory", "infer-memory"] },
  tokens: num("tokens", 0, 1e16, { above: true, suffixes: true }),
  mfu: share({ default: MFU_DEFAULT }),
  scaling: share({ default: 1 }),
  prices: { kind: "gpu-map", value: num("money-per-gpu-hour", 0, 1e6) } as GpuMapField,
  sortBy: oneOf(SORT_KEYS, { default: "cost" }),
  gpus: { kind: "gpu-list" },
  /**
   * A peak measured on a real run (the run-log analyzer's), used instead of the estimated
   * memory: it holds on at least as many GPUs as the run used; fewer is unknown.
   */
  measured: {
    kind: "object",
    fields: {
      peakBytes: num("count", 1, 1e15, { required: true }),
      gpus: int("gpus", 1, 1024, { default: 1 }),
      headroom: num("fraction", 0, 1, { default: 0.2, percent: true }),
    },
  },
} as const;

type Nested = { task: string } & Record<string, unknown>;

export const fitRankTask = defineTask({
  id: "fit-rank",
  fields: FIT_RANK_FIELDS,
  required: ["workload"],
  run: (r, ctx) => {
    const w = r.workload as Nested;
    const train = w.task === "train-memory";
    const list = r.gpus ? ctx.gpus.filter((g) => r.gpus?.includes(g.id)) : ctx.gpus;
    let workload: Workload;
    if (train) {
      const base = trainingInput(w as unknown as TrainingRequest, ctx);
      const tp = base.tensorParallel ?? 1;
      workload = {
        memoryPerGpu: (n) =>
          n % tp !== 0
            ? Number.POSITIVE_INFINITY
            : trainingMemory({
                ...base,
                gpus: n,
                sharding: n > 1 && base.sharding === "none" ? "zero3" : (base.sharding ?? "none"),
              }).nvidiaSmiBytes,
        flops: r.tokens === undefined ? null : trainingJobFlops(base, r.tokens),
        format: mathFormatFor(base.precision),
        mfu: r.mfu,
        scaling: r.scaling,
        splitNeedsFastLink: false,
        memoryBound: false,
        headroom: (w as unknown as TrainingRequest).headroom,
      };
    } else {
      const base = servingInput(w as unknown as ServingRequest, ctx);
      workload = {
        memoryPerGpu: (n) => inferenceMemory({ ...base, tensorParallel: n }).nvidiaSmiBytes,
        flops: null,
        format: mathFormatFor("bf16-mixed"),
        mfu: r.mfu,
        scaling: r.scaling,
        splitNeedsFastLink: true,
        memoryBound: true,
        headroom: (w as unknown as ServingRequest).headroom,
      };
    }
    const m = r.measured;
    if (m)
      workload = {
        ...workload,
        memoryPerGpu: (n) => (n >= m.gpus ? m.peakBytes : Number.POSITIVE_INFINITY),
        headroom: m.headroom,
      };
    const rows = rankGpus(list, workload, r.prices ?? {}, r.sortBy);
    const count = (reason: string) =>
      rows.filter((x) => x.reasons.includes(reason as never)).length;
    // The ranking's total is the number of GPUs ranked; its parts say how each fares.
    return {
      total: rows.length,
      breakdown: [
        part("fits-one-gpu", count("fits-one-gpu")),
        part("needs-multiple-gpus", count("needs-multiple-gpus")),
        part("does-not-fit", count("does-not-fit")),
      ],
      assumptions: [
        { key: "mfu", value: r.mfu, source: "mfu-published" },
        {
          key: "memory-basis",
          value: m ? "measured" : "estimate",
          source: m ? "run-log" : "estimator",
        },
        {
          key: "split",
          value: train ? "zero3" : "tensor-parallel",
          source: train ? "zero3-split" : "tensor-parallel-split",
        },
      ],
      warnings: [],
      rows,
    };
  },
});
