/**
 * `$model`: the model every calculator sizes, shared by all widgets on all pages. It keeps
 * the user's choice (preset, parameter count, architecture fields or a pasted config) and
 * the resolved `spec`, so widgets other than the picker never need the preset list.
 */
import type { ModelSpec } from "../estimate/model.ts";
import { bool, defaultsOf, int, num, oneOf, str } from "./fields.ts";
import type { ShapeOf } from "./fields.ts";
import { calcAtom, patch } from "./persist.ts";

export type ModelKind = "preset" | "params" | "arch" | "hf";

export interface ModelState {
  kind: ModelKind;
  preset: string;
  /** Display name of the resolved model. */
  name: string;
  params: number;
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  ffn: number;
  vocab: number;
  experts: number;
  activeExperts: number;
  tied: boolean;
  hfText: string;
  spec: ModelSpec;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
/** Every listed key is a finite number in (0, 1e7]; `optional` keys may be absent or 0. */
const sizes = (o: unknown, keys: string, optional = ""): boolean =>
  isObj(o) &&
  keys
    .split(" ")
    .every((k) => typeof o[k] === "number" && (o[k] as number) > 0 && (o[k] as number) <= 1e7) &&
  optional
    .split(" ")
    .every(
      (k) =>
        !k ||
        o[k] === undefined ||
        (typeof o[k] === "number" && (o[k] as number) >= 0 && (o[k] as number) <= 1e7),
    );
const within = (v: unknown, of: string): boolean =>
  v === undefined || of.split(" ").includes(v as string);

/** A stored or linked model spec is usable: positive, finite, bounded sizes only. */
export function isModelSpec(v: unknown): v is ModelSpec {
  if (!isObj(v)) return false;
  if ("params" in v) {
    const count = (x: unknown): boolean => typeof x === "number" && x > 0 && x <= 1e14;
    return count(v["params"]) && (v["activeParams"] === undefined || count(v["activeParams"]));
  }
  return (
    sizes(v, "layers hidden heads ffn vocab", "kvHeads headDim positionEmbeddings typeVocab") &&
    (v["moe"] === undefined ||
      sizes(v["moe"], "experts activeExperts expertFfn", "sharedExperts denseLayers")) &&
    (v["mla"] === undefined ||
      sizes(v["mla"], "kvLoraRank qkRopeHeadDim qkNopeHeadDim vHeadDim", "qLoraRank")) &&
    within(v["mlp"], "gated plain") &&
    within(v["norm"], "layer rms") &&
    within(v["bias"], "all qkv none")
  );
}

/** Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json); a unit test checks it equals the preset. */
export const DEFAULT_SPEC: ModelSpec = {
  layers: 32,
  hidden: 4096,
  heads: 32,
  kvHeads: 8,
  ffn: 14336,
  vocab: 128256,
  mlp: "gated",
  norm: "rms",
  bias: "none",
  tiedEmbeddings: false,
};

export const MODEL_SHAPE: ShapeOf<ModelState> = {
  kind: oneOf("preset", ["preset", "params", "arch", "hf"]),
  preset: str("llama-3.1-8b"),
  name: str("Llama 3.1 8B", 80),
  params: num(8e9, 1e6, 1e13),
  layers: int(32, 1, 1000),
  hidden: int(4096, 64, 65536),
  heads: int(32, 1, 1024),
  kvHeads: int(8, 1, 1024),
  ffn: int(14336, 64, 262144),
  vocab: int(128256, 2, 1e6),
  experts: int(1, 1, 1024),
  activeExperts: int(1, 1, 1024),
  tied: bool(false),
  hfText: str("", 20000),
  spec: { t: "custom", d: DEFAULT_SPEC, check: isModelSpec },
};
export const MODEL_DEFAULTS = defaultsOf<ModelState>(MODEL_SHAPE);

export const $model = calcAtom<ModelState>("m", MODEL_SHAPE);

export const setModel = (changes: Partial<ModelState>): void => patch($model, changes);
