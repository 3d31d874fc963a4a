/**
 * Exchange rates: dated, sourced readings of how many units of one currency buy one unit of
 * another (`content/exchange-rates.json`, checked by `src/prices/exchange-rate-schema.ts`).
 * A plan converts a price or a budget quoted in another currency than its own at the most
 * recent reading on or before its date, and says which reading it used, so a price the user
 * typed in yuan beside one in dollars prices its row instead of blocking the answer.
 *
 * A reading is a reference rate (the ECB's, the CFETS central parity), not what a card or a
 * bank charges: the converted figure is marked as converted wherever it is shown.
 */
import type { Currency } from "../vocabulary.ts";

export interface ExchangeRate {
  /** One unit of `base` buys `rate` units of `quote`: USD → CNY 6.8012. */
  base: Currency;
  quote: Currency;
  rate: number;
  /** ISO date (YYYY-MM-DD) the rate was published for. */
  date: string;
  /** Who published it (the ECB, CFETS via a news report). */
  source: string;
  url: string;
}

/**
 * A price or budget in the plan's currency that was quoted in another: the amount as quoted,
 * its currency and the reading that converted it. A type, not an interface, so it passes as
 * a message's parameters.
 */
export type Conversion = {
  from: Currency;
  /** The amount as quoted, in `from`. */
  amount: number;
  rate: ExchangeRate;
};

/**
 * The reading a plan dated `on` converts with between two currencies: the most recent one
 * published on or before that day (a rate published later was not known then); when every
 * reading is later (a plan dated before the first one), the earliest, whose date the answer
 * shows beside every converted figure. Undefined when no reading joins the two currencies.
 */
export function rateOn(
  rates: readonly ExchangeRate[],
  a: Currency,
  b: Currency,
  on: string,
): ExchangeRate | undefined {
  const pair = rates
    .filter((r) => (r.base === a && r.quote === b) || (r.base === b && r.quote === a))
    .sort((x, y) => y.date.localeCompare(x.date));
  return pair.find((r) => r.date <= on) ?? pair.at(-1);
}

/**
 * `amount` in `from` as `to` at `rate`: times the rate from its base to its quote, divided
 * by it the other way (1.8 CNY at 6.8012 CNY per USD = 1.8 / 6.8012 USD). The same currency
 * passes unchanged; a rate that does not join the two gives undefined.
 */
export function convert(
  amount: number,
  from: Currency,
  to: Currency,
  rate: ExchangeRate | undefined,
): number | undefined {
  if (from === to) return amount;
  if (!rate) return undefined;
  if (rate.base === from && rate.quote === to) return amount * rate.rate;
  if (rate.base === to && rate.quote === from) return amount / rate.rate;
  return undefined;
}

/**
 * A converter into the plan's currency on its date: the amount and, when it was converted,
 * how. `undefined` when the amount is in a currency no reading joins to the plan's.
 */
export function converter(rates: readonly ExchangeRate[], to: Currency, on: string) {
  return (
    amount: number,
    from: Currency,
  ): { amount: number; conversion: Conversion | null } | undefined => {
    if (from === to) return { amount, conversion: null };
    const rate = rateOn(rates, from, to, on);
    const converted = convert(amount, from, to, rate);
    return converted === undefined || !rate
      ? undefined
      : { amount: converted, conversion: { from, amount, rate } };
  };
}

export type Converter = ReturnType<typeof converter>;
