/**
 * Every string of the in-page calculators (`src/islands/calculators/`), gathered from one
 * dictionary per feature (`define.ts`): keys follow the codes the estimation core returns
 * (`breakdown.<key>`, `as.<assumption>`, `warn.<code>`, `opt.<enum value>`), so a new code
 * shows up as a missing key; and each widget receives only the strings it renders.
 */
import { frameStrings } from "./calculator-frame.ts";
import { glanceStrings } from "./glance.ts";
import { computeTimeStrings } from "./compute-time.ts";
import { costStrings } from "./cost.ts";
import { diagnosisStrings } from "./diagnosis.ts";
import { issueStrings } from "./issues.ts";
import type { Lang } from "./lang.ts";
import { memoryStrings } from "./memory.ts";
import { modelFileStrings } from "./model-files.ts";
import { modelPickerStrings } from "./model-picker.ts";
import { planStrings } from "./plan.ts";
import { servingStrings } from "./serving.ts";
import { sourceStrings } from "./sources.ts";
import { trainingStrings } from "./training.ts";
import { shownUnitStrings, unitStrings } from "./units.ts";
import { yourPriceStrings } from "./your-prices.ts";

/** Keys every widget uses (fields, errors, sharing, enum labels, warnings). */
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
  "unit.",
  "shown.",
  "opt.",
  "f.",
  "bd.",
  "col.",
  "req.",
  "issue.",
  "issues.",
  "range.",
  "likely.",
  "deadline.",
  "lazy.",
  "mp.invalid",
  "mp.paramsName",
  "mp.archName",
  "mp.hfName",
  "calc.",
  "fig.",
];

/** Key prefixes per widget, so each island receives only the strings it renders. */
export const WIDGET_KEYS = {
  ModelPicker: ["mp.", "mf.", "r.params", "r.active", "gf.loading"],
  TrainingMemory: ["tm.", "r.", "v.", "breakdown.", "as.", "warn.", "src."],
  InferenceMemory: ["im.", "r.", "v.", "breakdown.", "as.", "warn.", "src."],
  Throughput: ["tp.", "r.", "as.", "warn.", "src."],
  ComputeTime: ["ct.", "r.", "as.", "warn.", "src."],
  CostComparison: ["cc.", "k.", "r."],
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
  ],
  LinkNote: ["link."],
  FrontDoor: ["fd.", "pt.", "lim.", "verdict.", "pr.", "shape.", "price.", "warn.measured-basis"],
} as const;

type KeysOf<T> = T extends Record<Lang, infer D> ? Extract<keyof D, string> : never;
/** Every key the calculators' dictionaries define: what `msg` may name (`text.ts`). */
export type MessageKey = KeysOf<
  | typeof frameStrings
  | typeof modelPickerStrings
  | typeof memoryStrings
  | typeof trainingStrings
  | typeof servingStrings
  | typeof computeTimeStrings
  | typeof costStrings
  | typeof planStrings
  | typeof diagnosisStrings
  | typeof modelFileStrings
  | typeof issueStrings
  | typeof unitStrings
  | typeof shownUnitStrings
  | typeof sourceStrings
  | typeof yourPriceStrings
  | typeof glanceStrings
>;

/** Every calculator string of one language: what the page's widgets and the command line say. */
export const calculatorStrings = (lang: Lang): Record<string, string> => ({
  ...frameStrings[lang],
  ...modelPickerStrings[lang],
  ...memoryStrings[lang],
  ...trainingStrings[lang],
  ...servingStrings[lang],
  ...computeTimeStrings[lang],
  ...costStrings[lang],
  ...planStrings[lang],
  ...diagnosisStrings[lang],
  ...modelFileStrings[lang],
  ...issueStrings[lang],
  ...unitStrings[lang],
  ...shownUnitStrings[lang],
  ...sourceStrings[lang],
  ...yourPriceStrings[lang],
  ...glanceStrings[lang],
});

/**
 * The words of the core's results: warnings, assumptions and where each comes from, and the
 * issues its checks find. Only the engine makes a result the page was not built with, so a
 * page carries the ones its initial results name and those of the issues the page raises
 * itself (`widgetStrings`); the rest come with the engine (`resultMessages`).
 */
const RESULT_PREFIXES = ["warn.", "as.", "src.", "issue."] as const;
export const isResultKey = (key: string): boolean => RESULT_PREFIXES.some((p) => key.startsWith(p));

/** Every result message of one language: what the page loads with the engine. */
export const resultMessages = (lang: Lang): Record<string, string> =>
  Object.fromEntries(Object.entries(calculatorStrings(lang)).filter(([k]) => isResultKey(k)));

/**
 * The strings one widget needs, in one language: plain data, safe to pass as island props.
 * Of the result messages, only those `named` (the keys its initial results use).
 */
export function widgetStrings(
  lang: Lang,
  widget: keyof typeof WIDGET_KEYS,
  named: ReadonlySet<string>,
): Record<string, string> {
  const prefixes: readonly string[] = [...COMMON, ...WIDGET_KEYS[widget]];
  const all = calculatorStrings(lang);
  return Object.fromEntries(
    Object.entries(all).filter(
      ([k]) =>
        prefixes.some((p) => k === p || k.startsWith(p)) && (!isResultKey(k) || named.has(k)),
    ),
  );
}
