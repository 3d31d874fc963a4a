/**
 * What a model read from weight files is called: the file's name, then its family and its
 * parameter count as model cards print them ("model-Q4_K_M.gguf (llama, 8.03 B)"). A label
 * that comes back from a link or stored state is shown only when its count is the model's
 * own: a link could otherwise call a 1 B model "Llama 3.1 70B".
 */

/** Parameter counts as model cards print them: 8.03 B, 494.0 M. */
const countText = (n: number): string =>
  n >= 1e9 ? `${(n / 1e9).toFixed(2)} B` : `${(n / 1e6).toFixed(1)} M`;

export const fileLabel = (name: string, family: string, params: number): string =>
  `${name} (${family}, ${countText(params)})`;

/**
 * How far an architecture read from a file's metadata may count from the file's tensors
 * and still be taken as the file's model; further off, it is one the core cannot express.
 */
export const ARCH_MATCH_TOLERANCE = 0.02;

/** Whether `label` is one the reader writes for a model of `params` parameters. */
export function labelFits(label: string, params: number): boolean {
  const m = /\(([^()]*), (\d+\.\d+) ([BM])\)$/.exec(label);
  if (!m) return false;
  const unit = m[3] === "B" ? 1e9 : 1e6;
  const printed = Number(m[2]) * unit;
  const rounding = (m[3] === "B" ? 0.005 : 0.05) * unit;
  // The label prints the tensors' count, which the model's may differ from by the margin.
  return Math.abs(printed - params) <= rounding + ARCH_MATCH_TOLERANCE * params;
}
