/**
 * `$cost`: node options to compare and the hidden hours and charges of a rental. Defaults
 * are the seed article's example: 72 h on one RTX 4090 vs four cards at 75% scaling (24 h).
 */
import { defaultsOf, int, num, str } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
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

const OPTION_SHAPE: ShapeOf<CostOptionState> = {
  gpu: str("rtx-4090"),
  gpus: int(1, 1, 1024),
  price: num(2.5, 0, 1e6),
  scalingPct: num(100, 1, 100),
};

const hours = (d = 0) => num(d, 0, 1e5);
export const COST_SHAPE: ShapeOf<CostState> = {
  options: {
    t: "list",
    item: OPTION_SHAPE,
    min: 1,
    max: 4,
    d: [
      { gpu: "rtx-4090", gpus: 1, price: 2.5, scalingPct: 100 },
      { gpu: "rtx-4090", gpus: 4, price: 10, scalingPct: 75 },
    ],
  },
  singleGpuHours: num(72, 0.01, 1e6),
  setupHours: hours(),
  dataPrepHours: hours(),
  downloadHours: hours(),
  rerunPct: num(0, 0, 1000),
  exportHours: hours(),
  idleHours: hours(),
  storageGB: num(0, 0, 1e7),
  storagePrice: num(0, 0, 1e4),
  transferGB: num(0, 0, 1e7),
  transferPrice: num(0, 0, 1e4),
  monthlyPrice: num(0, 0, 1e8),
  units: num(1, 1, 1e12),
};
export const COST_DEFAULTS = defaultsOf<CostState>(COST_SHAPE);

export const $cost = calcAtom<CostState>("k", COST_SHAPE);
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
