/**
 * Reads what a person typed into a numeric field. Pure, so it is unit-tested apart from the
 * UI. It accepts what people write and paste (`1e9`, `7B`, `1,000,000,000` with thousands
 * separators, full-width `１，０００` from a Chinese IME, `7亿`) and refuses the rest with an
 * error code the field translates, never a NaN or Infinity.
 */

export interface NumberRule {
  min: number;
  max: number;
  integer?: boolean;
  /** The minimum itself is excluded. */
  above?: boolean;
  /** Accept k/M/B/T (and 万/亿) suffixes (parameter and token counts). */
  suffixes?: boolean;
}

export type ParseError =
  "empty" | "negative" | "letters" | "comma" | "too-large" | "range" | "range-above" | "integer";

export type ParseResult =
  | {
      ok: true;
      value: number;
      /** The text as read (full-width characters and separators undone), when it changed. */
      normalized: string | null;
    }
  | { ok: false; error: ParseError };

/**
 * Model and token counts are written 7B, 70b, 1.5k, 2T in model cards and papers, and 7亿
 * (10^8) or 5万 (10^4) in Chinese ones.
 */
const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12, 万: 1e4, 亿: 1e8 };
const NUMBER = /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?([kmbt万亿])?$/i;
/** Thousands separators: groups of exactly three digits after the first (1,000,000). */
const GROUPED = /^\+?\d{1,3}(,\d{3})+(\.|$|[.e万亿kmbt])/i;

/** Full-width digits, point, comma, signs and letters (U+FF01-FF5E) map to ASCII by a fixed offset. */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3002/g, ".");
}

export function parseNumber(raw: string, rule: NumberRule): ParseResult {
  let text = toHalfWidth(raw.trim()).replace(/\s+/g, "");
  if (text === "") return { ok: false, error: "empty" };
  const negative = text.startsWith("-") || text.startsWith("\u2212");
  if (negative) text = text.slice(1);
  // A comma is a thousands separator only between groups of three digits; "1,5" is a
  // decimal comma, which the message asks to write with a point.
  if (text.includes(",")) {
    if (!GROUPED.test(text)) return { ok: false, error: "comma" };
    text = text.replace(/,/g, "");
  }
  const m = NUMBER.exec(text);
  if (!m || (m[3] !== undefined && !rule.suffixes))
    return { ok: false, error: negative && m ? "negative" : "letters" };
  const value = Number(m[1] + (m[2] ?? "")) * (m[3] ? (SUFFIX[m[3].toLowerCase()] ?? 1) : 1);
  if (!Number.isFinite(value)) return { ok: false, error: "too-large" };
  if (negative && value !== 0) return { ok: false, error: "negative" };
  if (rule.integer && !Number.isInteger(value)) return { ok: false, error: "integer" };
  if ((rule.above ? value <= rule.min : value < rule.min) || value > rule.max)
    return { ok: false, error: rule.above ? "range-above" : "range" };
  return { ok: true, value, normalized: text !== raw.trim() ? text : null };
}
