/**
 * Reference rental prices: published on-demand prices, each with its provider, the date it
 * was read and its source (`content/prices.json`, checked by `src/prices/schema.ts`). The
 * estimator sees them as plain rows; a price the user gives always wins over them.
 */

import type { Currency } from "./vocabulary.ts";

export { CURRENCIES } from "./vocabulary.ts";
export type { Currency } from "./vocabulary.ts";

export interface ReferencePrice {
  gpuId: string;
  provider: string;
  region: string;
  /** The product or instance name as the provider lists it. */
  product: string;
  gpusPerInstance: number;
  /** The price of one GPU for one hour (an instance's price ÷ its GPUs). */
  pricePerGpuHour: number;
  currency: Currency;
  /** ISO date (YYYY-MM-DD) the price was read from its source. */
  date: string;
  url: string;
}

/** A price the plan uses for one GPU: the user's own, or a sourced reference price. */
export interface UsedPrice {
  pricePerGpuHour: number;
  currency: Currency | null;
  /** `request` for the user's own price; else the reference row's provider, date and url. */
  source: "request" | { provider: string; date: string; url: string; product: string };
}

/**
 * The reference price of a GPU in one currency: the lowest published on-demand price per
 * GPU-hour, the most recent on a tie. Prices in another currency are never converted: no
 * exchange rate is a sourced fact of the rental.
 */
export function referencePrice(
  prices: readonly ReferencePrice[],
  gpuId: string,
  currency: Currency,
): ReferencePrice | undefined {
  return prices
    .filter((p) => p.gpuId === gpuId && p.currency === currency)
    .sort((a, b) => a.pricePerGpuHour - b.pricePerGpuHour || b.date.localeCompare(a.date))[0];
}
