/**
 * The strings each calculator widget renders, what its page carries (`CalcPageData.astro`):
 * the words of its frame and views by key prefix, its inputs' labels derived from the field
 * tables it shows (`field-labels.ts`), and of the results' words those its initial results
 * name; the engine brings the rest (`engineMessages`: an issue's field label among them).
 * Build time only.
 */
import type { TaskId } from "../estimate/index.ts";
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
import { calculatorStrings, isResultKey } from "./calculators.ts";
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
  TrainingMemory: ["tm.", "r.", "v.", "as.", "warn.", "src.", ...METHOD],
  InferenceMemory: ["im.", "r.", "v.", "as.", "warn.", "src."],
  Throughput: ["tp.", "r.", "as.", "warn.", "src.", "likely."],
  ComputeTime: ["ct.", "r.", "as.", "warn.", "src.", "likely.", "deadline.", "col."],
  CostComparison: ["cc.", "k.", "r.", "col."],
  GpuFit: [
    "gf.",
    "pt.",
    "lim.",
    "fd.option",
    "fd.assumes",
    "fd.billed.",
    "verdict.",
    "shape.",
    "limit.",
    "pr.",
    "price.",
    "warn.",
    "as.",
    "src.",
    "likely.",
    "deadline.",
  ],
  LinkNote: ["link."],
  FrontDoor: [
    "fd.",
    "pt.",
    "lim.",
    "verdict.",
    "pr.",
    "shape.",
    "price.",
    "warn.measured-basis",
    "likely.",
    "deadline.",
    ...METHOD,
  ],
} as const;
export type Widget = keyof typeof WIDGET_KEYS;

/**
 * What each widget shows: the tasks whose results it renders (a page carries their initial
 * results) and the fields its inputs are drawn from: the tables its views bind, only the
 * fields each shows (`shownFields`, `stores/views/`).
 */
export const WIDGETS: Record<Widget, { tasks: readonly TaskId[]; tables: readonly Fields[] }> = {
  ModelPicker: { tasks: [], tables: [model.fields, ARCH_FIELDS, PARAMS_FIELDS] },
  TrainingMemory: { tasks: ["train-memory"], tables: Object.values(TRAINING_MEMORY_INPUTS) },
  InferenceMemory: { tasks: ["infer-memory"], tables: Object.values(INFERENCE_MEMORY_INPUTS) },
  Throughput: { tasks: ["decode-speed"], tables: Object.values(THROUGHPUT_INPUTS) },
  ComputeTime: { tasks: ["train-time"], tables: Object.values(COMPUTE_TIME_INPUTS) },
  CostComparison: { tasks: ["cost"], tables: [cost.fields] },
  GpuFit: {
    tasks: ["plan"],
    tables: [...Object.values(GPU_FIT_INPUTS), yourPrices.fields, YOUR_PRICE_FIELDS],
  },
  LinkNote: { tasks: [], tables: [] },
  FrontDoor: { tasks: ["plan"], tables: Object.values(FRONT_DOOR_INPUTS) },
};

/** Every key a widget's inputs may be labelled by (see `fieldTextKeys`). */
export const inputKeys = (widget: Widget): Set<string> => fieldTextKeys(WIDGETS[widget].tables);

/**
 * The strings one widget needs, in one language: plain data, safe to pass as island props.
 * Its inputs' labels, and of the results' words only those `named` (the keys its initial
 * results use); a whole key listed for the widget always comes.
 */
export function widgetStrings(
  lang: Lang,
  widget: Widget,
  named: ReadonlySet<string>,
): Record<string, string> {
  const listed: readonly string[] = [...COMMON, ...WIDGET_KEYS[widget]];
  const inputs = inputKeys(widget);
  // A result's word comes when the initial results name it, whichever widget's prefix it has
  // (a speed's limit is an `opt.` label the throughput widget shows); the engine brings the rest.
  const wanted = (k: string) =>
    listed.includes(k) ||
    inputs.has(k) ||
    (isResultKey(k) ? named.has(k) : listed.some((p) => p.endsWith(".") && k.startsWith(p)));
  return Object.fromEntries(Object.entries(calculatorStrings(lang)).filter(([k]) => wanted(k)));
}
