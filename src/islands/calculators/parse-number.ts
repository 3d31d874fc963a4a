/**
 * Reads what a person typed into a numeric field. Pure, so it is unit-tested apart from the
 * UI. It accepts what people paste (`1e9`, `7B`, full-width `１２` from a Chinese IME) and
 * refuses the rest with an error code the field translates, never a NaN or Infinity.
 */

export interface NumberRule {
  min: number;
  max: number;
  integer?: boolean;
  /** The minimum itself is excluded. */
  above?: boolean;
  /** Accept k/M/B/T suffixes (parameter and token counts). */
  suffixes?: boolean;
}

export type ParseError =
  "empty" | "negative" | "letters" | "comma" | "too-large" | "range" | "range-above" | "integer";

export type ParseResult =
  | {
      ok: true;
      value: number;
      /** The text after normalising full-width characters, when it changed. */ normalized:
        string | null;
    }
  | { ok: false; error: ParseError };

/** Model and token counts are written 7B, 70b, 1.5k, 2T in model cards and papers. */
const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };
const NUMBER = /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?([kmbt])?$/i;

/** Full-width digits, point, comma, signs and letters (U+FF01-FF5E) map to ASCII by a fixed offset. */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3002/g, ".");
}

export function parseNumber(raw: string, rule: NumberRule): ParseResult {
  const text = toHalfWidth(raw.trim()).replace(/\s+/g, "");
  if (text === "") return { ok: false, error: "empty" };
  if (text.includes(",")) return { ok: false, error: "comma" };
  const negative = text.startsWith("-") || text.startsWith("\u2212");
  const body = negative ? text.slice(1) : text;
  const m = NUMBER.exec(body);
  if (!m || (m[3] !== undefined && !rule.suffixes))
    return { ok: false, error: negative && m ? "negative" : "letters" };
  const value = Number(m[1] + (m[2] ?? "")) * (m[3] ? (SUFFIX[m[3].toLowerCase()] ?? 1) : 1);
  if (!Number.isFinite(value)) return { ok: false, error: "too-large" };
  if (negative && value !== 0) return { ok: false, error: "negative" };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, error: "integer" };
  if ((rule.above ? value <= rule.min : value < rule.min) || value > rule.max)
    return { ok: false, error: rule.above ? "range-above" : "range" };
  const halfWidth = toHalfWidth(raw.trim());
  return { ok: true, value, normalized: halfWidth !== raw.trim() ? halfWidth : null };
}
