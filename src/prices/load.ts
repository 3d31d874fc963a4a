/**
 * Reads and validates the reference prices outside Astro (command line, unit tests). Astro
 * reads the same file through its content collection with the same schema.
 */
import { readFileSync } from "node:fs";
import type { ReferencePrice } from "../estimate/cost/price.ts";
import type { ExchangeRate } from "../estimate/cost/exchange.ts";
import { exchangeRatesSchema, type ExchangeRateEntry } from "./exchange-rate-schema.ts";
import { pricesSchema, type PriceEntry } from "./schema.ts";
import { toExchangeRates, toReferencePrices } from "./to-reference.ts";

export const PRICES_URL = new URL("../../content/prices.json", import.meta.url);
export const RATES_URL = new URL("../../content/exchange-rates.json", import.meta.url);

export function loadExchangeRateEntries(): ExchangeRateEntry[] {
  return exchangeRatesSchema.parse(JSON.parse(readFileSync(RATES_URL, "utf8")));
}

export function loadExchangeRates(): ExchangeRate[] {
  return toExchangeRates(loadExchangeRateEntries());
}

export function loadPrices(): PriceEntry[] {
  return pricesSchema.parse(JSON.parse(readFileSync(PRICES_URL, "utf8")));
}

export function loadReferencePrices(): ReferencePrice[] {
  return toReferencePrices(loadPrices());
}
