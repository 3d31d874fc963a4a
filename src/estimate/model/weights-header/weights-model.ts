/**
 * What the estimators take from a weights header: a model source the core already accepts
 * (the file's architecture when its metadata gives one, else its exact parameter count),
 * the exact weight bytes, and the bits per weight that reproduce those bytes. The model
 * stays one value: the architecture or count goes where a typed one would, the bits to the
 * serving settings (with no scale bits: the bytes already include every scale).
 */
import { paramCounts } from "../model.ts";
import { checkModel } from "../source.ts";
import type { ResolvedModelValue } from "../value.ts";
import type { HeaderError } from "./byte-source.ts";
import type { GgufHeader, GgufValue } from "./gguf.ts";
import type { SafetensorsIndex } from "./index-json.ts";
import { ARCH_MATCH_TOLERANCE, fileLabel } from "./label.ts";
import type { SafetensorsTensor } from "./safetensors.ts";

/** Something the page should say about a reading, beside its figures. */
export type ReadingNote =
  | { code: "arch-from-metadata"; family: string }
  | { code: "arch-not-recognised"; family: string }
  | { code: "shape-needs-config" }
  | { code: "assumed-16-bit" }
  | { code: "shards-missing"; have: number; of: number };

export interface WeightsReading {
  format: "gguf" | "safetensors" | "index";
  /** What to call the model, e.g. "model-Q4_K_M.gguf (llama, 8.03 B)". */
  label: string;
  /** The request's `model`: architecture fields, or `{ params }`. */
  model: Record<string, unknown>;
  /** Parameters in the file's tensors (an index: its bytes at 2 bytes a weight). */
  params: number;
  weightBytes: number;
  /** 8 x bytes / params: the file's own average, scales included. */
  bitsPerWeight: number;
  /** The bits per weight at which the estimate's model holds exactly `weightBytes`. */
  weightBits: number;
  /** Parameters and bytes by tensor type (GGUF quantization, safetensors dtype), largest first. */
  types: { name: string; params: number; bytes: number }[];
  notes: ReadingNote[];
  /** The context the model was trained for (GGUF `<arch>.context_length`). */
  contextTokens?: number;
}

export type ReadingResult =
  { ok: true; reading: WeightsReading } | { ok: false; error: HeaderError };

/** An index gives bytes, not dtypes: checkpoints are saved in bf16/fp16 unless quantized. */
const ASSUMED_INDEX_BYTES_PER_WEIGHT = 2;
/** Serving settings take 1 to 32 bits per weight (serving-fields.ts). */
const MIN_BITS = 1;
const MAX_BITS = 32;

const resolve = (source: Record<string, unknown>): ResolvedModelValue | undefined => {
  const r = checkModel(source, "model", []);
  return r.issues.length === 0 ? (r.keep as ResolvedModelValue) : undefined;
};

function byType(items: readonly { type: string; params: number; bytes: number }[]) {
  const m = new Map<string, { name: string; params: number; bytes: number }>();
  for (const t of items) {
    const e = m.get(t.type) ?? { name: t.type, params: 0, bytes: 0 };
    e.params += t.params;
    e.bytes += t.bytes;
    m.set(t.type, e);
  }
  return [...m.values()].sort((a, b) => b.bytes - a.bytes);
}

function finish(
  base: Omit<WeightsReading, "label" | "weightBits" | "bitsPerWeight" | "model"> & {
    name: string;
    family: string;
  },
  arch: Record<string, unknown> | undefined,
): ReadingResult {
  const { name, family, ...rest } = base;
  const notes = [...rest.notes];
  let model: Record<string, unknown> = { params: rest.params };
  let spec = resolve(model)?.spec;
  if (arch) {
    const fromArch = resolve(arch)?.spec;
    const total = fromArch ? paramCounts(fromArch).total : 0;
    if (fromArch && Math.abs(total / rest.params - 1) <= ARCH_MATCH_TOLERANCE) {
      model = arch;
      spec = fromArch;
      notes.push({ code: "arch-from-metadata", family });
    } else notes.push({ code: "arch-not-recognised", family });
  }
  // Outside the parameter range every request is held to (arch-fields.ts PARAMS_FIELDS).
  if (!spec) return { ok: false, error: { code: "out-of-range", params: { params: rest.params } } };
  const bits = (8 * rest.weightBytes) / paramCounts(spec).total;
  return {
    ok: true,
    reading: {
      ...rest,
      notes,
      label: fileLabel(name, family, rest.params),
      model,
      bitsPerWeight: (8 * rest.weightBytes) / rest.params,
      weightBits: Math.min(MAX_BITS, Math.max(MIN_BITS, bits)),
    },
  };
}

/** A metadata number; a per-layer array counts only when every layer has the same value. */
function metaNumber(meta: Map<string, GgufValue>, key: string): number | undefined {
  const v = meta.get(key);
  if (typeof v === "number") return v;
  if (typeof v === "object" && "values" in v && v.values?.length) {
    const first = v.values[0];
    return typeof first === "number" && v.values.every((x) => x === first) ? first : undefined;
  }
  return undefined;
}

/**
 * transformers' interleaving where a GGUF gives a window but no per-layer pattern:
 * Gemma 2 every other layer, Gemma 3 five in six (configuration_gemma2/3.py), gpt-oss
 * every other layer (configuration_gpt_oss.py `layer_types`).
 */
const GGUF_SLIDING_PATTERN: Readonly<Record<string, number>> = {
  gemma2: 2,
  gemma3: 6,
  "gpt-oss": 2,
};

function slidingOf(meta: Map<string, GgufValue>, arch: string, layers: number) {
  const window = metaNumber(meta, `${arch}.attention.sliding_window`);
  if (!window) return {};
  const pattern = meta.get(`${arch}.attention.sliding_window_pattern`);
  if (typeof pattern === "object" && "values" in pattern && pattern.values?.length === layers)
    return {
      slidingWindow: window,
      slidingLayers: pattern.values.filter((x) => x === true).length,
    };
  const every = GGUF_SLIDING_PATTERN[arch];
  return every
    ? { slidingWindow: window, slidingLayers: layers - Math.floor(layers / every) }
    : { slidingWindow: window };
}

/**
 * The architecture keys of gguf.md "LLM" section (`<arch>.block_count`, ...), tensor names
 * of llama.cpp's converter (`token_embd`, `output`, `blk.N.ffn_gate`), as architecture fields.
 */
function ggufArch(h: GgufHeader): { family: string; arch?: Record<string, unknown> } {
  const meta = h.metadata;
  const family = meta.get("general.architecture");
  if (typeof family !== "string") return { family: "gguf" };
  const k = (key: string) => metaNumber(meta, `${family}.${key}`);
  const layers = k("block_count");
  const hidden = k("embedding_length");
  const heads = k("attention.head_count");
  const experts = k("expert_count");
  const expertFfn = k("expert_feed_forward_length");
  const ffn = k("feed_forward_length") ?? expertFfn;
  const names = new Set(h.tensors.map((t) => t.name));
  const tokens = meta.get("tokenizer.ggml.tokens");
  const embd = h.tensors.find((t) => t.name === "token_embd.weight");
  // The embedding's rows are what the weights hold (Gemma 3 4B-27B add 64 image-token
  // rows to the tokenizer's 262,144); the token list or `vocab_size` when it is absent.
  const vocab =
    embd?.dims[1] ??
    (typeof tokens === "object" && "length" in tokens ? tokens.length : undefined) ??
    k("vocab_size");
  if (!layers || !hidden || !heads || !ffn || !vocab) return { family };
  const arch: Record<string, unknown> = {
    layers,
    hidden,
    heads,
    ffn,
    vocab,
    tiedEmbeddings: !names.has("output.weight"),
    mlp:
      names.has("blk.0.ffn_gate.weight") || names.has("blk.0.ffn_gate_exps.weight")
        ? "gated"
        : "plain",
    ...slidingOf(meta, family, layers),
  };
  const kvHeads = k("attention.head_count_kv");
  if (kvHeads) arch["kvHeads"] = kvHeads;
  const headDim = k("attention.key_length");
  if (headDim) arch["headDim"] = headDim;
  if (experts && experts > 1) {
    arch["experts"] = experts;
    arch["activeExperts"] = k("expert_used_count") ?? 1;
    arch["sharedExperts"] = k("expert_shared_count") ?? 0;
    if (expertFfn) arch["expertFfn"] = expertFfn;
  }
  return { family, arch };
}

const sum = (xs: readonly { params: number; bytes: number }[]) => ({
  params: xs.reduce((a, t) => a + t.params, 0),
  bytes: xs.reduce((a, t) => a + t.bytes, 0),
});

/** "model-00001-of-00004.safetensors" → 4: how many shards the file name says there are. */
function shardsNamed(name: string): number | undefined {
  const m = /-(\d{5})-of-(\d{5})\./.exec(name);
  return m ? Number(m[2]) : undefined;
}

const shardNote = (have: number, of: number | undefined): ReadingNote[] =>
  of !== undefined && of > have ? [{ code: "shards-missing", have, of }] : [];

const labelName = (names: readonly string[]): string =>
  names.length > 1 ? `${names[0]} +${names.length - 1}` : (names[0] ?? "");

/** One or more GGUF files (split files sum; the architecture comes from the first split). */
export function fromGguf(names: readonly string[], headers: readonly GgufHeader[]): ReadingResult {
  const first = headers.find((h) => h.metadata.has("general.architecture")) ?? headers[0];
  const tensors = headers.flatMap((h) => h.tensors);
  if (!first || tensors.length === 0) return { ok: false, error: { code: "no-tensors" } };
  const { family, arch } = ggufArch(first);
  const context = metaNumber(first.metadata, `${family}.context_length`);
  const total = sum(tensors);
  return finish(
    {
      name: labelName(names),
      family,
      format: "gguf",
      params: total.params,
      weightBytes: total.bytes,
      types: byType(tensors),
      notes: shardNote(headers.length, metaNumber(first.metadata, "split.count")),
      ...(context ? { contextTokens: context } : {}),
    },
    arch,
  );
}

/**
 * One or more safetensors shards: exact parameters and bytes per dtype. The header holds no
 * architecture (names and shapes, not head counts), so the model is its parameter count;
 * pasting config.json gives the shape.
 */
export function fromSafetensors(
  names: readonly string[],
  tensorLists: readonly (readonly SafetensorsTensor[])[],
): ReadingResult {
  const tensors = tensorLists.flat().map((t) => ({ ...t, type: t.dtype }));
  if (tensors.length === 0) return { ok: false, error: { code: "no-tensors" } };
  const types = byType(tensors);
  const total = sum(tensors);
  return finish(
    {
      name: labelName(names),
      family: types[0]?.name ?? "safetensors",
      format: "safetensors",
      params: total.params,
      weightBytes: total.bytes,
      types,
      notes: [
        ...shardNote(names.length, shardsNamed(names[0] ?? "")),
        { code: "shape-needs-config" },
      ],
    },
    undefined,
  );
}

/**
 * A pasted index: exact bytes; the parameter count assumes 16-bit weights, which a
 * quantized checkpoint's tensor names rule out (then its shards must be read instead).
 */
export function fromIndex(index: SafetensorsIndex): ReadingResult {
  if (index.quantized) return { ok: false, error: { code: "index-quantized" } };
  const params = index.totalBytes / ASSUMED_INDEX_BYTES_PER_WEIGHT;
  return finish(
    {
      name: "model.safetensors.index.json",
      family: "16-bit",
      format: "index",
      params,
      weightBytes: index.totalBytes,
      types: [{ name: "16-bit", params, bytes: index.totalBytes }],
      notes: [{ code: "assumed-16-bit" }, { code: "shape-needs-config" }],
    },
    undefined,
  );
}
