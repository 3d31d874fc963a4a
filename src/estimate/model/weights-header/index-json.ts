/**
 * A pasted `model.safetensors.index.json` (written by transformers' `save_pretrained` for
 * sharded checkpoints): `metadata.total_size` is the exact byte count of every tensor in
 * every shard, and `weight_map` names each tensor and the shard holding it. It gives no
 * dtypes or shapes, so only what the names show is inferred: layers, experts, a separate
 * output head, and whether quantization tensors (scales, packed weights) are present.
 */
import type { HeaderError } from "./byte-source.ts";

export interface SafetensorsIndex {
  totalBytes: number;
  tensorNames: string[];
  shards: number;
  /** One more than the largest `layers.N.` / `h.N.` / `blocks.N.` index, if any. */
  layers?: number;
  /** One more than the largest `experts.N.` index, if any. */
  experts?: number;
  /** False when an `lm_head.weight` is listed (the head is stored apart from the embeddings). */
  tiedEmbeddings: boolean;
  /** Names that only quantized checkpoints hold (FP8 scales, GPTQ/AWQ packs, bitsandbytes). */
  quantized: boolean;
}

export type IndexResult = { ok: true; index: SafetensorsIndex } | { ok: false; error: HeaderError };

/**
 * Tensor-name endings of quantized checkpoints: FP8 block scales (DeepSeek-V3
 * `weight_scale_inv`, compressed-tensors `weight_scale`), GPTQ/AWQ (`qweight`, `qzeros`,
 * `scales`, `g_idx`), bitsandbytes (`absmax`, `quant_map`, `quant_state`).
 */
const QUANT_SUFFIXES = [
  "weight_scale_inv",
  "weight_scale",
  "input_scale",
  "qweight",
  "qzeros",
  "scales",
  "g_idx",
  "absmax",
  "quant_map",
  "quant_state.bitsandbytes__nf4",
  "quant_state.bitsandbytes__fp4",
];

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function maxIndex(names: readonly string[], re: RegExp): number | undefined {
  let max = -1;
  for (const n of names) {
    const m = re.exec(n);
    if (m?.[1] !== undefined) max = Math.max(max, Number(m[1]));
  }
  return max >= 0 ? max + 1 : undefined;
}

export function readSafetensorsIndex(text: string): IndexResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: "not-index" } };
  }
  if (!isRecord(json) || !isRecord(json["metadata"]) || !isRecord(json["weight_map"]))
    return { ok: false, error: { code: "not-index" } };
  const total = json["metadata"]["total_size"];
  const map = json["weight_map"];
  const names = Object.keys(map);
  if (typeof total !== "number" || !Number.isSafeInteger(total) || total <= 0)
    return { ok: false, error: { code: "not-index" } };
  if (names.length === 0) return { ok: false, error: { code: "no-tensors" } };
  const index: SafetensorsIndex = {
    totalBytes: total,
    tensorNames: names,
    shards: new Set(Object.values(map).map(String)).size,
    tiedEmbeddings: !names.some((n) => n === "lm_head.weight" || n.endsWith(".lm_head.weight")),
    quantized: names.some((n) => QUANT_SUFFIXES.some((s) => n.endsWith(`.${s}`))),
  };
  const layers = maxIndex(names, /\.(?:layers|h|blocks)\.(\d+)\./);
  if (layers !== undefined) index.layers = layers;
  const experts = maxIndex(names, /\.experts\.(\d+)\./);
  if (experts !== undefined) index.experts = experts;
  return { ok: true, index };
}
