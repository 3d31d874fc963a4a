/**
 * `$cost`: node options to compare and the hidden hours and charges of a rental. Opens on
 * the seed article's example: 72 h on one RTX 4090 vs four cards at 75% scaling (24 h).
 */
import type { COST_OPTION_FIELDS } from "../estimate/cost/fields.ts";
import { COST_FIELDS } from "../estimate/cost/fields.ts";
import type { Input } from "../estimate/request/field.ts";
import type { Changes } from "./field-store.ts";
import { fieldStore, merged } from "./field-store.ts";

export type CostState = Input<typeof COST_FIELDS>;
export type CostOptionState = Input<typeof COST_OPTION_FIELDS>;

export const COST_INITIAL: CostState = {
  options: [
    { gpu: "rtx-4090", gpus: 1, pricePerHour: 2.5 },
    { gpu: "rtx-4090", gpus: 4, pricePerHour: 10, scaling: 0.75 },
  ],
  singleGpuHours: 72,
};

export const cost = fieldStore("k", COST_FIELDS, COST_INITIAL);
export const $cost = cost.store;
export const setCost = cost.set;

const optionsOf = (): CostOptionState[] => $cost.get().options ?? [];

export function setOption(index: number, changes: Changes<typeof COST_OPTION_FIELDS>): void {
  setCost({ options: optionsOf().map((o, i) => (i === index ? merged(o, changes) : o)) });
}
export function addOption(): void {
  const options = optionsOf();
  const last = options[options.length - 1] ?? COST_INITIAL.options?.[0];
  if (last && options.length < COST_FIELDS.options.max)
    setCost({ options: [...options, { ...last }] });
}
export function removeOption(index: number): void {
  const options = optionsOf();
  if (options.length > COST_FIELDS.options.min)
    setCost({ options: options.filter((_, i) => i !== index) });
}
