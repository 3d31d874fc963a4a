/**
 * The GPU catalog's schema. One file, `content/gpus.json`, is read by Astro's content
 * collection (the site), by the estimator's command line and by the unit tests, all
 * through this schema, so a figure without a source or in the wrong unit fails every one.
 *
 * Units are part of every field name: memory as sold in GB (1e9 bytes) and as the driver
 * reports it in MiB (2^20 bytes), bandwidth in GB/s (decimal), compute in TFLOPS (1e12
 * operations per second), power in W.
 * Tensor figures are always *dense*: datasheets often print "with sparsity" figures, which
 * are twice the dense ones and which no ordinary training or inference run reaches.
 */
import { z } from "zod";
import { GPU_LINKS, PCIE_P2P, RENDER_BACKENDS } from "../estimate/hardware/gpu.ts";
import { requireZhTwins } from "./zh-twin.ts";

/** A passage's Chinese twin (`zh-twin.ts`): what the Chinese pages show in its place. */
const zhText = z.string().min(2);

/** A source document: a datasheet, whitepaper or press report. */
export const sourceSchema = z.object({
  /** Short key that figures refer to, e.g. `datasheet`. */
  id: z.string().regex(/^[a-z0-9-]+$/, "source ids are lowercase words joined by '-'"),
  /** Human-readable title of the document, e.g. "NVIDIA A100 datasheet". */
  title: z.string().min(3),
  /**
   * The title in Chinese, where it describes rather than names the document; a title that
   * is the document's own name ("NVIDIA A100 datasheet") stays as it is on every page.
   */
  titleZh: zhText.optional(),
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
  /** The qualifier in Chinese, e.g. "仅 FP16，无 BF16": required with `note`. */
  noteZh: zhText.optional(),
});

export type Figure = z.infer<typeof figureSchema>;

/** A memory size in whole MiB, as `nvidia-smi`, `rocm-smi` and `npu-smi` print it. */
const mibFigureSchema = figureSchema.extend({
  value: z.number().int("memory in MiB is a whole number").positive(),
});

const FIGURE_KEYS = [
  "memoryGB",
  "memoryTotalMiB",
  "bandwidthGBps",
  "fp32Tflops",
  "tf32TensorTflopsDense",
  "fp16TensorTflopsDense",
  "bf16TensorTflopsDense",
  "fp8TensorTflopsDense",
  "int8TensorTopsDense",
  "tdpW",
] as const;

export type FigureKey = (typeof FIGURE_KEYS)[number];

/**
 * GPU memory is sold in binary sizes: a "24 GB" card has 24 GiB of chips (24576 MiB), and
 * `nvidia-smi` reports at most that.
 */
const MIB_PER_SOLD_GB = 1024;
/**
 * The least share of that a card reports: GDDR with ECC on keeps 1/16 for ECC, and the
 * driver a few MiB more (T4 "16 GB": 15360 of 16384 MiB; L40S: 46068 of 49152, 93.7%).
 * Anything lower is a figure in the wrong unit (GB, decimal MB) or a typo.
 */
const MEMORY_TOTAL_SHARE_MIN = 0.93;

/** A calendar date, YYYY-MM-DD. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date is YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { message: "not a calendar date" });

/**
 * One published render-benchmark score of the GPU. Scores are compared only within the same
 * `benchmark` and `backend` (a render's time carries between two GPUs by the ratio of their
 * scores there), so the unit need only be consistent within a benchmark (the catalog schema
 * checks it). The benchmark's name carries its version: Blender Open Data scores change
 * with the scenes and renderer of each Blender release.
 */
export const renderScoreSchema = z.object({
  /** The benchmark and its version, e.g. "Blender Open Data 4.2.0 median". */
  benchmark: z.string().min(3),
  /** The renderer's device backend: OptiX and V-Ray RTX use RT cores, CUDA and HIP do not. */
  backend: z.enum(RENDER_BACKENDS),
  value: z.number().positive("a render score must be a positive number"),
  /** What the number counts, e.g. "samples per minute", "relative to RTX 3090". */
  unit: z.string().min(3),
  /** The `id` of one of the GPU's `sources`. */
  source: z.string().min(1, "every render score needs a source"),
  /** The date the score was published or read. */
  date: isoDate,
  note: z.string().optional(),
  noteZh: zhText.optional(),
});

/** The figures a plan row needs: training (dense 16-bit tensor), rendering (FP32), serving (bandwidth). */
export const ROW_FIGURES = [
  "fp32Tflops",
  "bandwidthGBps",
  "fp16TensorTflopsDense",
  "bf16TensorTflopsDense",
] as const satisfies FigureKey[];

/** Figures every GPU has: absent only when listed in `unknown`. */
const EVERY_GPU_HAS = ["bandwidthGBps", "fp32Tflops", "tdpW"] as const satisfies FigureKey[];

/** What a renter needs to know to put several of these GPUs to work on one job. */
export const multiGpuSchema = z.object({
  /** The GPU-to-GPU link inside one node; see `GPU_LINKS` (src/estimate/hardware/gpu.ts). */
  link: z.enum(GPU_LINKS),
  /**
   * GPU-to-GPU bandwidth per GPU, GB/s, aggregate over its links and both directions
   * summed, as vendors state it (H100 SXM: 18 links x 50 GB/s = 900). Halve it for one
   * direction. Present exactly when `link` is not `pcie`.
   */
  linkGBps: figureSchema.optional(),
  /** The host link: PCIe generation and lanes, with the document that states them. */
  pcie: z.object({
    /** PCIe generation: 3 (8 GT/s per lane), 4 (16 GT/s) or 5 (32 GT/s). */
    gen: z.union([z.literal(3), z.literal(4), z.literal(5)]),
    /** Electrical lanes to the host. */
    lanes: z.union([z.literal(8), z.literal(16)]),
    /** The `id` of one of the GPU's `sources`. */
    source: z.string().min(1, "the PCIe link needs a source"),
    /** True when no vendor document states the generation and lanes. */
    unverified: z.boolean().optional(),
    note: z.string().optional(),
    noteZh: zhText.optional(),
  }),
  /**
   * Whether two of these GPUs can exchange data over PCIe directly (peer to peer) with
   * the stock driver; without it NCCL stages every transfer through host memory.
   * `yes`/`no` need a source; `unverified` is what no document read settles.
   */
  pcieP2p: z.object({
    value: z.enum(PCIE_P2P),
    source: z.string().min(1).optional(),
    note: z.string().optional(),
    noteZh: zhText.optional(),
  }),
  /**
   * GPUs per node as clouds rent them (instance sizes), ascending, e.g. [1, 2, 4, 8]; the
   * largest is the most one node holds. Needs a source unless marked unverified.
   */
  nodeGpus: z.object({
    value: z.array(z.number().int().positive()).min(1),
    source: z.string().min(1).optional(),
    unverified: z.boolean().optional(),
    note: z.string().optional(),
    noteZh: zhText.optional(),
  }),
});

export type MultiGpu = z.infer<typeof multiGpuSchema>;

/** Every place in `multiGpu` that names a source, for the source-list check. */
function multiGpuSources(m: MultiGpu): [string, string | undefined][] {
  return [
    ["multiGpu.linkGBps.source", m.linkGBps?.source],
    ["multiGpu.pcie.source", m.pcie.source],
    ["multiGpu.pcieP2p.source", m.pcieP2p.source],
    ["multiGpu.nodeGpus.source", m.nodeGpus.source],
  ];
}

/** The cross-field rules of `multiGpu`, as issues with their paths. */
function multiGpuIssues(id: string, m: MultiGpu): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  if (m.link === "pcie" && m.linkGBps)
    out.push({
      path: ["multiGpu", "linkGBps"],
      message: `${id}: a PCIe-only GPU has no GPU-to-GPU link figure`,
    });
  if (m.link !== "pcie" && !m.linkGBps)
    out.push({
      path: ["multiGpu", "linkGBps"],
      message: `${id}: link "${m.link}" needs its bandwidth figure`,
    });
  if (m.pcieP2p.value !== "unverified" && !m.pcieP2p.source)
    out.push({
      path: ["multiGpu", "pcieP2p", "source"],
      message: `${id}: peer-to-peer "${m.pcieP2p.value}" needs a source`,
    });
  if (!m.nodeGpus.source && m.nodeGpus.unverified !== true)
    out.push({
      path: ["multiGpu", "nodeGpus", "source"],
      message: `${id}: GPUs per node need a source or "unverified": true`,
    });
  const counts = m.nodeGpus.value;
  if (counts.some((n, i) => i > 0 && n <= (counts[i - 1] ?? 0)))
    out.push({
      path: ["multiGpu", "nodeGpus", "value"],
      message: `${id}: GPUs per node must be listed once each, ascending`,
    });
  return out;
}

export const gpuSchema = z
  .object({
    /** Stable id used in URLs, links and requests, e.g. `rtx-4090`, `a100-80gb-sxm`. */
    id: z.string().regex(/^[a-z0-9-]+$/, "GPU ids are lowercase words joined by '-'"),
    /** Marketing name, e.g. "NVIDIA A100 80GB SXM". */
    name: z.string().min(2),
    vendor: z.enum(["NVIDIA", "AMD", "Huawei"]),
    /** Market segment; it decides e.g. whether FP16 tensor math at FP32 accumulate runs at half rate. */
    segment: z.enum(["datacenter", "workstation", "consumer"]),
    architecture: z.string().min(2),
    /** `architecture` in Chinese, where it has words beside names ("2 dies"). */
    architectureZh: zhText.optional(),
    memoryType: z.string().min(2),
    /** Memory as sold, GB (1e9 bytes): the number on the box, for display only. */
    memoryGB: figureSchema,
    /**
     * The memory the GPU really offers, MiB (2^20 bytes): `memory.total` as `nvidia-smi`
     * prints it (`rocm-smi` VRAM total for AMD, `npu-smi` HBM total for Ascend) with ECC as
     * the card ships. Memory chips come in binary sizes, so an RTX 4090's "24 GB" is
     * 24564 MiB, while GDDR data-center cards keep 1/16 for ECC (T4 "16 GB": 15360 MiB).
     * Every "does it fit" compares a need with this figure, never with `memoryGB`.
     * The driver may hold back a few hundred MiB more (`nvidia-smi -q` "Reserved").
     */
    memoryTotalMiB: mibFigureSchema,
    /**
     * Peak memory bandwidth, GB/s (1e9 bytes per second). Absent only where no document
     * gives a figure one can defend (Ascend 910B): the estimator then refuses speed
     * estimates on that GPU rather than guess.
     */
    bandwidthGBps: figureSchema.optional(),
    /** FP32 non-tensor (vector) peak, TFLOPS. Absent only where no document gives one. */
    fp32Tflops: figureSchema.optional(),
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
    /** Board power, W. Absent only where sources conflict and none can be defended. */
    tdpW: figureSchema.optional(),
    /** How GPUs connect, as the vendor states it, e.g. "NVLink4 900 GB/s; PCIe Gen5". */
    interconnect: z.string().min(2),
    /** `interconnect` in Chinese, where it has words beside names and figures. */
    interconnectZh: zhText.optional(),
    /** The same facts as data: link kind and bandwidth, PCIe, peer-to-peer, node sizes. */
    multiGpu: multiGpuSchema,
    formFactor: z.string().min(2),
    /** `formFactor` in Chinese, where it has words beside names ("consumer 2-slot"). */
    formFactorZh: zhText.optional(),
    /**
     * Figures the GPU has but no document gives a value one can defend for (sources
     * missing or in conflict): shown as unknown, never as a format the GPU lacks. The
     * figures every GPU has (bandwidth, FP32, power) may only be left out this way.
     */
    unknown: z.array(z.enum(FIGURE_KEYS)).optional(),
    /**
     * Formats the GPU's hardware does not have, each with the reason (T4: no BF16 in Turing's
     * tensor cores). A row that needs one falls back and says so; never an unknown figure.
     */
    lacks: z.partialRecord(z.enum(FIGURE_KEYS), z.string().min(10)).optional(),
    /** Published render-benchmark scores (`renderScoreSchema`). */
    renderScores: z.array(renderScoreSchema).optional(),
    /** Documents the figures come from; every figure's `source` must name one of them. */
    sources: z.array(sourceSchema).min(1, "a GPU needs at least one source"),
    /** Anything a renter should know that the figures do not say. */
    notes: z.string().optional(),
    notesZh: zhText.optional(),
  })
  .superRefine((gpu, ctx) => {
    // Every note has its Chinese twin: a missing translation fails the build.
    const notes = (obj: object | undefined, path: (string | number)[]) => {
      if (obj) requireZhTwins(obj as Record<string, unknown>, ["note"], ctx, gpu.id, path);
    };
    for (const key of FIGURE_KEYS) notes(gpu[key], [key]);
    for (const key of ["linkGBps", "pcie", "pcieP2p", "nodeGpus"] as const)
      notes(gpu.multiGpu[key], ["multiGpu", key]);
    gpu.renderScores?.forEach((score, i) => notes(score, ["renderScores", i]));
    requireZhTwins(gpu, ["notes"], ctx, gpu.id);
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
    const scored = new Set<string>();
    for (const [i, score] of (gpu.renderScores ?? []).entries()) {
      if (!ids.has(score.source))
        ctx.addIssue({
          code: "custom",
          path: ["renderScores", i, "source"],
          message: `${gpu.id}: a render score cites source "${score.source}", which is not in its sources list`,
        });
      // Two scores in one benchmark and backend would leave the ratio to list order.
      const key = JSON.stringify([score.benchmark, score.backend]);
      if (scored.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["renderScores", i],
          message: `${gpu.id}: two render scores in "${score.benchmark}" (${score.backend})`,
        });
      scored.add(key);
    }
    for (const key of Object.keys(gpu.lacks ?? {}) as FigureKey[])
      if (gpu[key] || gpu.unknown?.includes(key))
        ctx.addIssue({
          code: "custom",
          path: ["lacks", key],
          message: `${gpu.id}: ${key} is listed as lacking but has a figure or is listed as unknown`,
        });
    const unknown = new Set(gpu.unknown ?? []);
    for (const key of unknown)
      if (gpu[key])
        ctx.addIssue({
          code: "custom",
          path: ["unknown"],
          message: `${gpu.id}: ${key} is listed as unknown but has a figure`,
        });
    for (const key of EVERY_GPU_HAS)
      if (!gpu[key] && !unknown.has(key))
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${gpu.id}: ${key} is required unless listed in "unknown"`,
        });
    const soldMiB = gpu.memoryGB.value * MIB_PER_SOLD_GB;
    const share = gpu.memoryTotalMiB.value / soldMiB;
    if (share < MEMORY_TOTAL_SHARE_MIN || share > 1)
      ctx.addIssue({
        code: "custom",
        path: ["memoryTotalMiB", "value"],
        message: `${gpu.id}: memoryTotalMiB ${gpu.memoryTotalMiB.value} is ${(share * 100).toFixed(1)}% of the ${soldMiB} MiB sold as ${gpu.memoryGB.value} GB; expected ${MEMORY_TOTAL_SHARE_MIN * 100}-100% (a figure in the wrong unit?)`,
      });
    for (const [where, source] of multiGpuSources(gpu.multiGpu)) {
      if (source !== undefined && !ids.has(source)) {
        ctx.addIssue({
          code: "custom",
          path: where.split("."),
          message: `${gpu.id}: ${where} cites source "${source}", which is not in its sources list`,
        });
      }
    }
    for (const { path, message } of multiGpuIssues(gpu.id, gpu.multiGpu))
      ctx.addIssue({ code: "custom", path, message });
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
  // Scores are divided by one another within a benchmark: one unit for all of them.
  const units = new Map<string, string>();
  gpus.forEach((gpu, i) =>
    (gpu.renderScores ?? []).forEach((score, j) => {
      const unit = units.get(score.benchmark) ?? score.unit;
      units.set(score.benchmark, unit);
      if (score.unit !== unit)
        ctx.addIssue({
          code: "custom",
          path: [i, "renderScores", j, "unit"],
          message: `${gpu.id}: "${score.benchmark}" is counted in "${unit}" elsewhere, not "${score.unit}"`,
        });
    }),
  );
});

export { FIGURE_KEYS };
