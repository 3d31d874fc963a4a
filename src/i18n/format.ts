/**
 * Number formatting for the page. Every figure passes through `num`, which prints "—" for
 * anything non-finite, so NaN, Infinity or undefined can never reach the text.
 */
import { BYTES_PER_GB, BYTES_PER_GIB, BYTES_PER_MIB } from "../estimate/units.ts";

export type Strings = Readonly<Record<string, string>>;

const cache = new Map<string, Intl.NumberFormat>();
function nf(lang: string, digits: number): Intl.NumberFormat {
  const key = `${lang}|${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === "en" ? "en" : "zh-CN", { maximumFractionDigits: digits });
    cache.set(key, f);
  }
  return f;
}

/** Significant-looking precision: 3 digits below 10, 1 below 1000, none above. */
export function num(lang: string, v: number | null | undefined, digits?: number): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  const d = digits ?? (Math.abs(v) < 10 ? 2 : Math.abs(v) < 1000 ? 1 : 0);
  return nf(lang, d).format(v);
}

/** Very large counts (FLOPs, tokens) in scientific notation, e.g. 6.0 × 10^19. */
export function sci(lang: string, v: number): string {
  if (!Number.isFinite(v)) return "—";
  if (Math.abs(v) < 1e6) return num(lang, v);
  const e = Math.floor(Math.log10(Math.abs(v)));
  return `${num(lang, v / 10 ** e, 2)} × 10^${e}`;
}

export const gb = (lang: string, bytes: number): string =>
  `${num(lang, bytes / BYTES_PER_GB, 1)} GB`;
export const gib = (lang: string, bytes: number): string =>
  `${num(lang, bytes / BYTES_PER_GIB, 1)} GiB`;
export const mib = (lang: string, bytes: number): string =>
  `${num(lang, bytes / BYTES_PER_MIB, 0)} MiB`;
export const pct = (lang: string, fraction: number): string => `${num(lang, fraction * 100, 0)}%`;
/** Parameter counts as the model cards write them: 8.03 B, 41.9 M. */
export const billions = (lang: string, n: number): string => `${num(lang, n / 1e9, 2)} B`;
export const millions = (lang: string, n: number): string => `${num(lang, n / 1e6, 1)} M`;

/** A translated string with `{name}` placeholders filled; the key itself if missing. */
export function tr(
  t: Strings,
  key: string,
  params?: Readonly<Record<string, string | number>>,
): string {
  const s = t[key] ?? key;
  return params
    ? s.replace(/\{(\w+)\}/g, (w, k: string) => (k in params ? String(params[k]) : w))
    : s;
}
