/** `$fit`: how the GPU fit table ranks (training or inference workload, by cost or time). */
import { oneOf } from "./fields.ts";
import type { Shape } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface FitState {
  mode: "training" | "inference";
  sortBy: "cost" | "time";
}
export const FIT_DEFAULTS: FitState = { mode: "training", sortBy: "cost" };
export const FIT_SHAPE: Shape = { mode: oneOf(["training", "inference"]), sortBy: oneOf(["cost", "time"]) };
export const $fit = calcAtom<FitState>("f", FIT_SHAPE, FIT_DEFAULTS);
export const setFit = (changes: Partial<FitState>): void => patch($fit, changes);
