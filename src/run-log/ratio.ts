/**
 * Division for measured data, where zeros are real (an idle GPU, an empty window): a zero or
 * non-finite denominator gives `fallback` instead of NaN or Infinity. The estimator has no
 * such helper: its inputs are range-checked, and a non-finite result is an error there.
 */
export function safeDiv(numerator: number, denominator: number, fallback = 0): number {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) {
    return fallback;
  }
  const q = numerator / denominator;
  return Number.isFinite(q) ? q : fallback;
}
