/**
 * The ranges a model's shape must lie in, whether it is typed as an architecture, read from
 * a pasted config.json or given as a parameter count: one table, so a config.json with
 * `hidden_size: 1e12` is refused exactly as a typed hidden size of 1e12 is. The bounds hold
 * every public model with room to spare (widest hidden size 25,600 for the 1T GPT of
 * Narayanan et al. 2021; largest vocabulary 262,208 for Gemma 3) and keep every estimate
 * finite.
 */
import type { Fields } from "../request/field.ts";
import { bool, int, num, oneOf } from "../request/field.ts";
import type { Issue } from "../request/issue.ts";
import { at, issue } from "../request/issue.ts";

export const ARCH_FIELDS = {
  layers: int("count", 1, 1000, { required: true }),
  hidden: int("count", 1, 131072, { required: true }),
  heads: int("count", 1, 4096, { required: true }),
  kvHeads: int("count", 1, 4096),
  headDim: int("count", 1, 4096),
  ffn: int("count", 1, 1048576, { required: true }),
  vocab: int("tokens", 1, 4194304, { required: true }),
  tiedEmbeddings: bool(),
  mlp: oneOf(["gated", "plain"]),
  experts: int("count", 1, 4096),
  activeExperts: int("count", 1, 4096),
  sharedExperts: int("count", 0, 64),
  expertFfn: int("count", 1, 1048576),
  /** Tokens a sliding-window layer attends to; `slidingLayers` of them (all when absent). */
  slidingWindow: int("tokens", 1, 10_000_000),
  slidingLayers: int("count", 0, 1000),
} as const satisfies Fields;

export const PARAMS_FIELDS = {
  params: num("params", 1e6, 1e14, { required: true, suffixes: true }),
  activeParams: num("params", 1e6, 1e14, { suffixes: true }),
} as const satisfies Fields;

/** Cross-field rules of a shape, with the path of the field each names. */
export function shapeRules(
  m: {
    heads?: number | undefined;
    kvHeads?: number | undefined;
    experts?: number | undefined;
    activeExperts?: number | undefined;
    layers?: number | undefined;
    slidingLayers?: number | undefined;
  },
  path: string,
): Issue[] {
  const out: Issue[] = [];
  // Grouped-query attention shares each K/V head among heads / kvHeads query heads.
  if (
    m.kvHeads !== undefined &&
    m.heads !== undefined &&
    (m.kvHeads > m.heads || m.heads % m.kvHeads !== 0)
  )
    out.push(issue(at(path, "kvHeads"), "kv-heads-divide", { heads: m.heads }));
  if (m.activeExperts !== undefined && m.activeExperts > (m.experts ?? 1))
    out.push(issue(at(path, "activeExperts"), "active-experts", { experts: m.experts ?? 1 }));
  if (m.slidingLayers !== undefined && m.layers !== undefined && m.slidingLayers > m.layers)
    out.push(issue(at(path, "slidingLayers"), "sliding-layers", { layers: m.layers }));
  return out;
}
