/**
 * Editing your prices row by row: loaded with the rows' controls (`views/your-prices-rows.ts`)
 * once there is a price to edit, or when the first one is added.
 */
import type { Currency } from "../estimate/vocabulary.ts";
import type { YOUR_PRICE_FIELDS } from "../estimate/cost/price-fields.ts";
import { YOUR_PRICES_FIELDS } from "../estimate/cost/price-fields.ts";
import { $catalog } from "./catalog.ts";
import type { Changes } from "./field-store.ts";
import { merged } from "./field-store.ts";
import { rowsOf, setRows } from "./your-prices.ts";

/** Changes one row (its GPU among those no other row prices: see the rows' choices). */
export function setPrice(index: number, changes: Changes<typeof YOUR_PRICE_FIELDS>): void {
  setRows(rowsOf().map((p, i) => (i === index ? merged(p, changes) : p)));
}

export function removePrice(index: number): void {
  setRows(rowsOf().filter((_, i) => i !== index));
}

export function clearPrices(): void {
  setRows([]);
}

/**
 * A new row for a GPU not priced yet, in the currency of the last price entered, else
 * `currency` (the plan's); its price waits for the user.
 */
export function addPrice(currency: Currency): void {
  const rows = rowsOf();
  const taken = new Set(rows.map((p) => p.gpu));
  const gpu = $catalog.get().gpus.find((g) => !taken.has(g.id))?.id;
  if (gpu === undefined || rows.length >= YOUR_PRICES_FIELDS.prices.max) return;
  setRows([...rows, { gpu, currency: rows[rows.length - 1]?.currency ?? currency }]);
}
