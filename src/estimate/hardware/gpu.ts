/**
 * The estimator's view of a GPU: plain numbers in the units their names say. The site and
 * the command line build these from the sourced catalog (`content/gpus.json`, see
 * `src/catalog/`), so the estimator never needs the schema or the sources to compute.
 */

/**
 * How GPUs of one kind talk to each other inside a node (gpu-interconnects research notes,
 * 2026): `nvswitch` all-to-all NVLink through NVSwitch chips (HGX/DGX baseboards);
 * `nvlink-bridge` pairs of cards joined by a bridge, every other pair over PCIe;
 * `nvlink-mesh` V100 SXM2's hybrid cube-mesh (DGX-1), not all-to-all; `xgmi` AMD Infinity
 * Fabric; `hccs` Huawei's HCCS; `pcie` no GPU-to-GPU link.
 */
export const GPU_LINKS = [
  "nvswitch",
  "nvlink-bridge",
  "nvlink-mesh",
  "xgmi",
  "hccs",
  "pcie",
] as const;
export type GpuLink = (typeof GPU_LINKS)[number];

/** Peer-to-peer transfers over PCIe with the vendor's stock driver. */
export const PCIE_P2P = ["yes", "no", "unverified"] as const;
export type PcieP2p = (typeof PCIE_P2P)[number];

/**
 * A renderer's device backend: `optix` (Blender Cycles) and `rtx` (V-Ray GPU) trace rays on
 * RT cores; `cuda` and `hip` run the same kernels on the shader cores alone, which is all a
 * GPU without RT cores (A100, H100, H200, B200) can do.
 */
export const RENDER_BACKENDS = ["optix", "rtx", "cuda", "hip"] as const;
export type RenderBackend = (typeof RENDER_BACKENDS)[number];

/** A published render-benchmark score; compared only within one benchmark and backend. */
export interface RenderScore {
  benchmark: string;
  backend: RenderBackend;
  value: number;
}

export interface GpuSpec {
  id: string;
  name: string;
  vendor: "NVIDIA" | "AMD" | "Huawei";
  segment: "datacenter" | "workstation" | "consumer";
  /** Memory as sold, GB (1e9 bytes): for display ("24 GB"), never for a fit. */
  memoryGB: number;
  /**
   * The memory the GPU really offers, bytes: `nvidia-smi` memory.total (MiB x 2^20) with
   * ECC as shipped. Every "does it fit" compares a need with this figure.
   */
  memoryTotalBytes: number;
  /**
   * Peak memory bandwidth, GB/s (1e9 bytes per second); undefined where no document gives
   * a figure one can defend (Ascend 910B). Speed estimates refuse such a GPU.
   */
  bandwidthGBps?: number;
  /** FP32 non-tensor peak, TFLOPS; undefined where no document gives one. */
  fp32Tflops?: number;
  /** Dense tensor peaks, TFLOPS (int8: TOPS); undefined where the GPU lacks the format. */
  tensorTflopsDense: {
    tf32?: number;
    fp16?: number;
    bf16?: number;
    fp8?: number;
    int8?: number;
  };
  /** The GPU-to-GPU link inside a node; `pcie` means none. */
  link: GpuLink;
  /**
   * GPU-to-GPU bandwidth per GPU, GB/s, aggregate over its links, both directions summed
   * (as vendors state it); undefined exactly when `link` is `pcie`.
   */
  linkGBps?: number;
  /** Host PCIe bandwidth, GB/s in one direction (from the link's generation and lanes). */
  pcieGBps: number;
  /** Peer-to-peer over PCIe with the stock driver (GeForce 4090/5090: no). */
  pcieP2p: PcieP2p;
  /** GPUs per node as clouds rent them, ascending; the last is the most one node holds. */
  nodeGpus: number[];
  /** Board power, W; undefined where sources conflict. */
  tdpW?: number;
  /** Architecture and die as the catalog names them ("Hopper GH100"); what training utilisation is keyed on. */
  architecture?: string;
  /** Memory technology ("HBM3", "GDDR6X"): HBM parts are the large training dies. */
  memoryType?: string;
  /** Names of the figures above that no vendor document backs. */
  unverified: string[];
  /** Published render-benchmark scores, where any exist. */
  renderScores?: RenderScore[];
}

/**
 * Whether peer-to-peer over PCIe is costed as working. A consumer (GeForce) card whose P2P no
 * document settles is costed as without it: NVIDIA's stock GeForce driver turns P2P off on
 * the cards that were checked (RTX 4090, RTX 5090: tinygrad's driver notes), so "not
 * checked" is never counted as better than "no" (`p2pAssumedOff` says when this applied).
 * Data-center and workstation cards whose P2P is unchecked are costed with it, as their
 * drivers ship it.
 */
export const pcieP2pWorks = (gpu: Pick<GpuSpec, "pcieP2p" | "segment">): boolean =>
  gpu.pcieP2p === "yes" || (gpu.pcieP2p === "unverified" && gpu.segment !== "consumer");

/** A consumer card costed without P2P only because no document settles its P2P. */
export const p2pAssumedOff = (gpu: Pick<GpuSpec, "pcieP2p" | "segment">): boolean =>
  gpu.pcieP2p === "unverified" && gpu.segment === "consumer";

/** A GPU figure the catalog may leave out where no document supports one. */
export type OptionalFigure = "bandwidthGBps" | "fp32Tflops";

/**
 * The figure, for estimates the request checker only lets through when it exists
 * (`missingSpeedFigures`); reaching one without it is a bug, not a user error.
 */
export function requiredFigure(gpu: GpuSpec, key: OptionalFigure): number {
  const value = gpu[key];
  if (value === undefined)
    throw new Error(`${gpu.id} has no ${key}: speed estimates on it must be refused first`);
  return value;
}

/**
 * The figures a speed estimate needs that this GPU lacks. Every compute peak falls back to
 * the FP32 figure (precision.ts), so a GPU without it has no usable compute peak at all.
 */
export function missingSpeedFigures(
  gpu: GpuSpec,
  needs: readonly OptionalFigure[],
): OptionalFigure[] {
  return needs.filter((key) => gpu[key] === undefined);
}
