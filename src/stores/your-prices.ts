/**
 * `$yourPrices`: the prices per GPU-hour the user entered, each with its currency: the only
 * prices a plan takes as the user's. Empty until the user enters one (no example stands in
 * for a quote); kept across reloads and carried in links like every calculator store.
 */
import type { Input } from "../estimate/tasks/field.ts";
import type { Currency } from "../estimate/price.ts";
import { YOUR_PRICES_FIELDS } from "../estimate/tasks/plan-fields.ts";
import type { YOUR_PRICE_FIELDS } from "../estimate/tasks/plan-fields.ts";
import { $catalog } from "./catalog.ts";
import type { Changes } from "./field-store.ts";
import { fieldStore, merged } from "./field-store.ts";
import { $fit } from "./fit.ts";

export type YourPricesState = Input<typeof YOUR_PRICES_FIELDS>;
export type YourPriceState = Input<typeof YOUR_PRICE_FIELDS>;

/** Each GPU once: a stored or linked list naming a GPU twice keeps its first price. */
function firstOfEach(state: YourPricesState) {
  const rows = state.prices ?? [];
  const seen = new Set<string | undefined>();
  const prices = rows.filter((p) => !seen.has(p.gpu) && seen.add(p.gpu));
  return prices.length === rows.length
    ? { value: state, invalid: [] }
    : { value: { ...state, prices }, invalid: ["prices"] };
}

export const yourPrices = fieldStore("p", YOUR_PRICES_FIELDS, {}, undefined, firstOfEach);
export const $yourPrices = yourPrices.store;

const rowsOf = (): YourPriceState[] => $yourPrices.get().prices ?? [];
const setRows = (prices: YourPriceState[]): void =>
  yourPrices.set({ prices: prices.length ? prices : undefined });

/**
 * A new row for a GPU not priced yet, in the currency of the last price entered, else the
 * plan's, else US dollars (the plan's own fallback); its price waits for the user.
 */
export function addPrice(): void {
  const rows = rowsOf();
  const taken = new Set(rows.map((p) => p.gpu));
  const gpu = $catalog.get().gpus.find((g) => !taken.has(g.id))?.id;
  if (gpu === undefined || rows.length >= YOUR_PRICES_FIELDS.prices.max) return;
  const currency: Currency = rows[rows.length - 1]?.currency ?? $fit.get().currency ?? "USD";
  setRows([...rows, { gpu, currency }]);
}

/** Changes one row; a GPU another row already prices is refused (each GPU has one price). */
export function setPrice(index: number, changes: Changes<typeof YOUR_PRICE_FIELDS>): void {
  const rows = rowsOf();
  if (changes.gpu !== undefined && rows.some((p, i) => i !== index && p.gpu === changes.gpu))
    return;
  setRows(rows.map((p, i) => (i === index ? merged(p, changes) : p)));
}

export function removePrice(index: number): void {
  setRows(rowsOf().filter((_, i) => i !== index));
}

export function clearPrices(): void {
  setRows([]);
}
