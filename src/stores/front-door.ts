/**
 * The home page's question, "what do you want to do?", as actions on the stores every
 * calculator reads: fine-tuning is LoRA training, training is full training, serving is the
 * serving workload. The answer is the decision table's own plan, so the detailed
 * calculators open on the same state.
 */
import { computed } from "nanostores";
import type { FitState } from "./fit.ts";
import { $fit, fit, setFit } from "./fit.ts";
import { setModel } from "./model.ts";
import type { TrainingState } from "./training.ts";
import { $training, setMethod } from "./training.ts";

export const GOALS = ["fine-tune", "train", "serve"] as const;
export type Goal = (typeof GOALS)[number];

/** The goal the stores describe. */
export const goalOf = (f: FitState, t: TrainingState): Goal =>
  fit.effective(f)["mode"] === "inference" ? "serve" : t.lora ? "fine-tune" : "train";

export const $goal = computed([$fit, $training], goalOf);

export function chooseGoal(goal: Goal): void {
  if (goal === "serve") return setFit({ mode: "inference" });
  setFit({ mode: "training" });
  setMethod(goal === "fine-tune" ? "lora" : "none");
}

export const choosePreset = (preset: string): void => setModel({ kind: "preset", preset });
