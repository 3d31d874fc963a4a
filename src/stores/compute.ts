/** `$compute`: the training job's size and deadline, for compute time and the fit table. */
import { bool, num, oneOf } from "./fields.ts";
import type { Shape } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface ComputeState {
  mode: "tokens" | "samples";
  tokens: number;
  samples: number;
  flopsPerSample: number;
  forwardOnly: boolean;
  deadlineHours: number;
  /** Model FLOPs utilisation, percent. */
  mfuPct: number;
  gpus: number;
  scalingPct: number;
}

export const COMPUTE_DEFAULTS: ComputeState = {
  mode: "tokens", tokens: 1e9, samples: 1e8, flopsPerSample: 1e9, forwardOnly: false, deadlineHours: 24, mfuPct: 40, gpus: 1, scalingPct: 90,
};

export const COMPUTE_SHAPE: Shape = {
  mode: oneOf(["tokens", "samples"]),
  tokens: num(1, 1e16),
  samples: num(1, 1e15),
  flopsPerSample: num(1, 1e20),
  forwardOnly: bool,
  deadlineHours: num(0.01, 1e5),
  mfuPct: num(1, 100),
  gpus: num(1, 65536, true),
  scalingPct: num(1, 100),
};

export const $compute = calcAtom<ComputeState>("c", COMPUTE_SHAPE, COMPUTE_DEFAULTS);
export const setCompute = (changes: Partial<ComputeState>): void => patch($compute, changes);
