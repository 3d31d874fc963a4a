/** `$compute`: the training job's size and deadline, for compute time and the fit table. */
import { bool, defaultsOf, int, num, oneOf } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
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

export const COMPUTE_SHAPE: ShapeOf<ComputeState> = {
  mode: oneOf("tokens", ["tokens", "samples"]),
  tokens: num(1e9, 1, 1e16),
  samples: num(1e8, 1, 1e15),
  flopsPerSample: num(1e9, 1, 1e20),
  forwardOnly: bool(false),
  deadlineHours: num(24, 0.01, 1e5),
  mfuPct: num(40, 1, 100),
  gpus: int(1, 1, 65536),
  scalingPct: num(90, 1, 100),
};
export const COMPUTE_DEFAULTS = defaultsOf<ComputeState>(COMPUTE_SHAPE);

export const $compute = calcAtom<ComputeState>("c", COMPUTE_SHAPE);
export const setCompute = (changes: Partial<ComputeState>): void => patch($compute, changes);
