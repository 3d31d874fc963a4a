/**
 * The sourced price rows as the estimator's plain reference prices.
 *
 * Only `on-demand` rows become reference prices. Spot capacity can be taken back mid-run,
 * community hosts (RunPod Community Cloud, Vast.ai's marketplace medians) come with no
 * data-centre guarantee and their figures move daily, serverless workers bill per second
 * of a request rather than per hour of a job, and reserved rates need a commitment the
 * plan does not know the user will make: any of them as "the" price of a GPU would make
 * a plan look cheaper than a renter can count on. They stay listed on the prices page.
 */
import type { ExchangeRate } from "../estimate/cost/exchange.ts";
import type { ReferencePrice } from "../estimate/cost/price.ts";
import type { ExchangeRateEntry } from "./exchange-rate-schema.ts";
import type { PriceEntry } from "./schema.ts";

/** The sourced rates as the estimator's plain readings (without the notes). */
export const toExchangeRates = (rows: readonly ExchangeRateEntry[]): ExchangeRate[] =>
  rows.map(({ base, quote, rate, date, source, url }) => ({
    base,
    quote,
    rate,
    date,
    source,
    url,
  }));

export function toReferencePrices(rows: readonly PriceEntry[]): ReferencePrice[] {
  return rows
    .filter((row) => row.kind === "on-demand")
    .map((row) => ({
      gpuId: row.gpuId,
      provider: row.provider,
      // `ReferencePrice.region` is a plain string: empty where the source names no region.
      region: row.region ?? "",
      product: row.product,
      gpusPerInstance: row.gpusPerInstance,
      pricePerGpuHour: row.pricePerGpuHour,
      currency: row.currency,
      date: row.date,
      url: row.url,
      sourceKind: row.sourceKind,
    }));
}
