/**
 * Summary statistics of measured series. Loops, never `Math.max(...values)`: spreading 100k
 * values overflows the stack, and a log may hold tens of thousands of GPUs.
 */

/** Mean of the values; null for none. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  const m = s / values.length;
  return Number.isFinite(m) ? m : 0;
}

/** Largest value, 0 for none. */
export function maxOf(values: readonly number[]): number {
  let m = values.length > 0 ? (values[0] as number) : 0;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** Smallest value, 0 for none. */
export function minOf(values: readonly number[]): number {
  let m = values.length > 0 ? (values[0] as number) : 0;
  for (const v of values) if (v < m) m = v;
  return m;
}

/** The readings that exist (a column can be `[N/A]` on some samples). */
export function present(xs: readonly (number | null)[]): number[] {
  return xs.filter((x): x is number => x !== null);
}

/** A finite value, else `fallback`: measured data may divide by a zero-length window. */
export const finite = (x: number, fallback = 0): number => (Number.isFinite(x) ? x : fallback);
