/**
 * A capped list as lines: each kind's "…and M more" line right after its last item shown.
 */
import type { LeftOut } from "../../../run-log/cap.ts";

export type Line<T, K> = { item: T } | { more: K; count: number };

export function withLeftOut<T, K extends string>(
  items: readonly T[],
  kindOf: (item: T) => K,
  leftOut: readonly LeftOut<K>[],
): Line<T, K>[] {
  const lastOf = new Map<K, number>();
  items.forEach((item, i) => lastOf.set(kindOf(item), i));
  const out: Line<T, K>[] = [];
  items.forEach((item, i) => {
    out.push({ item });
    const kind = kindOf(item);
    const left = lastOf.get(kind) === i ? leftOut.find((l) => l.kind === kind) : undefined;
    if (left) out.push({ more: kind, count: left.count });
  });
  return out;
}
