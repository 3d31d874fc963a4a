/**
 * `$model`: the model every calculator sizes, shared by all widgets on all pages. It keeps
 * the user's choice (preset, parameter count, architecture fields or a pasted config) and
 * the resolved `spec`, so widgets other than the picker never need the preset list.
 */
import type { ModelSpec } from "../estimate/model.ts";
import { bool, num, oneOf } from "./fields.ts";
import type { Shape } from "./fields.ts";
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

const pos = (v: unknown, max: number): boolean => typeof v === "number" && Number.isFinite(v) && v > 0 && v <= max;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const allPos = (o: unknown, keys: readonly string[], optional: readonly string[]): boolean =>
  isObj(o) && keys.every((k) => pos(o[k], 1e7)) && optional.every((k) => o[k] === undefined || (typeof o[k] === "number" && Number.isFinite(o[k]) && (o[k] as number) >= 0 && (o[k] as number) <= 1e7));

/** A stored or linked model spec is usable: positive, finite, bounded sizes only. */
export function isModelSpec(v: unknown): v is ModelSpec {
  if (!isObj(v)) return false;
  if ("params" in v) return pos(v["params"], 1e14) && (v["activeParams"] === undefined || pos(v["activeParams"], 1e14));
  if (!allPos(v, ["layers", "hidden", "heads", "ffn", "vocab"], ["kvHeads", "headDim", "positionEmbeddings", "typeVocab"])) return false;
  if (v["moe"] !== undefined && !allPos(v["moe"], ["experts", "activeExperts", "expertFfn"], ["sharedExperts", "denseLayers"])) return false;
  if (v["mla"] !== undefined && !allPos(v["mla"], ["kvLoraRank", "qkRopeHeadDim", "qkNopeHeadDim", "vHeadDim"], ["qLoraRank"])) return false;
  const enums: [string, readonly string[]][] = [["mlp", ["gated", "plain"]], ["norm", ["layer", "rms"]], ["bias", ["all", "qkv", "none"]]];
  return enums.every(([k, of]) => v[k] === undefined || of.includes(v[k] as string));
}

/** Llama 3.1 8B (meta-llama/Llama-3.1-8B config.json); a unit test checks it equals the preset. */
export const DEFAULT_SPEC: ModelSpec = {
  layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffn: 14336, vocab: 128256,
  mlp: "gated", norm: "rms", bias: "none", tiedEmbeddings: false,
};

export const MODEL_DEFAULTS: ModelState = {
  kind: "preset", preset: "llama-3.1-8b", name: "Llama 3.1 8B", params: 8e9,
  layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffn: 14336, vocab: 128256, experts: 1, activeExperts: 1, tied: false,
  hfText: "", spec: DEFAULT_SPEC,
};

export const MODEL_SHAPE: Shape = {
  kind: oneOf(["preset", "params", "arch", "hf"]),
  preset: { t: "str", max: 64 },
  name: { t: "str", max: 80 },
  params: num(1e6, 1e13),
  layers: num(1, 1000, true),
  hidden: num(64, 65536, true),
  heads: num(1, 1024, true),
  kvHeads: num(1, 1024, true),
  ffn: num(64, 262144, true),
  vocab: num(2, 1e6, true),
  experts: num(1, 1024, true),
  activeExperts: num(1, 1024, true),
  tied: bool,
  hfText: { t: "str", max: 20000 },
  spec: { t: "custom", check: isModelSpec },
};

export const $model = calcAtom<ModelState>("m", MODEL_SHAPE, MODEL_DEFAULTS);

export const setModel = (changes: Partial<ModelState>): void => patch($model, changes);
