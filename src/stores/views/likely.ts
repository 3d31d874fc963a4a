/**
 * A figure with its likely range, as every widget words it: the validation error of its kind
 * around the estimate (`estimate/training/time-range.ts`), in a sentence or a table cell.
 */
import type { LikelyRange } from "../../estimate/training/time-range.ts";
import type { Text } from "../../i18n/text.ts";
import { msg, qty } from "../../i18n/text.ts";
import type { ShownUnit } from "../../i18n/units.ts";

/**
 * A figure with its likely range ("12.9 h, likely 10–17 h", "24 tokens/s, likely 17–26
 * tokens/s"), or the figure alone where no range is known; `cell` is the table's shorter
 * form ("12.9 (10–17)").
 */
export function likelyMessage(
  n: number | null | undefined,
  range: Pick<LikelyRange, "low" | "high"> | null | undefined,
  unit: ShownUnit | undefined,
  form: "sentence" | "cell" = "sentence",
  /** Fraction digits; absent, by size (as every figure). */
  digits?: number,
): Text {
  const shown = form === "sentence" ? unit : undefined;
  if (!range || n === null || n === undefined) return qty(n, shown, digits);
  return msg(`likely.${form}`, {
    value: qty(n, shown, digits),
    low: qty(range.low, undefined, digits),
    high: qty(range.high, shown, digits),
  });
}

/** Hours with their likely range: `likelyMessage` in hours. */
export const hoursMessage = (
  hours: number | null | undefined,
  range: Pick<LikelyRange, "low" | "high"> | null | undefined,
  form: "sentence" | "cell" = "sentence",
  digits?: number,
): Text => likelyMessage(hours, range, "hours", form, digits);
