/**
 * Editing your prices row by row: loaded with the rows' controls (`views/your-prices-rows.ts`),
 * only once there is a price to edit; adding the first one is `addPrice` (`your-prices.ts`).
 */
import type { YOUR_PRICE_FIELDS } from "../estimate/tasks/price-fields.ts";
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
