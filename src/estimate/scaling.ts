/**
 * Multi-GPU scaling of a training step predicted from the hardware: the bytes each
 * parallel scheme moves per optimizer step, over the slowest link of the ring, minus what
 * the framework overlaps with compute.
 *
 * - Data parallel (DDP, ZeRO-1/2): a ring all-reduce of the gradients sends 2(N−1)/N x
 *   gradient bytes per GPU (Patarasuk & Yuan 2009, bandwidth-optimal all-reduce; NCCL's
 *   ring). DDP buckets gradients and all-reduces them during the backward pass (Li et al.
 *   2020, "PyTorch Distributed", sec. 3.2.3), so up to the backward's share of compute
 *   (4 of 6·N·D FLOPs) hides it.
 * - ZeRO-3 / FSDP: the parameters are all-gathered for the forward and again for the
 *   backward, and gradients reduce-scattered: (N−1)/N x (2 x parameter bytes + gradient
 *   bytes) (Rajbhandari et al. 2020, ZeRO sec. 7.2: 1.5x data parallel's volume); FSDP
 *   prefetches the next unit's gather during compute (Zhao et al. 2023, sec. 3.3), so all
 *   of compute can hide it.
 * - Tensor parallel: two all-reduces of the activations per layer forward and two backward
 *   (Shoeybi et al. 2019, Megatron-LM sec. 3), on the critical path: nothing hides them.
 *
 * Links run at their datasheet bandwidth in one direction; NCCL's measured bus bandwidth
 * is lower, so the prediction is an upper bound on scaling and says so.
 */
import type { GpuSpec } from "./gpu.ts";
import type { Sharding } from "./vocabulary.ts";
import { gbToBytes } from "./units.ts";

/** Backward share of a training step's FLOPs: 4 of 6·N per token (Kaplan et al. 2020). */
export const BACKWARD_SHARE = 4 / 6;

/** Tensor-parallel all-reduces per layer per micro-batch: 2 forward + 2 backward. */
export const TP_ALL_REDUCES_PER_LAYER = 4;

export type LinkPath = "gpu-link" | "pcie" | "pcie-host-staged" | "inter-node";

export interface RingLink {
  /** Bytes per second one GPU sends in one direction on the slowest hop of the ring. */
  bytesPerSecond: number;
  path: LinkPath;
}

/**
 * The slowest hop of a ring over `gpus` GPUs of one kind, `perNode` of them in a node.
 * Vendors state GPU links as both directions summed, so one direction is half. A bridge
 * joins pairs only, so larger groups cross PCIe. Without peer-to-peer (GeForce cards with
 * the stock driver) NCCL stages every transfer through host memory: two PCIe crossings
 * per hop, half the one-direction PCIe figure. Across nodes the ring crosses the network.
 */
export function ringLink(
  gpu: GpuSpec,
  gpus: number,
  perNode: number,
  interNodeGBps?: number,
): RingLink | null {
  if (gpus > perNode) {
    if (interNodeGBps === undefined) return null;
    return { bytesPerSecond: gbToBytes(interNodeGBps), path: "inter-node" };
  }
  const fast = gpu.linkGBps !== undefined && (gpu.link !== "nvlink-bridge" || gpus <= 2);
  if (fast) return { bytesPerSecond: gbToBytes((gpu.linkGBps ?? 0) / 2), path: "gpu-link" };
  if (gpu.pcieP2p === "no")
    return { bytesPerSecond: gbToBytes(gpu.pcieGBps / 2), path: "pcie-host-staged" };
  return { bytesPerSecond: gbToBytes(gpu.pcieGBps), path: "pcie" };
}

export interface StepComms {
  /** Data-parallel GPUs (all GPUs ÷ tensor parallel). */
  dataParallel: number;
  tensorParallel: number;
  sharding: Sharding;
  /** Bytes of all trainable gradients, in the dtype they are reduced in. */
  gradientBytes: number;
  /** Bytes of the parameters ZeRO-3/FSDP gathers, in the compute dtype. */
  paramBytes: number;
  /** Tensor parallel: bytes of one layer's activations all-reduced per micro-batch. */
  activationBytesPerLayer: number;
  layers: number;
  microBatchesPerStep: number;
}

export interface CommSeconds {
  /** Data-parallel traffic, partly hidden behind compute. */
  dataParallel: number;
  /** Tensor-parallel traffic, on the critical path. */
  tensorParallel: number;
  /** The share of compute that can hide the data-parallel traffic. */
  overlapShare: number;
}

const ringAllReduce = (n: number, bytes: number) => (n > 1 ? (2 * (n - 1) * bytes) / n : 0);
const ringGather = (n: number, bytes: number) => (n > 1 ? ((n - 1) * bytes) / n : 0);

export function stepCommSeconds(
  c: StepComms,
  dpLink: RingLink | null,
  tpLink: RingLink | null,
): CommSeconds {
  const sharded = c.sharding === "zero3" || c.sharding === "fsdp";
  const dpBytes = sharded
    ? ringGather(c.dataParallel, 2 * c.paramBytes + c.gradientBytes)
    : ringAllReduce(c.dataParallel, c.gradientBytes);
  const tpBytes =
    c.layers *
    TP_ALL_REDUCES_PER_LAYER *
    c.microBatchesPerStep *
    ringAllReduce(c.tensorParallel, c.activationBytesPerLayer);
  return {
    dataParallel: dpBytes > 0 && dpLink ? dpBytes / dpLink.bytesPerSecond : 0,
    tensorParallel: tpBytes > 0 && tpLink ? tpBytes / tpLink.bytesPerSecond : 0,
    overlapShare: sharded ? 1 : BACKWARD_SHARE,
  };
}

export interface ScalingPrediction {
  /** Time on one GPU's share of the work ÷ time with communication, ≤ 1. */
  efficiency: number;
  computeSeconds: number;
  exposedCommSeconds: number;
  limitedBy: "compute" | "communication";
}

/** Scaling efficiency of a step whose compute takes `computeSeconds` on each GPU. */
export function predictScaling(computeSeconds: number, comm: CommSeconds): ScalingPrediction {
  const hidden = comm.overlapShare * computeSeconds;
  const exposed = Math.max(0, comm.dataParallel - hidden) + comm.tensorParallel;
  const efficiency = computeSeconds > 0 ? computeSeconds / (computeSeconds + exposed) : 1;
  return {
    efficiency: Math.min(1, efficiency),
    computeSeconds,
    exposedCommSeconds: exposed,
    limitedBy: exposed > computeSeconds ? "communication" : "compute",
  };
}
