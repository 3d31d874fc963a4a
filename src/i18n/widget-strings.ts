/**
 * The strings each calculator widget renders, what its page carries (`CalcPageData.astro`):
 * the words of its frame and inputs by key prefix and its inputs' labels derived from the
 * field tables it shows (`field-labels.ts`). A page shows its results as the server rendered
 * them until the engine computes (`Live.tsx`): the words of results and of their views come
 * with the engine (`engineMessages`), save those of the issues the page raises itself.
 * Build time only.
 */
import { YOUR_PRICE_FIELDS } from "../estimate/cost/price-fields.ts";
import { ARCH_FIELDS, PARAMS_FIELDS } from "../estimate/model/arch-fields.ts";
import type { Fields } from "../estimate/request/field.ts";
import { cost } from "../stores/cost.ts";
import { model } from "../stores/model.ts";
import { yourPrices } from "../stores/your-prices.ts";
import { COMPUTE_TIME_INPUTS } from "../stores/views/compute-time.ts";
import { FRONT_DOOR_INPUTS } from "../stores/views/front-door.ts";
import { GPU_FIT_INPUTS } from "../stores/views/gpu-fit.ts";
import { INFERENCE_MEMORY_INPUTS } from "../stores/views/inference-memory.ts";
import { THROUGHPUT_INPUTS } from "../stores/views/throughput.ts";
import { TRAINING_MEMORY_INPUTS } from "../stores/views/training-memory.ts";
import { calculatorStrings, isResultKey, isResultViewKey } from "./calculators.ts";
import { fieldTextKeys } from "./field-labels.ts";
import type { Lang } from "./lang.ts";

/** Keys every widget uses (errors, sharing, units, figures); a key without a dot is exact. */
const COMMON = [
  "model",
  "yes",
  "no",
  "warnings",
  "assumptions",
  "note.",
  "hint.",
  "err.",
  "share.",
  "shown.",
  "opt.gpuChoice",
  "bd.",
  "req.",
  "issue.",
  "issues.",
  "range.",
  "lazy.",
  "mp.invalid",
  "mp.paramsName",
  "mp.archName",
  "mp.hfName",
  "calc.",
  // Between the items of a list (a warning's GPU figures, a list of names).
  "fig.separator",
];

/** The training method's select, which views build beside the field tables (`methodOf`). */
const METHOD = ["f.method", "opt.none", "opt.lora", "opt.qlora"];

/** Key prefixes (or whole keys) per widget, so each island receives only the strings it renders. */
export const WIDGET_KEYS = {
  ModelPicker: ["mp.", "r.params", "r.active", "gf.loading", "f.preset", "f.hfText"],
  TrainingMemory: ["tm.", ...METHOD],
  InferenceMemory: ["im."],
  Throughput: ["tp."],
  ComputeTime: ["ct."],
  CostComparison: ["cc.", "k."],
  GpuFit: ["gf.", "fd.billed.", "pr."],
  LinkNote: ["link."],
  FrontDoor: ["fd.", "pr.", ...METHOD],
} as const;
export type Widget = keyof typeof WIDGET_KEYS;

/**
 * The fields each widget's inputs are drawn from: the tables its views bind, only the fields
 * each shows (`shownFields`, `stores/views/`).
 */
export const WIDGET_INPUTS: Record<Widget, readonly Fields[]> = {
  ModelPicker: [model.fields, ARCH_FIELDS, PARAMS_FIELDS],
  TrainingMemory: Object.values(TRAINING_MEMORY_INPUTS),
  InferenceMemory: Object.values(INFERENCE_MEMORY_INPUTS),
  Throughput: Object.values(THROUGHPUT_INPUTS),
  ComputeTime: Object.values(COMPUTE_TIME_INPUTS),
  CostComparison: [cost.fields],
  GpuFit: [...Object.values(GPU_FIT_INPUTS), yourPrices.fields, YOUR_PRICE_FIELDS],
  LinkNote: [],
  FrontDoor: Object.values(FRONT_DOOR_INPUTS),
};

/** Every key a widget's inputs may be labelled by (see `fieldTextKeys`). */
export const inputKeys = (widget: Widget): Set<string> => fieldTextKeys(WIDGET_INPUTS[widget]);

/**
 * The strings one widget's page carries, in one language: its frame's and inputs' words,
 * and of the results' words only those `named` (the issues the page raises itself); a whole
 * key listed for the widget always comes. The words of results and their views come with
 * the engine (`engineMessages`).
 */
export function widgetStrings(
  lang: Lang,
  widget: Widget,
  named: ReadonlySet<string>,
): Record<string, string> {
  const listed: readonly string[] = [...COMMON, ...WIDGET_KEYS[widget]];
  const inputs = inputKeys(widget);
  const wanted = (k: string) =>
    listed.includes(k) ||
    inputs.has(k) ||
    (isResultKey(k)
      ? named.has(k)
      : !isResultViewKey(k) && listed.some((p) => p.endsWith(".") && k.startsWith(p)));
  return Object.fromEntries(Object.entries(calculatorStrings(lang)).filter(([k]) => wanted(k)));
}
