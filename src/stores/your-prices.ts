/**
 * `$yourPrices`: the prices per GPU-hour the user entered, each with its currency: the only
 * prices a plan takes as the user's. Empty until the user enters one (no example stands in
 * for a quote); kept across reloads and carried in links like every calculator store. A
 * list naming a GPU twice (an edited link) prices it with its first row; the rows' view
 * marks the second (`views/your-prices-rows.ts`).
 */
import type { Input } from "../estimate/request/field.ts";
import { YOUR_PRICES_FIELDS } from "../estimate/cost/price-fields.ts";
import type { YOUR_PRICE_FIELDS } from "../estimate/cost/price-fields.ts";
import { fieldStore } from "./field-store.ts";

export type YourPricesState = Input<typeof YOUR_PRICES_FIELDS>;
export type YourPriceState = Input<typeof YOUR_PRICE_FIELDS>;

export const yourPrices = fieldStore("p", YOUR_PRICES_FIELDS, {});
export const $yourPrices = yourPrices.store;

export const rowsOf = (): YourPriceState[] => $yourPrices.get().prices ?? [];
/** The list as given; an empty one unsets the field (no prices, as on a fresh visit). */
export const setRows = (prices: YourPriceState[]): void =>
  yourPrices.set({ prices: prices.length ? prices : undefined });
