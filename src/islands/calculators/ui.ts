/**
 * The shared UI every widget imports, through one module on purpose: the bundler then puts
 * it all in one chunk that every calculator page loads once, instead of a handful of tiny
 * chunks that each cost gzip overhead against the page's 20 kB JavaScript budget.
 */
export { Frame } from "./Frame.tsx";
export { Figures } from "./Figures.tsx";
export { ResultSummary } from "./ResultSummary.tsx";
export { NumberField } from "./NumberField.tsx";
export { CheckField, SelectField } from "./SelectField.tsx";
export { bind } from "./bind.tsx";
export { island, read } from "./hooks.ts";
export type { Hydration } from "./hooks.ts";
export { gb, gib, mib, num, sci, tr } from "./format.ts";
export type { Strings } from "./format.ts";
export { choices, gpuChoices, KV_BITS, WEIGHT_BITS } from "./choices.ts";
export { findGpu, inferenceInput, trainingInput } from "./inputs.ts";
