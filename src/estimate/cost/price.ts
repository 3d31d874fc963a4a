/**
 * Reference rental prices: published on-demand prices, each with its provider, the date it
 * was read, its source and whether that source is the provider's own page or a dated copy
 * of it (`content/prices.json`, checked by `src/prices/schema.ts`). The estimator sees them
 * as plain rows; a price the user gives always wins over them, and a row older than
 * `STALE_PRICE_DAYS` is used only where no newer one exists, and then marked with its age.
 */

import type { Currency, SourceKind } from "../vocabulary.ts";

/**
 * A reference price read more than this many days before the plan is stale. Rental list
 * prices move within months: RunPod's A100 SXM Secure Cloud rate went from 1.59 to 1.79 USD
 * between the readings of 2026-09-25 and 2026-11-09 (`content/prices.json`), so a year-old
 * figure is at best an order of magnitude; the plan still shows it, with its age and a
 * request for the user's own price, rather than hide that a price exists.
 */
export const STALE_PRICE_DAYS = 365;

const MS_PER_DAY = 86_400_000;

/** Whole days from an ISO date (YYYY-MM-DD) to another, 0 when `date` is not before `today`. */
export function ageInDays(date: string, today: string): number {
  const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`);
  return Math.max(0, Math.floor(ms / MS_PER_DAY));
}

/** Today's date in UTC as YYYY-MM-DD: the plan's date when the caller gives none. */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

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
  sourceKind: SourceKind;
}

/**
 * Where a reference price the plan uses comes from, and how old it is on the plan's date
 * (older than `STALE_PRICE_DAYS`: used only because no newer price exists). A type, not an
 * interface, so it passes as a message's parameters.
 */
export type ReferenceSource = {
  provider: string;
  date: string;
  url: string;
  product: string;
  sourceKind: SourceKind;
  /** Whole days from `date` to the plan's date. */
  ageDays: number;
};

export const isStale = (source: ReferenceSource): boolean => source.ageDays > STALE_PRICE_DAYS;

/** A price the plan uses for one GPU: the user's own, or a sourced reference price. */
export interface UsedPrice {
  pricePerGpuHour: number;
  currency: Currency | null;
  /** `request` for the user's own price; else the reference row, with its age. */
  source: "request" | ReferenceSource;
}

/**
 * The reference price of a GPU in one currency: the lowest published on-demand price per
 * GPU-hour among rows no older than `STALE_PRICE_DAYS` on `today`, the most recent on a
 * tie; only when every row is older, the lowest of those. Prices in another currency are
 * never converted: no exchange rate is a sourced fact of the rental.
 */
export function referencePrice(
  prices: readonly ReferencePrice[],
  gpuId: string,
  currency: Currency,
  today: string = todayIso(),
): ReferencePrice | undefined {
  const rows = prices.filter((p) => p.gpuId === gpuId && p.currency === currency);
  const fresh = rows.filter((p) => ageInDays(p.date, today) <= STALE_PRICE_DAYS);
  return (fresh.length > 0 ? fresh : rows).sort(
    (a, b) => a.pricePerGpuHour - b.pricePerGpuHour || b.date.localeCompare(a.date),
  )[0];
}

/** The source record of a reference row on the plan's date. */
export function referenceSource(ref: ReferencePrice, today: string): ReferenceSource {
  return {
    provider: ref.provider,
    date: ref.date,
    url: ref.url,
    product: ref.product,
    sourceKind: ref.sourceKind,
    ageDays: ageInDays(ref.date, today),
  };
}
