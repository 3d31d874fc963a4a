/**
 * Runs one validated request against a GPU list: the command line's engine, also usable
 * by build-time code. Resolves presets, pasted configs and GPU ids, naming the field on
 * failure.
 */
import type { GpuSpec } from "./gpu.ts";
import type { ModelArch, ModelSpec } from "./model.ts";
import { isArch, paramCounts, shapeFromParams } from "./model.ts";
import { findPreset, PRESET_IDS } from "./presets.ts";
import { parseHfConfig } from "./hf-config.ts";
import type {
  EstimateRequest,
  InferMemoryRequest,
  ModelRequest,
  RequestError,
  TrainMemoryRequest,
} from "./request.ts";
import type { TrainingMemoryInput } from "./training-memory.ts";
import { trainingMemory } from "./training-memory.ts";
import type { InferenceMemoryInput } from "./inference-memory.ts";
import { defaultScaleBits, inferenceMemory, quantizedWeightBytes } from "./inference-memory.ts";
import { decodeSpeed, prefillSeconds, requestsPerSecond } from "./inference-speed.ts";
import { peakTflopsNeeded, sustainedTflopsForDeadline, trainTime } from "./compute-time.ts";
import { trainingFlops } from "./training-flops.ts";
import { compareOptions, monthlyBreakEvenHours } from "./cost.ts";
import { rankGpus } from "./fit-rank.ts";
import { diagnose } from "./diagnosis.ts";
import { renderTime, renderVramGuidanceGB } from "./rendering.ts";
import { MFU_DEFAULT, mathFormatFor, peakTflops } from "./precision.ts";
import type { TrainingPrecision } from "./precision.ts";
import { kvBytesPerToken } from "./kv-cache.ts";
import { mibToBytes } from "./units.ts";

export class RequestFailure extends Error {
  errors: RequestError[];
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.errors = [{ field, message }];
  }
}

export function resolveModel(m: ModelRequest, field = "model"): ModelSpec {
  if ("preset" in m) {
    const p = findPreset(m.preset);
    if (!p)
      throw new RequestFailure(
        `${field}.preset`,
        `unknown preset "${m.preset}"; known: ${PRESET_IDS.join(", ")}`,
      );
    return p.model;
  }
  if ("hfConfig" in m) {
    const r = parseHfConfig(m.hfConfig);
    if (!r.ok) throw new RequestFailure(`${field}.${r.field}`, r.message);
    return r.model;
  }
  if ("params" in m)
    return m.activeParams === undefined
      ? { params: m.params }
      : { params: m.params, activeParams: m.activeParams };
  const { experts, activeExperts, sharedExperts, expertFfn, ...rest } = m;
  const arch: ModelArch = { ...rest } as ModelArch;
  if (experts !== undefined && experts > 1) {
    arch.moe = {
      experts,
      activeExperts: activeExperts ?? 1,
      sharedExperts: sharedExperts ?? 0,
      expertFfn: expertFfn ?? m.ffn,
    };
  }
  return arch;
}

export function findGpu(gpus: readonly GpuSpec[], id: string, field: string): GpuSpec {
  const g = gpus.find((x) => x.id === id);
  if (!g)
    throw new RequestFailure(
      field,
      `unknown GPU "${id}"; known: ${gpus.map((x) => x.id).join(", ") || "(catalog empty)"}`,
    );
  return g;
}

function overheads(r: {
  headroom?: number | undefined;
  cudaContextMiB?: number | undefined;
  fragmentation?: number | undefined;
}) {
  const o: { headroom?: number; cudaContextBytes?: number; fragmentation?: number } = {};
  if (r.headroom !== undefined) o.headroom = r.headroom;
  if (r.cudaContextMiB !== undefined) o.cudaContextBytes = mibToBytes(r.cudaContextMiB);
  if (r.fragmentation !== undefined) o.fragmentation = r.fragmentation;
  return o;
}

/** Copies defined keys only (exactOptionalPropertyTypes forbids explicit undefined). */
function defined<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

export function trainInput(r: TrainMemoryRequest, gpus: readonly GpuSpec[]): TrainingMemoryInput {
  const input: TrainingMemoryInput = {
    ...defined({
      recompute: r.recompute,
      flashAttention: r.flashAttention,
      gradAccumulation: r.gradAccumulation,
      gpus: r.gpus,
      tensorParallel: r.tensorParallel,
      sharding: r.sharding,
      offload: r.offload,
      head: r.head,
      dropout: r.dropout,
    }),
    ...overheads(r),
    model: resolveModel(r.model),
    precision: r.precision ?? "bf16-mixed",
    optimizer: r.optimizer ?? "adamw",
    microBatch: r.microBatch,
    seqLen: r.seqLen,
  };
  if (r.lora) input.lora = defined(r.lora);
  if (r.gpu) input.gpu = findGpu(gpus, r.gpu, "gpu");
  if ((r.tensorParallel ?? 1) > (r.gpus ?? 1))
    throw new RequestFailure("tensorParallel", `must be ≤ gpus (${r.gpus ?? 1})`);
  return input;
}

export function inferInput(r: InferMemoryRequest, gpus: readonly GpuSpec[]): InferenceMemoryInput {
  const input: InferenceMemoryInput = {
    ...defined({
      scaleBits: r.scaleBits,
      kvBits: r.kvBits,
      engine: r.engine,
      gpuMemoryUtilization: r.gpuMemoryUtilization,
      prefillChunkTokens: r.prefillChunkTokens,
      tensorParallel: r.tensorParallel,
    }),
    ...overheads(r),
    model: resolveModel(r.model),
    weightBits: r.weightBits,
    contextTokens: r.contextTokens,
    sequences: r.sequences,
  };
  if (r.gpu) input.gpu = findGpu(gpus, r.gpu, "gpu");
  return input;
}

function archOf(model: ModelSpec): ModelArch {
  return isArch(model) ? model : shapeFromParams(model.params);
}

/** Runs a validated request. Throws `RequestFailure` for unknown presets/GPUs or inconsistent fields. */
export function runRequest(r: EstimateRequest, gpus: readonly GpuSpec[]): unknown {
  switch (r.task) {
    case "train-memory":
      return { task: r.task, ...trainingMemory(trainInput(r, gpus)) };
    case "infer-memory":
      return { task: r.task, ...inferenceMemory(inferInput(r, gpus)) };
    case "decode-speed": {
      const gpu = findGpu(gpus, r.gpu, "gpu");
      const model = resolveModel(r.model);
      const counts = paramCounts(model);
      const engine = r.engine ?? "pytorch";
      const scale = r.scaleBits ?? defaultScaleBits(r.weightBits);
      // Decode reads the active weights; quantizers keep embeddings/head in 16 bit.
      const share = counts.active / counts.total;
      const weightBytes = quantizedWeightBytes(
        counts.active,
        counts.quantizable * share,
        r.weightBits,
        scale,
        engine,
      );
      const batch = r.batch ?? 1;
      // decodeSpeed divides the whole step's bytes by the GPUs' aggregate bandwidth, so the
      // weights stay whole here: splitting them by tensorParallel as well counted the split twice.
      const gpuCount = Math.max(r.gpus ?? 1, r.tensorParallel ?? 1);
      const decode = decodeSpeed({
        gpu,
        weightBytes,
        activeParams: counts.active,
        kvBytesPerToken: kvBytesPerToken(archOf(model), r.kvBits ?? 16),
        contextTokens: r.contextTokens ?? 0,
        batch,
        engine,
        gpus: gpuCount,
        ...defined({ efficiency: r.efficiency }),
      });
      const prefill = prefillSeconds({
        gpu,
        activeParams: counts.active,
        promptTokens: r.promptTokens ?? 0,
        engine,
        gpus: gpuCount,
      });
      const serving = requestsPerSecond({
        decode,
        ttftSeconds: prefill.seconds,
        outputTokens: r.outputTokens ?? 256,
        concurrency: batch,
      });
      return {
        task: r.task,
        ...decode,
        ttftSeconds: prefill.seconds,
        prefillTokensPerSecond: prefill.tokensPerSecond,
        ...serving,
      };
    }
    case "train-time": {
      const gpu = findGpu(gpus, r.gpu, "gpu");
      let flops: number;
      if (r.tokens !== undefined) {
        if (!r.model) throw new RequestFailure("model", "is required with tokens (6·N·D needs N)");
        flops = trainingFlops({
          kind: "transformer",
          params: paramCounts(resolveModel(r.model)).active,
          tokens: r.tokens,
          fullRecompute: r.recompute === "full",
        });
      } else if (r.samples !== undefined && r.flopsPerSample !== undefined) {
        flops = trainingFlops({
          kind: "samples",
          samples: r.samples,
          flopsPerSample: r.flopsPerSample,
          forwardOnly: r.forwardOnly ?? false,
        });
      } else {
        throw new RequestFailure(
          "tokens",
          "give tokens (with model) or samples and flopsPerSample",
        );
      }
      const precision: TrainingPrecision = r.precision ?? "bf16-mixed";
      const t = trainTime({
        flops,
        gpu,
        format: mathFormatFor(precision),
        ...defined({ gpus: r.gpus, mfu: r.mfu, scaling: r.scaling }),
      });
      const deadline =
        r.deadlineHours === undefined
          ? {}
          : {
              deadlineSustainedTflops: sustainedTflopsForDeadline(flops, r.deadlineHours * 3600),
              deadlinePeakTflopsNeeded: peakTflopsNeeded(
                flops,
                r.deadlineHours * 3600,
                r.mfu ?? MFU_DEFAULT,
              ),
            };
      const cost =
        r.pricePerGpuHour === undefined
          ? {}
          : { cost: t.hours * (r.gpus ?? 1) * r.pricePerGpuHour };
      return { task: r.task, ...t, flops, ...deadline, ...cost };
    }
    case "cost": {
      for (const [i, o] of r.options.entries())
        findGpu(gpus.length ? gpus : [{ id: o.gpu } as GpuSpec], o.gpu, `options.${i}.gpu`);
      // Without a measured run time and no 1-GPU baseline to scale from, an option would be
      // priced at zero run hours.
      const hasBase =
        r.singleGpuHours !== undefined ||
        r.options.some((o) => o.gpus === 1 && o.runHours !== undefined);
      for (const [i, o] of r.options.entries()) {
        if (o.runHours === undefined && !hasBase) {
          throw new RequestFailure(
            `options.${i}.runHours`,
            "is required unless singleGpuHours or a 1-GPU option with runHours is given",
          );
        }
      }
      const { task, options, monthlyPrice, ...rest } = r;
      const result = compareOptions({ ...defined(rest), options: options.map((o) => defined(o)) });
      const hourly = options[0]?.pricePerHour ?? 0;
      return {
        task,
        ...result,
        hours: result.options[result.cheapest]?.hours ?? 0,
        ...(monthlyPrice === undefined
          ? {}
          : { monthlyBreakEvenHours: monthlyBreakEvenHours(hourly, monthlyPrice) }),
      };
    }
    case "fit-rank": {
      const w = r.workload;
      const list = r.gpus ? r.gpus.map((id, i) => findGpu(gpus, id, `gpus.${i}`)) : gpus;
      const train = w.task === "train-memory";
      const base = train ? trainInput(w, gpus) : inferInput(w, gpus);
      const memoryPerGpu = (n: number): number =>
        train
          ? trainingMemory({
              ...(base as TrainingMemoryInput),
              gpus: n,
              sharding: n > 1 ? "zero3" : ((base as TrainingMemoryInput).sharding ?? "none"),
            }).nvidiaSmiBytes
          : inferenceMemory({ ...(base as InferenceMemoryInput), tensorParallel: n })
              .nvidiaSmiBytes;
      const params = paramCounts(base.model).active;
      const precision: TrainingPrecision = train
        ? (base as TrainingMemoryInput).precision
        : "bf16-mixed";
      const rows = rankGpus(
        list,
        {
          memoryPerGpu,
          flops:
            r.tokens === undefined
              ? null
              : trainingFlops({
                  kind: "transformer",
                  params,
                  tokens: r.tokens,
                  fullRecompute: train && (base as TrainingMemoryInput).recompute === "full",
                }),
          format: mathFormatFor(precision),
          mfu: r.mfu ?? MFU_DEFAULT,
          scaling: r.scaling ?? 1,
          splitNeedsFastLink: !train,
          memoryBound: !train,
          ...defined({ headroom: w.headroom }),
        },
        r.prices ?? {},
        r.sortBy ?? "cost",
      );
      return { task: r.task, rows };
    }
    case "diagnose": {
      const precision = r.precision ?? "bf16-mixed";
      const peak = (v: number | undefined, g: string | undefined, f: string): number => {
        if (v !== undefined) return v;
        if (g === undefined) throw new RequestFailure(f, "give a peak (TFLOPS) or a GPU id");
        return peakTflops(findGpu(gpus, g, f), mathFormatFor(precision)).tflops;
      };
      return {
        task: r.task,
        ...diagnose({
          throughputA: r.throughputA,
          throughputB: r.throughputB,
          peakA: peak(r.peakA, r.gpuA, "peakA"),
          peakB: peak(r.peakB, r.gpuB, "peakB"),
        }),
      };
    }
    case "render": {
      const vram = renderVramGuidanceGB(r.resolution, r.complexity ?? "moderate");
      const time =
        r.secondsPerFrame !== undefined && r.frames !== undefined
          ? renderTime({
              secondsPerFrame: r.secondsPerFrame,
              frames: r.frames,
              ...defined({ gpus: r.gpus, scaling: r.scaling, pricePerGpuHour: r.pricePerGpuHour }),
            })
          : null;
      return {
        task: r.task,
        vramGB: vram,
        ...(time ? { hours: time.hours, total: time.cost ?? time.hours, render: time } : {}),
      };
    }
  }
}
