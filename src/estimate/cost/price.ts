/**
 * Reference rental prices: published on-demand prices, each with its provider, the date it
 * was read, its source and whether that source is the provider's own page or a dated copy
 * of it (`content/prices.json`, checked by `src/prices/schema.ts`). The estimator sees them
 * as plain rows; a price the user gives always wins over them, and a row older than
 * `STALE_PRICE_DAYS` is history: listed on the prices page, never used to price or rank.
 */

import type { Currency, SourceKind } from "../vocabulary.ts";
import type { Conversion, ExchangeRate } from "./exchange.ts";
import { converter } from "./exchange.ts";

/**
 * A reference price read more than this many days before the plan is history. Rental list
 * prices move within months: RunPod's A100 SXM Secure Cloud rate went from 1.59 to 1.79 USD
 * between the readings of 2026-09-25 and 2026-11-09 (`content/prices.json`), and Featurize's
 * RTX 3090 of 2021 (3.6 CNY) is 4.7 times 恒源云's 0.76 of 2026-10-20; a figure that old
 * would rank hardware on a price nobody is quoted, so the plan leaves it out (the GPU asks
 * for the user's price) and the prices page lists it as history.
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

/** Whether a row may price a plan dated `today`: read no more than `STALE_PRICE_DAYS` before. */
export const isCurrent = (p: Pick<ReferencePrice, "date">, today: string): boolean =>
  ageInDays(p.date, today) <= STALE_PRICE_DAYS;

/** A price the plan uses for one GPU: the user's own, or a sourced reference price. */
export interface UsedPrice {
  /** In the plan's currency (converted when quoted in another). */
  pricePerGpuHour: number;
  currency: Currency | null;
  /** `request` for the user's own price; else the reference row, with its age. */
  source: "request" | ReferenceSource;
  /** How a price quoted in another currency was converted; null when it was not. */
  conversion: Conversion | null;
}

/** A reference row as a plan uses it: its price in the plan's currency, and how converted. */
export interface PricedReference {
  row: ReferencePrice;
  pricePerGpuHour: number;
  conversion: Conversion | null;
}

/** Significant digits prices are compared to, so conversion rounding never decides. */
const COMPARE_DIGITS = 12;

/**
 * The reference price of a GPU on a plan dated `today`, in `currency`: the lowest published
 * on-demand price per GPU-hour among rows no older than `STALE_PRICE_DAYS`, in either
 * currency, a row in the other one converted at the plan's exchange rate (`exchange.ts`);
 * the most recent on a tie. One rate converts every row of a plan, so the row chosen is the
 * same whichever currency the plan is in: the currency changes how a cost is shown, not
 * which price or hardware ranks first. Rows no rate can convert, and older rows, price
 * nothing.
 */
export function referencePrice(
  prices: readonly ReferencePrice[],
  gpuId: string,
  currency: Currency,
  today: string = todayIso(),
  rates: readonly ExchangeRate[] = [],
): PricedReference | undefined {
  const toPlan = converter(rates, currency, today);
  const candidates = prices
    .filter((p) => p.gpuId === gpuId && isCurrent(p, today))
    .flatMap((row): PricedReference[] => {
      const c = toPlan(row.pricePerGpuHour, row.currency);
      return c ? [{ row, pricePerGpuHour: c.amount, conversion: c.conversion }] : [];
    });
  const key = (p: PricedReference) => Number(p.pricePerGpuHour.toPrecision(COMPARE_DIGITS));
  return candidates.sort(
    (a, b) =>
      key(a) - key(b) ||
      b.row.date.localeCompare(a.row.date) ||
      `${a.row.provider} ${a.row.product}`.localeCompare(`${b.row.provider} ${b.row.product}`),
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
