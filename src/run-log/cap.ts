/**
 * Lists cut to what a page can show: the first `limit` items of each kind, in their order,
 * and how many of each kind were left out. A day-long log can hold tens of thousands of
 * GPUs, findings or notes; the page lists a few of each and says how many more there are.
 */
export interface LeftOut<K extends string> {
  kind: K;
  count: number;
}

export interface Capped<T, K extends string> {
  shown: T[];
  /** Kinds with items left out, in the order each kind first appears. */
  leftOut: LeftOut<K>[];
}

export function capByKind<T, K extends string>(
  items: readonly T[],
  kindOf: (item: T) => K,
  limit: number,
): Capped<T, K> {
  const seen = new Map<K, number>();
  const shown: T[] = [];
  for (const item of items) {
    const kind = kindOf(item);
    const n = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, n);
    if (n <= limit) shown.push(item);
  }
  const leftOut: LeftOut<K>[] = [];
  for (const [kind, n] of seen) if (n > limit) leftOut.push({ kind, count: n - limit });
  return { shown, leftOut };
}
