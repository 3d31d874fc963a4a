/**
 * Multi-GPU scaling of a training step predicted from the hardware: the bytes each
 * parallel scheme moves per optimizer step, over the slowest link of the ring, minus what
 * the framework overlaps with compute.
 *
 * - Data parallel (DDP): a ring all-reduce of the gradients sends 2(N−1)/N x gradient bytes
 *   per GPU (Patarasuk & Yuan 2009, bandwidth-optimal all-reduce; NCCL's ring). DDP buckets
 *   gradients and all-reduces them during the backward pass (Li et al. 2020, "PyTorch
 *   Distributed", sec. 3.2.3), so up to the backward's share of compute (4 of 6·N·D FLOPs)
 *   hides it.
 * - ZeRO-1/2 (and Megatron's distributed optimizer): the gradients are reduce-scattered and
 *   the updated parameters all-gathered, (N−1)/N x (gradient + parameter bytes), the
 *   parameters in their compute dtype (Rajbhandari et al. 2020, sec. 7.1). Megatron-Core
 *   overlaps the reduce-scatter with the backward and the gather with the next forward
 *   (--overlap-grad-reduce, --overlap-param-gather), so all of compute can hide it there.
 * - ZeRO-3 / FSDP: the parameters are all-gathered for the forward and again for the
 *   backward, and gradients reduce-scattered: (N−1)/N x (2 x parameter bytes + gradient
 *   bytes) (Rajbhandari et al. 2020, ZeRO sec. 7.2: 1.5x data parallel's volume), for every
 *   micro-batch, since the parameters are freed again after each forward and backward
 *   (PyTorch FSDP's default reshard_after_forward); FSDP prefetches the next unit's gather
 *   during compute (Zhao et al. 2023, sec. 3.3), so all of compute can hide it.
 * - Tensor parallel: two all-reduces of the activations per layer forward and two backward
 *   (Shoeybi et al. 2019, Megatron-LM sec. 3), on the critical path in PyTorch stacks;
 *   Megatron-Core with Transformer Engine splits them into chunks that overlap the layer's
 *   own GEMMs (--tp-comm-overlap; Wang et al. 2022, "Overlap communication with dependent
 *   computation via decomposition"), so there compute can hide them.
 * - Pipeline parallel: each stage sends its output activations to the next per micro-batch
 *   and receives their gradient back, split over the tensor-parallel ranks (Narayanan et
 *   al. 2021, sec. 4.1, scatter/gather); the 1F1B schedule idles (p − 1)/(m + p − 1) of
 *   the step (sec. 2.2.1), interleaved over v chunks per GPU (p − 1)/v of m, at the price
 *   of v times the point-to-point traffic (sec. 2.2.2).
 * - Expert parallel (MoE): each MoE layer sends every routed copy of a token (top-k) to the
 *   GPU holding its expert and back (dispatch and combine), in the forward and again in the
 *   backward: 4 all-to-alls of tokens x top-k x hidden, of which (ep − 1)/ep leaves the GPU
 *   (Lepikhin et al. 2020, GShard, sec. 2.2; Megatron-Core's MoE token dispatcher). With
 *   routing spread evenly, the copies bound for the other expert-parallel GPUs of the same
 *   node cross its GPU links and the rest the network, both at once, so the slower share
 *   sets the time.
 * - Full recomputation reruns each layer's forward in the backward, its collectives with it:
 *   the tensor-parallel all-reduces (2 more per layer) and the MoE dispatch and combine (2
 *   more all-to-alls), as Megatron-Core's full recompute reruns the whole layer
 *   (megatron/core/tensor_parallel/random.py, CheckpointFunction) and PyTorch's activation
 *   checkpointing reruns the wrapped block.
 *
 * Links run at their datasheet bandwidth in one direction; NCCL's measured bus bandwidth
 * is lower, so the prediction is an upper bound on scaling and says so.
 */
import type { GpuSpec } from "../hardware/gpu.ts";
import { pcieP2pWorks } from "../hardware/gpu.ts";
import type { Sharding } from "../vocabulary.ts";
import { gbToBytes } from "../units.ts";

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
 * the stock driver, and consumer cards whose P2P is unchecked: `pcieP2pWorks`) NCCL stages
 * every transfer through host memory: two PCIe crossings per hop, half the one-direction
 * PCIe figure.
 *
 * Across nodes the ring crosses the network. `membersPerNode` is how many of the ring's
 * GPUs share a node. NCCL builds one ring per NIC, each crossing the network once per node
 * on its own NIC, and splits the collective over them through the GPU links: "multi-NIC
 * aggregation works well when GPUs are connected through NVLink (because we can use NVLink
 * to split the operations in N parts then balance the traffic onto the N NICs) but without
 * NVLink it would not help much" (NCCL maintainer, NVIDIA/nccl#601; "creates 4 rings, each
 * using a different NIC"). So with a GPU link inside the node a ring's network hop carries
 * its bytes at the NIC share of all its members in the node (`interNodeGBps` is per GPU),
 * capped by the GPU links; over PCIe it runs at one GPU's share.
 */
export function ringLink(
  gpu: GpuSpec,
  gpus: number,
  perNode: number,
  interNodeGBps?: number,
  membersPerNode = 1,
): RingLink | null {
  if (gpus > perNode) {
    if (interNodeGBps === undefined) return null;
    const nic = gbToBytes(interNodeGBps);
    const members = Math.max(1, Math.min(membersPerNode, perNode));
    const inNode = members > 1 ? ringLink(gpu, members, perNode) : null;
    const bytesPerSecond =
      inNode?.path === "gpu-link" ? Math.min(nic * members, inNode.bytesPerSecond) : nic;
    return { bytesPerSecond, path: "inter-node" };
  }
  const fast = gpu.linkGBps !== undefined && (gpu.link !== "nvlink-bridge" || gpus <= 2);
  if (fast) return { bytesPerSecond: gbToBytes((gpu.linkGBps ?? 0) / 2), path: "gpu-link" };
  if (!pcieP2pWorks(gpu))
    return { bytesPerSecond: gbToBytes(gpu.pcieGBps / 2), path: "pcie-host-staged" };
  return { bytesPerSecond: gbToBytes(gpu.pcieGBps), path: "pcie" };
}

export interface StepComms {
  /** Data-parallel GPUs (all GPUs ÷ (tensor parallel x pipeline parallel)). */
  dataParallel: number;
  tensorParallel: number;
  pipelineParallel: number;
  /** Model chunks per GPU of the interleaved schedule (1: plain 1F1B). */
  virtualStages: number;
  expertParallel: number;
  sharding: Sharding;
  /** Bytes of this GPU's share of the trainable gradients, in the dtype they are reduced in. */
  gradientBytes: number;
  /** Bytes of this GPU's share of the parameters ZeRO-3/FSDP gathers, in the compute dtype. */
  paramBytes: number;
  /** Bytes of one micro-batch's activations at a layer boundary (tokens x hidden x 2). */
  activationBytesPerLayer: number;
  /** Layers this GPU runs (its pipeline stage's). */
  layers: number;
  /** MoE layers this GPU runs, and the bytes one micro-batch routes per MoE layer. */
  moeLayers: number;
  /** Expert-parallel GPUs in this GPU's node, itself included. */
  expertPeersInNode: number;
  routedBytesPerMoeLayer: number;
  microBatchesPerStep: number;
  /** Forwards run again by full recomputation (0 or 1), their collectives with them. */
  forwardReruns: number;
  /** Megatron-Core's overlaps: data-parallel gathers and tensor-parallel traffic behind compute. */
  megatronOverlap: boolean;
}

export interface CommSeconds {
  /** Data-parallel traffic, partly hidden behind compute. */
  dataParallel: number;
  /** Tensor-parallel traffic. */
  tensorParallel: number;
  /** The tensor-parallel traffic can overlap compute (Megatron-Core's --tp-comm-overlap). */
  tensorOverlap: boolean;
  /** Pipeline point-to-point activations and gradients, on the critical path. */
  pipeline: number;
  /** Expert-parallel all-to-alls, on the critical path. */
  expert: number;
  /** The share of compute that can hide the data-parallel traffic. */
  overlapShare: number;
}

const ringAllReduce = (n: number, bytes: number) => (n > 1 ? (2 * (n - 1) * bytes) / n : 0);
const ringGather = (n: number, bytes: number) => (n > 1 ? ((n - 1) * bytes) / n : 0);

/** Point-to-point sends per micro-batch between pipeline stages: activations and their gradient. */
export const PIPELINE_SENDS_PER_MICRO_BATCH = 2;
/** All-to-alls per MoE layer per micro-batch: dispatch and combine, forward and backward. */
export const EXPERT_ALL_TO_ALLS_PER_LAYER = 4;
/** Collectives of one layer's forward (2 all-reduces, or dispatch and combine), rerun by full recomputation. */
export const FORWARD_COLLECTIVES_PER_LAYER = 2;

export interface StepLinks {
  dp: RingLink | null;
  tp: RingLink | null;
  pp: RingLink | null;
  ep: RingLink | null;
  /** The node's own links, when the expert-parallel group spans nodes. */
  epLocal: RingLink | null;
}

const over = (bytes: number, link: RingLink | null) =>
  bytes > 0 && link ? bytes / link.bytesPerSecond : 0;

export function stepCommSeconds(c: StepComms, links: StepLinks): CommSeconds {
  const sharded = c.sharding === "zero3" || c.sharding === "fsdp";
  const zero12 = c.sharding === "zero1" || c.sharding === "zero2";
  const dpBytes = sharded
    ? c.microBatchesPerStep * ringGather(c.dataParallel, 2 * c.paramBytes + c.gradientBytes)
    : zero12
      ? ringGather(c.dataParallel, c.paramBytes + c.gradientBytes)
      : ringAllReduce(c.dataParallel, c.gradientBytes);
  const rerun = FORWARD_COLLECTIVES_PER_LAYER * c.forwardReruns;
  const tpBytes =
    c.layers *
    (TP_ALL_REDUCES_PER_LAYER + rerun) *
    c.microBatchesPerStep *
    ringAllReduce(c.tensorParallel, c.activationBytesPerLayer);
  const ppBytes =
    c.pipelineParallel > 1
      ? (PIPELINE_SENDS_PER_MICRO_BATCH *
          c.virtualStages *
          c.microBatchesPerStep *
          c.activationBytesPerLayer) /
        c.tensorParallel
      : 0;
  const epBytes =
    c.expertParallel > 1
      ? ((EXPERT_ALL_TO_ALLS_PER_LAYER + rerun) *
          c.moeLayers *
          c.microBatchesPerStep *
          c.routedBytesPerMoeLayer *
          (c.expertParallel - 1)) /
        c.expertParallel /
        c.tensorParallel
      : 0;
  // Of the ep − 1 peers a GPU sends to, those in its node are reached over its GPU links.
  const peers = Math.max(1, c.expertParallel - 1);
  const local = links.epLocal ? (Math.max(1, c.expertPeersInNode) - 1) / peers : 0;
  return {
    dataParallel: over(dpBytes, links.dp),
    tensorParallel: over(tpBytes, links.tp),
    tensorOverlap: c.megatronOverlap,
    pipeline: over(ppBytes, links.pp),
    expert: Math.max(over(epBytes * (1 - local), links.ep), over(epBytes * local, links.epLocal)),
    overlapShare: sharded || (zero12 && c.megatronOverlap) ? 1 : BACKWARD_SHARE,
  };
}

export interface ScalingPrediction {
  /** Time on one GPU's share of the work ÷ time of the step, ≤ 1. */
  efficiency: number;
  computeSeconds: number;
  /** Idle time of the pipeline schedule. */
  bubbleSeconds: number;
  exposedCommSeconds: number;
  limitedBy: "compute" | "communication";
}

/**
 * The pipeline bubble as a share of compute: (p − 1)/m of it for 1F1B, (p − 1)/(v·m)
 * interleaved (Narayanan et al. 2021, sec. 2.2); as a share of the whole step that is
 * (p − 1)/(m + p − 1) for v = 1.
 */
export function bubbleShare(pipeline: number, microBatches: number, virtualStages = 1): number {
  return pipeline > 1 ? (pipeline - 1) / (virtualStages * Math.max(1, microBatches)) : 0;
}

/**
 * Scaling efficiency of a step whose compute takes `computeSeconds` on each GPU, with its
 * pipeline bubble (a share of compute, `bubbleShare`) and the traffic nothing hides.
 */
export function predictScaling(
  computeSeconds: number,
  comm: CommSeconds,
  bubble = 0,
): ScalingPrediction {
  const hidden = comm.overlapShare * computeSeconds;
  // Tensor-parallel traffic runs on the GPU links, data-parallel traffic mostly on the
  // network, so each overlaps compute on its own.
  const tensor = comm.tensorOverlap
    ? Math.max(0, comm.tensorParallel - computeSeconds)
    : comm.tensorParallel;
  const exposed = Math.max(0, comm.dataParallel - hidden) + tensor + comm.pipeline + comm.expert;
  const bubbleSeconds = bubble * computeSeconds;
  const step = computeSeconds + bubbleSeconds + exposed;
  const efficiency = computeSeconds > 0 ? computeSeconds / step : 1;
  return {
    efficiency: Math.min(1, efficiency),
    computeSeconds,
    bubbleSeconds,
    exposedCommSeconds: exposed,
    limitedBy: exposed > computeSeconds ? "communication" : "compute",
  };
}
