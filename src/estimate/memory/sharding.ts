/**
 * What sharded data parallelism holds on each GPU besides its shards: the layer it has
 * gathered to compute with, the next one it prefetches, and the full gradient of a layer
 * before it is reduce-scattered.
 */
import type { Sharding } from "../vocabulary.ts";
import type { ModelArch } from "../model/model.ts";
import { matrixShapes, paramCounts } from "../model/model.ts";

/**
 * PyTorch FSDP gathers one wrapped unit (a decoder layer under the usual auto-wrap policy)
 * and, with the default `backward_prefetch=BACKWARD_PRE`, the next one while it computes
 * (torch.distributed.fsdp docs, "BackwardPrefetch"): two units at once.
 */
export const FSDP_GATHERED_UNITS = 2;
/**
 * DeepSpeed ZeRO-3 gathers parameters module by module with prefetch; its memory helper
 * budgets 4 bytes x the largest layer, i.e. two 16-bit copies of the largest matrix
 * (deepspeed/runtime/zero/stage3.py `estimate_zero3_model_states_mem_needs`, formulas.md).
 */
export const ZERO3_GATHERED_COPIES = 2;

export interface GatherInput {
  sharding: Sharding;
  /** Data-parallel GPUs the states are sharded over. */
  dataParallel: number;
  /** The weights live in CPU RAM (ZeRO-Infinity), so even one GPU gathers them layer by layer. */
  paramsOffloaded: boolean;
  /** The architecture (for a bare parameter count, the assumed shape). */
  model: ModelArch;
  /** Bytes per parameter of the weights as stored and gathered (a quantized base: its storage). */
  storageBytesPerParam: number;
  /** Trainable parameters of one layer (all of them in full training, its adapters under LoRA). */
  trainableLayerParams: number;
  gradBytes: number;
}

export interface GatherBytes {
  gatheredWeights: number;
  unshardedGradients: number;
}

/** Parameters of one decoder layer's matrices (MoE: all its experts). */
export function layerMatrixParams(m: ModelArch): number {
  let n = 0;
  for (const s of matrixShapes(m))
    if (s.name !== "embed" && s.name !== "head" && s.name !== "pooler")
      n += s.rows * s.cols * s.count;
  return n / m.layers;
}

export function gatherBuffers(g: GatherInput): GatherBytes {
  const sharded = (g.sharding === "fsdp" || g.sharding === "zero3") && g.dataParallel > 1;
  if (!sharded && !g.paramsOffloaded) return { gatheredWeights: 0, unshardedGradients: 0 };
  if (g.sharding === "fsdp") {
    const unit = layerMatrixParams(g.model);
    return {
      gatheredWeights: FSDP_GATHERED_UNITS * unit * g.storageBytesPerParam,
      unshardedGradients: g.trainableLayerParams * g.gradBytes,
    };
  }
  // DeepSpeed's budget covers its gradient buckets as well.
  const largest = paramCounts(g.model).largestMatrix;
  return {
    gatheredWeights: ZERO3_GATHERED_COPIES * largest * g.storageBytesPerParam,
    unshardedGradients: 0,
  };
}
