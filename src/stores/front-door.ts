/**
 * The home page's question, "what do you want to do?", as actions on the stores every
 * calculator reads: fine-tuning is LoRA training, training is full training, serving is the
 * serving workload, rendering and batch jobs are a measured time per item. The answer is the decision table's own plan, so the detailed
 * calculators open on the same state.
 */
import { computed } from "nanostores";
import type { FitState } from "./fit.ts";
import { $fit, fit, setFit } from "./fit.ts";
import { setModel } from "./model.ts";
import type { TrainingState } from "./training.ts";
import { $training, setMethod } from "./training.ts";

export const GOALS = ["fine-tune", "train", "serve", "batch"] as const;
export type Goal = (typeof GOALS)[number];

/** The goal the stores describe. */
export function goalOf(f: FitState, t: TrainingState): Goal {
  const mode = fit.effective(f)["mode"];
  return mode === "inference"
    ? "serve"
    : mode === "batch"
      ? "batch"
      : t.lora
        ? "fine-tune"
        : "train";
}

export const $goal = computed([$fit, $training], goalOf);

export function chooseGoal(goal: Goal): void {
  if (goal === "serve") return setFit({ mode: "inference" });
  if (goal === "batch") return setFit({ mode: "batch" });
  setFit({ mode: "training" });
  setMethod(goal === "fine-tune" ? "lora" : "none");
}

export const choosePreset = (preset: string): void => setModel({ kind: "preset", preset });
