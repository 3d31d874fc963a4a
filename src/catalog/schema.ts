/**
 * The GPU catalog's schema. One file, `content/gpus.json`, is read by Astro's content
 * collection (the site), by the estimator's command line and by the unit tests, all
 * through this schema, so a figure without a source or in the wrong unit fails every one.
 *
 * Units are part of every field name: memory in GB (1e9 bytes, as GPUs are sold),
 * bandwidth in GB/s (decimal), compute in TFLOPS (1e12 operations per second), power in W.
 * Tensor figures are always *dense*: datasheets often print "with sparsity" figures, which
 * are twice the dense ones and which no ordinary training or inference run reaches.
 */
import { z } from "zod";

/** A source document: a datasheet, whitepaper or press report. */
export const sourceSchema = z.object({
  /** Short key that figures refer to, e.g. `datasheet`. */
  id: z.string().regex(/^[a-z0-9-]+$/, "source ids are lowercase words joined by '-'"),
  /** Human-readable title of the document, e.g. "NVIDIA A100 datasheet". */
  title: z.string().min(3),
  /** Where the document is published, when it has a stable address. */
  url: z.url().optional(),
});

/** One figure with the source it comes from. */
export const figureSchema = z.object({
  value: z.number().positive("a catalog figure must be a positive number"),
  /** The `id` of one of the GPU's `sources`. */
  source: z.string().min(1, "every figure needs a source"),
  /**
   * True when no vendor document backs the figure (China-market parts, cloud-only
   * parts, figures derived by third parties). The site shows such figures as unverified.
   */
  unverified: z.boolean().optional(),
  /** A short qualifier, e.g. "FP16 only, no BF16". */
  note: z.string().optional(),
});

export type Figure = z.infer<typeof figureSchema>;

const FIGURE_KEYS = [
  "memoryGB",
  "bandwidthGBps",
  "fp32Tflops",
  "tf32TensorTflopsDense",
  "fp16TensorTflopsDense",
  "bf16TensorTflopsDense",
  "fp8TensorTflopsDense",
  "int8TensorTopsDense",
  "tdpW",
  "nvlinkGBps",
] as const;

export type FigureKey = (typeof FIGURE_KEYS)[number];

export const gpuSchema = z
  .object({
    /** Stable id used in URLs, links and requests, e.g. `rtx-4090`, `a100-80gb-sxm`. */
    id: z.string().regex(/^[a-z0-9-]+$/, "GPU ids are lowercase words joined by '-'"),
    /** Marketing name, e.g. "NVIDIA A100 80GB SXM". */
    name: z.string().min(2),
    vendor: z.enum(["NVIDIA", "AMD"]),
    /** Market segment; it decides e.g. whether FP16 tensor math at FP32 accumulate runs at half rate. */
    segment: z.enum(["datacenter", "workstation", "consumer"]),
    architecture: z.string().min(2),
    memoryType: z.string().min(2),
    /** Memory as sold, GB (1e9 bytes). `nvidia-smi` reports the same memory in MiB. */
    memoryGB: figureSchema,
    /** Peak memory bandwidth, GB/s (1e9 bytes per second). */
    bandwidthGBps: figureSchema,
    /** FP32 non-tensor (vector) peak, TFLOPS. */
    fp32Tflops: figureSchema,
    /** TF32 tensor peak, dense, TFLOPS. Absent where the GPU has no TF32 tensor math. */
    tf32TensorTflopsDense: figureSchema.optional(),
    /** FP16 tensor peak, dense, with FP32 accumulate (what mixed-precision training uses), TFLOPS. */
    fp16TensorTflopsDense: figureSchema.optional(),
    /** BF16 tensor peak, dense, FP32 accumulate, TFLOPS. Absent where the GPU has no BF16. */
    bf16TensorTflopsDense: figureSchema.optional(),
    /** FP8 tensor peak, dense, TFLOPS. Absent where the GPU has no FP8. */
    fp8TensorTflopsDense: figureSchema.optional(),
    /** INT8 tensor peak, dense, TOPS. */
    int8TensorTopsDense: figureSchema.optional(),
    /** Board power, W. */
    tdpW: figureSchema,
    /** GPU-to-GPU link bandwidth, aggregate bidirectional GB/s. Absent: PCIe only. */
    nvlinkGBps: figureSchema.optional(),
    /** How GPUs connect, as the vendor states it, e.g. "NVLink4 900 GB/s; PCIe Gen5". */
    interconnect: z.string().min(2),
    formFactor: z.string().min(2),
    /** Documents the figures come from; every figure's `source` must name one of them. */
    sources: z.array(sourceSchema).min(1, "a GPU needs at least one source"),
    /** Anything a renter should know that the figures do not say. */
    notes: z.string().optional(),
  })
  .superRefine((gpu, ctx) => {
    const ids = new Set(gpu.sources.map((s) => s.id));
    for (const key of FIGURE_KEYS) {
      const figure = gpu[key];
      if (figure && !ids.has(figure.source)) {
        ctx.addIssue({
          code: "custom",
          path: [key, "source"],
          message: `${gpu.id}: ${key} cites source "${figure.source}", which is not in its sources list`,
        });
      }
    }
  });

export type GpuEntry = z.infer<typeof gpuSchema>;

export const catalogSchema = z.array(gpuSchema).superRefine((gpus, ctx) => {
  const seen = new Set<string>();
  gpus.forEach((gpu, i) => {
    if (seen.has(gpu.id)) {
      ctx.addIssue({ code: "custom", path: [i, "id"], message: `duplicate GPU id "${gpu.id}"` });
    }
    seen.add(gpu.id);
  });
});

export { FIGURE_KEYS };
