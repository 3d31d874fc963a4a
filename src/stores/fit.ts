/** `$fit`: how the GPU fit table ranks (training or inference workload, by cost or time). */
import { defaultsOf, oneOf } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface FitState {
  mode: "training" | "inference";
  sortBy: "cost" | "time";
}
export const FIT_SHAPE: ShapeOf<FitState> = {
  mode: oneOf("training", ["training", "inference"]),
  sortBy: oneOf("cost", ["cost", "time"]),
};
export const FIT_DEFAULTS = defaultsOf<FitState>(FIT_SHAPE);
export const $fit = calcAtom<FitState>("f", FIT_SHAPE);
export const setFit = (changes: Partial<FitState>): void => patch($fit, changes);
