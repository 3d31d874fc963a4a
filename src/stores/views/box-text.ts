/** How a number box writes a value it is given (a view decides it), as opposed to one the user types. */

/**
 * Decimals a box shows of a value it is given (a plan row's hours on the cost page, a
 * link's figure): three, or four significant digits below 1, so 0.0005382690133333333 h
 * reads 0.0005383. The store keeps the exact figure the estimate used until the user types;
 * what they type stays as typed.
 */
const BOX_DECIMALS = 3;
const BOX_SIGNIFICANT_BELOW_ONE = 4;

export function boxText(v: number): string {
  if (!Number.isFinite(v)) return "";
  const rounded =
    Math.abs(v) >= 1
      ? Math.round(v * 10 ** BOX_DECIMALS) / 10 ** BOX_DECIMALS
      : Number(v.toPrecision(BOX_SIGNIFICANT_BELOW_ONE));
  return String(rounded);
}
