/**
 * Every string of the in-page calculators (`src/islands/calculators/`), gathered from one
 * dictionary per feature (`define.ts`): keys follow the codes the estimation core returns
 * (`breakdown.<key>`, `as.<assumption>`, `warn.<code>`, `opt.<enum value>`), so a new code
 * shows up as a missing key; each widget receives only the strings it renders
 * (`widget-strings.ts`).
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
 * The words of the core's results: warnings, assumptions and where each comes from, the
 * issues its checks find and the labels of the fields they name (`f.`), and the labels of
 * the values a result holds (`opt.<value>`: an engine, a weight format, what limits a
 * speed), what a likely range rests on (`likely.basis.<basis>`: which runs' errors), the
 * parts of a breakdown (`breakdown.<key>`, each item's `labelKey`) and a GPU's unverified
 * figures a warning names (`fig.<figure>`). Only the engine makes a result the page was not
 * built with, so a page carries the ones its initial results name, those of the issues the
 * page raises itself and its inputs' labels (`widget-strings.ts`); the rest come with the
 * engine (`engineMessages`).
 */
const RESULT_PREFIXES = [
  "warn.",
  "as.",
  "src.",
  "issue.",
  "opt.",
  "f.",
  "likely.basis.",
  "breakdown.",
  "fig.",
] as const;
export const isResultKey = (key: string): boolean => RESULT_PREFIXES.some((p) => key.startsWith(p));

/**
 * The words only a widget's results use (its headline figures' labels, a table's columns
 * and cells, verdicts, a likely range's wording). A page shows its results as the server
 * rendered them until the engine computes (`Live.tsx`), so it needs none of these; they
 * come with the engine. A key ending in "." names every key it begins.
 */
const RESULT_VIEW_KEYS = [
  "r.",
  "v.",
  "col.",
  "pt.",
  "lim.",
  "verdict.",
  "shape.",
  "limit.",
  "price.",
  "likely.",
  "deadline.",
  "fd.option",
  "fd.assumes",
] as const;
export const isResultViewKey = (key: string): boolean =>
  RESULT_VIEW_KEYS.some((p) => (p.endsWith(".") ? key.startsWith(p) : key === p));

/**
 * The words of parts a page loads only on a reader's action: the model picker's weights-file
 * way (`mf.`, `WeightsFilesOnDemand.tsx`), which waits for them.
 */
const ON_DEMAND_PREFIXES = ["mf."] as const;

/**
 * What the page loads with the engine's data (`engine-data.ts`): results' words, those of
 * their views, and on-demand words.
 */
export const engineMessages = (lang: Lang): Record<string, string> =>
  Object.fromEntries(
    Object.entries(calculatorStrings(lang)).filter(
      ([k]) =>
        isResultKey(k) || isResultViewKey(k) || ON_DEMAND_PREFIXES.some((p) => k.startsWith(p)),
    ),
  );
