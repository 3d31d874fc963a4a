/** A plan row's verdict and cost and the plan's limits in words, as the decision table and the front door say them. */
import type { Conversion } from "../../estimate/cost/exchange.ts";
import type { LimitsAnswer } from "../../estimate/plan/limits.ts";
import type { PlanRow } from "../../estimate/plan/row.ts";
import type { Assumption } from "../../estimate/result.ts";
import type { List, MessageKey, Msg } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";

/** The limits' sentences by name: `lim.<name>` in the dictionaries. */
type LimitKey = Suffix<"lim.">;
type Suffix<P extends string, K = MessageKey> = K extends `${P}${infer R}` ? R : never;

/** The rows a plan names as each GPU's best count (`best`, indices into its rows), in order. */
export const bestRows = (p: { rows: readonly PlanRow[]; best: readonly number[] }): PlanRow[] =>
  p.best.flatMap((i) => p.rows[i] ?? []);

/**
 * What the workload needs of that GPU (its fewest count), and, on a row with more GPUs than
 * that, that the rest are there for speed: a row never says "one GPU" beside its eight.
 */
export function verdictMessage(r: PlanRow): Msg {
  // A batch job without a resolution has no memory figure: no row says it fits.
  if (r.reasons.includes("memory-unchecked")) return msg("pr.memory-unchecked");
  const needs = msg(`verdict.${r.verdict}`, {
    gpus: r.fewestGpus,
    nodes: r.fewestNodes,
    perNode: r.gpusPerNode,
  });
  const verdict =
    r.verdict !== "does-not-fit" && r.gpus > r.fewestGpus
      ? msg("verdict.forSpeed", { needs, gpus: r.gpus })
      : needs;
  // A tight fit runs, with a warning that says what the headroom lacks.
  return r.memoryShortGB === undefined
    ? verdict
    : msg("verdict.tight", { needs: verdict, short: qty(r.memoryShortGB, "gb", 1) });
}

/** "2 × RTX 4090": a row's GPU and count. */
export const optionMessage = (r: PlanRow): Msg =>
  msg("fd.option", { count: qty(r.gpus, undefined, 0), gpu: r.gpuName });

/** The exchange rate a converted figure used: its value, source and date. */
export const rateMessage = ({ rate }: Conversion): Msg =>
  msg("price.rate", {
    rate: rate.rate,
    base: rate.base,
    quote: rate.quote,
    source: rate.source,
    date: rate.date,
  });

/** "converted from 1.80 CNY at 6.8012 CNY per USD (ECB …, 2026-05-08)". */
export const conversionMessage = (c: Conversion): Msg =>
  msg("price.converted", {
    amount: qty(c.amount, undefined, 2),
    from: c.from,
    rate: rateMessage(c),
  });

/**
 * A row's cost, marked when it rests on a price the user entered, and when its price was
 * converted from the other currency (the rate is said once for all options: `ratesMessages`).
 */
export function costMessage(r: PlanRow, cost: Msg): Msg {
  if (r.cost === null) return cost;
  const mine = r.priceSource === "request";
  const c = r.priceConversion;
  if (c) return msg(mine ? "fd.yourCostConverted" : "fd.costConverted", { cost, from: c.from });
  return mine ? msg("fd.yourCost", { cost }) : cost;
}

/** The exchange rates the rows' converted costs used, each said once, with its source and date. */
export function ratesMessages(rows: readonly PlanRow[]): Msg[] {
  const seen = new Map<string, Conversion>();
  for (const r of rows) {
    const c = r.cost === null ? null : r.priceConversion;
    if (c) seen.set(`${c.rate.base}/${c.rate.quote}/${c.rate.rate}/${c.rate.date}`, c);
  }
  return [...seen.values()].map((c) => msg("fd.rates", { rate: rateMessage(c) }));
}

/** An amount in the plan's currency, or that no sourced price prices it. */
export const moneyMessage = (n: number | null | undefined, currency: string, digits = 2): Msg =>
  n === null || n === undefined
    ? msg("pr.no-price")
    : msg("shown.money", { n: qty(n, undefined, digits), currency });

/**
 * The reasons a row misses a limit by, each with its words where the eye starts: short, for
 * the why column says that the deadline or the rate asked falls in the range.
 */
const MISSED: Partial<Record<PlanRow["reasons"][number], MessageKey>> = {
  "misses-deadline": "pr.misses-deadline",
  "may-miss-deadline": "deadline.may-miss",
  "over-budget": "pr.over-budget",
  "may-be-too-slow-per-user": "pt.mayBeSlow",
};

/** What a row misses of the limits, from its reasons ("misses the deadline, over budget"). */
export function missedMessage(r: PlanRow): List | null {
  const missed = r.reasons.flatMap((k) => MISSED[k] ?? []).map((key) => msg(key));
  return missed.length ? { list: missed, sep: "pt.whySeparator" } : null;
}

/** `n` rounded to `digits` fraction digits, up (`ceil`) or to the nearest. */
const toDigits = (n: number, digits: number, ceil = false): number => {
  const k = 10 ** digits;
  // A hair below the step: 6.1 stays 6.1 though 6.1 × 10 is 61.00000000000001.
  return (ceil ? Math.ceil(n * k - 1e-9) : Math.round(n * k)) / k;
};

/** The most fraction digits a deadline message shows. */
const MOST_DIGITS = 3;

/**
 * Fraction digits that keep a deadline message from contradicting itself: enough for the
 * deadline to show as given (1 at least; `asGiven` false leaves that to the message that
 * names the deadline), and for every option that misses it to show more hours than it
 * ("6.04 h" beside a deadline of 6 h, never "6 h"). Past `MOST_DIGITS` the missing hours are
 * rounded up instead (`deadlineShown`).
 */
export function deadlineDigits(
  deadline: number,
  missing: readonly number[],
  asGiven = true,
): number {
  let d = 1;
  // A hair of float noise (0.5000000000000001) is no digit the user typed.
  while (asGiven && d < MOST_DIGITS && Math.abs(toDigits(deadline, d) - deadline) > 1e-9) d++;
  for (const h of missing) while (d < MOST_DIGITS && toDigits(h, d) <= deadline) d++;
  return d;
}

/**
 * Hours as a deadline message shows them at `digits`: an option that misses the deadline
 * (over it) is rounded up where rounding to the nearest would show it at or under the
 * deadline, so "no option meets 6 h" is never followed by an option of "6 h". Every other
 * figure is rounded to the nearest.
 */
export function deadlineShown(hours: number, deadline: number | undefined, digits: number): number {
  const near = toDigits(hours, digits);
  return deadline !== undefined && hours > deadline && near <= deadline
    ? toDigits(hours, digits, true)
    : near;
}

/**
 * The deadline a message suggests: the fastest option's hours rounded up at the digits
 * shown, so it is never below what that option needs and always above the deadline missed.
 */
export const suggestedDeadline = (fastest: number, digits: number): number =>
  toDigits(fastest, digits, true);

/**
 * The deadline and budget as limits: whether options meet them and, when none does, the
 * fastest and the cheapest option and what would meet them (`lim.<kind>` in the
 * dictionaries). Nothing when no limit is given. Hours show with the digits that keep the
 * message consistent (`deadlineDigits`).
 */
export function limitsMessages(l: LimitsAnswer, currency: string): Msg[] {
  if (l.met === null) return [];
  const d = l.deadlineHours;
  const missing = [l.fastest, l.cheapest]
    .map((r) => r?.hours)
    .filter((h): h is number => typeof h === "number" && d !== undefined && h > d);
  const digits = d === undefined ? 1 : deadlineDigits(d, missing);
  const hours = (n: number | null | undefined) =>
    qty(n === null || n === undefined ? n : deadlineShown(n, d, digits), "hours", digits);
  const money = (n: number | null | undefined) => moneyMessage(n, currency);
  const row = (key: LimitKey, r: PlanRow, gbps?: number) =>
    msg(`lim.${key}`, {
      option: optionMessage(r),
      hours: hours(r.hours),
      cost: money(r.cost),
      gbps: gbps ?? "",
    });
  const { budget: b, fastest: f, cheapest: c } = l;
  const bc = l.budgetConversion;
  // A budget given in the other currency says what it was (2,000 USD) beside its conversion.
  const which = d === undefined ? "budget" : b === undefined ? "deadline" : "both";
  const limits = msg(bc && which !== "deadline" ? `lim.${which}Converted` : `lim.${which}`, {
    hours: hours(d),
    cost: money(b),
    ...(bc ? { amount: qty(bc.amount, undefined, 2), from: bc.from, rate: rateMessage(bc) } : {}),
  });
  if (l.met) return [msg("lim.met", { limits })];
  const names = [...new Set(l.unpriced.map((r) => r.gpuName))].join(", ");
  return [
    msg("lim.none", { limits }),
    // Without a deadline (a budget alone, or serving) nothing runs "within the deadline".
    ...(names
      ? [msg(d === undefined ? "lim.unpricedNoDeadline" : "lim.unpriced", { gpus: names })]
      : []),
    ...(f && f === c
      ? [row("fastestCheapest", f)]
      : [...(f ? [row("fastest", f)] : []), ...(c ? [row("cheapest", c)] : [])]),
    ...l.toMeet.map((t) =>
      "row" in t
        ? "interNodeGbps" in t
          ? row(`${t.kind}-net`, t.row, t.interNodeGbps)
          : row(t.kind, t.row)
        : msg(
            `lim.${t.kind}`,
            "hours" in t
              ? { hours: qty(suggestedDeadline(t.hours, digits), "hours", digits) }
              : { cost: money(t.cost) },
          ),
    ),
  ];
}

/**
 * What a serving answer assumes, in one sentence: the engine, the weights' bits and format,
 * and the KV cache's bits ("Assumes vLLM, 16-bit FP16 / BF16 weights and a 16-bit KV
 * cache."), from the plan's own assumptions; null for a plan that serves nothing.
 */
export function servingSetupMessage(assumptions: readonly Assumption[]): Msg | null {
  const of = (key: string) => assumptions.find((a) => a.key === key)?.value;
  const engine = of("engine");
  const bits = of("weight-bits");
  const format = of("weight-format");
  const kv = of("kv-bits");
  if (typeof engine !== "string" || typeof bits !== "number" || typeof kv !== "number") return null;
  return msg("fd.assumes", {
    engine: { key: `opt.${engine}`, or: engine },
    bits: qty(bits, undefined, 2),
    format: typeof format === "string" ? { key: `opt.${format}`, or: format } : "",
    kv: qty(kv, undefined, 0),
  });
}
