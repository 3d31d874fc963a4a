/**
 * `$cost`: node options to compare and the hidden hours and charges of a rental. Defaults
 * are the seed article's example: 72 h on one RTX 4090 vs four cards at 75% scaling (24 h).
 */
import { num } from "./fields.ts";
import type { Shape } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export interface CostOptionState {
  gpu: string;
  gpus: number;
  /** Price of the whole node per hour. */
  price: number;
  scalingPct: number;
}

export interface CostState {
  options: CostOptionState[];
  singleGpuHours: number;
  setupHours: number;
  dataPrepHours: number;
  downloadHours: number;
  rerunPct: number;
  exportHours: number;
  idleHours: number;
  storageGB: number;
  storagePrice: number;
  transferGB: number;
  transferPrice: number;
  monthlyPrice: number;
  units: number;
}

export const COST_DEFAULTS: CostState = {
  options: [
    { gpu: "rtx-4090", gpus: 1, price: 2.5, scalingPct: 100 },
    { gpu: "rtx-4090", gpus: 4, price: 10, scalingPct: 75 },
  ],
  singleGpuHours: 72, setupHours: 0, dataPrepHours: 0, downloadHours: 0, rerunPct: 0, exportHours: 0, idleHours: 0,
  storageGB: 0, storagePrice: 0, transferGB: 0, transferPrice: 0, monthlyPrice: 0, units: 1,
};

const OPTION_SHAPE: Shape = { gpu: { t: "str", max: 64 }, gpus: num(1, 1024, true), price: num(0, 1e6), scalingPct: num(1, 100) };

export const COST_SHAPE: Shape = {
  options: { t: "list", item: OPTION_SHAPE, min: 1, max: 4 },
  singleGpuHours: num(0.01, 1e6),
  setupHours: num(0, 1e5),
  dataPrepHours: num(0, 1e5),
  downloadHours: num(0, 1e5),
  rerunPct: num(0, 1000),
  exportHours: num(0, 1e5),
  idleHours: num(0, 1e5),
  storageGB: num(0, 1e7),
  storagePrice: num(0, 1e4),
  transferGB: num(0, 1e7),
  transferPrice: num(0, 1e4),
  monthlyPrice: num(0, 1e8),
  units: num(1, 1e12),
};

export const $cost = calcAtom<CostState>("k", COST_SHAPE, COST_DEFAULTS);
export const setCost = (changes: Partial<CostState>): void => patch($cost, changes);

export function setOption(index: number, changes: Partial<CostOptionState>): void {
  const options = $cost.get().options.map((o, i) => (i === index ? { ...o, ...changes } : o));
  setCost({ options });
}
export function addOption(): void {
  const { options } = $cost.get();
  const last = options[options.length - 1] ?? COST_DEFAULTS.options[0];
  if (last && options.length < 4) setCost({ options: [...options, { ...last }] });
}
export function removeOption(index: number): void {
  const { options } = $cost.get();
  if (options.length > 1) setCost({ options: options.filter((_, i) => i !== index) });
}
