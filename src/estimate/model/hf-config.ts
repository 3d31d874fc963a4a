/**
 * Reads a pasted Hugging Face `config.json` (no network) into a `ModelArch`. Field names
 * per model family follow the transformers configuration classes. Every number is held to
 * the ranges of `model/arch-fields.ts`, the same a typed architecture must meet.
 */
import type { ModelArch } from "./model.ts";
import { ARCH_FIELDS } from "./arch-fields.ts";
import type { Fields, NumberField } from "../request/field.ts";
import { int } from "../request/field.ts";
import type { Issue } from "../request/issue.ts";
import { issue } from "../request/issue.ts";
import { nearestName } from "../request/nearest.ts";
import { own } from "../request/own.ts";

export type HfConfigResult =
  | { ok: true; model: ModelArch; family: string }
  /** `issue.field` is the config.json key at fault (or `""` for the whole file). */
  | { ok: false; issue: Issue };

/** Shapes only a config.json carries: MLA ranks, dense leading layers of an MoE, positions. */
export const CONFIG_ONLY_FIELDS = {
  kvLoraRank: int("count", 1, 65536),
  qLoraRank: int("count", 1, 65536),
  qkRopeHeadDim: int("count", 1, 4096),
  qkNopeHeadDim: int("count", 1, 4096),
  vHeadDim: int("count", 1, 4096),
  denseLayers: int("count", 0, 1000),
  positionEmbeddings: int("tokens", 1, 10_000_000),
  typeVocab: int("count", 1, 1024),
} as const satisfies Fields;

type ArchKey = keyof typeof ARCH_FIELDS | keyof typeof CONFIG_ONLY_FIELDS;

type Json = Record<string, unknown>;

class ConfigIssue extends Error {
  issue: Issue;
  constructor(i: Issue) {
    super(i.code);
    this.issue = i;
  }
}

const RANGES: Record<ArchKey, NumberField> = {
  ...ARCH_FIELDS,
  ...CONFIG_ONLY_FIELDS,
} as unknown as Record<ArchKey, NumberField>;

/** The first of `keys` the config holds, checked against the range of `field`; else undefined. */
function num(c: Json, field: ArchKey, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const v = own(c, key);
    if (v === undefined || v === null) continue;
    const range = RANGES[field];
    if (typeof v !== "number" || !Number.isFinite(v) || (range.int && !Number.isInteger(v)))
      throw new ConfigIssue(issue(key, "hf-missing", { key }));
    if (v < range.min || v > range.max)
      throw new ConfigIssue(
        issue(key, "hf-out-of-range", { key, value: v, min: range.min, max: range.max }),
      );
    // A zero where a size belongs means "not used" in some configs (q_lora_rank: 0).
    return v === 0 && range.min > 0 ? undefined : v;
  }
  return undefined;
}

function req(c: Json, field: ArchKey, ...keys: string[]): number {
  const v = num(c, field, ...keys);
  const key = keys[0] ?? field;
  if (v === undefined) throw new ConfigIssue(issue(key, "hf-missing", { key }));
  return v;
}

const GATED = new Set([
  "llama",
  "mistral",
  "mixtral",
  "qwen2",
  "qwen2_moe",
  "qwen3",
  "qwen3_moe",
  "gemma",
  "gemma2",
  "gemma3_text",
  "gemma3",
  "deepseek_v2",
  "deepseek_v3",
  "glm",
  "glm4",
  "glm4_moe",
  "chatglm",
  "phi3",
]);

/** Every `model_type` this reader knows the blocks of; any other is refused, never guessed. */
export const KNOWN_MODEL_TYPES: readonly string[] = [...GATED, "gpt2", "bert", "roberta"];

/**
 * A config.json whose `model_type` is missing or not one of `KNOWN_MODEL_TYPES`: its MLP
 * (gated or plain), norms and biases cannot be told from the sizes alone (OLMo 2 read as a
 * plain MLP is 25% short), so it is refused with the nearest known type, if any.
 */
function unknownType(given: unknown): Issue {
  const known = KNOWN_MODEL_TYPES.join(", ");
  if (typeof given !== "string") return issue("model_type", "hf-no-model-type", { known });
  const nearest = nearestName(given, KNOWN_MODEL_TYPES);
  return issue("model_type", "hf-model-type", {
    type: given,
    known,
    ...(nearest ? { nearest } : {}),
  });
}

/**
 * What GPT-2 and BERT blocks are, which their config.json does not spell out: a GELU MLP,
 * LayerNorm, biases on every linear, the head tied to the embeddings, dropout on.
 */
export const GPT2_BERT_BLOCK = {
  mlp: "plain",
  norm: "layer",
  bias: "all",
  tiedEmbeddings: true,
  dropout: true,
} as const satisfies Partial<ModelArch>;

/** transformers' default `sliding_window_pattern` when a config leaves it out. */
const DEFAULT_SLIDING_PATTERN: Readonly<Record<string, number>> = {
  // Gemma2Config: even layers local (modeling_gemma2.py, `not bool(layer_idx % 2)`).
  gemma2: 2,
  // Gemma3TextConfig: sliding_window_pattern 6 (configuration_gemma3.py).
  gemma3_text: 6,
  gemma3: 6,
};

/**
 * Which layers use a sliding window, from `layer_types` (newer transformers), else
 * `sliding_window_pattern` (every pattern-th layer global), else Qwen2's
 * `use_sliding_window`/`max_window_layers` (layers from that index slide), else all layers.
 * Qwen2 and Qwen3 configs carry a `sliding_window` they do not use (`use_sliding_window:
 * false`), and Mistral Nemo a null one.
 */
function slidingWindowOf(
  c: Json,
  type: string,
  layers: number,
): Pick<ModelArch, "slidingWindow" | "slidingLayers"> {
  if (own(c, "use_sliding_window") === false) return {};
  const window = num(c, "slidingWindow", "sliding_window");
  if (window === undefined) return {};
  const types = own(c, "layer_types");
  if (Array.isArray(types) && types.length === layers)
    return {
      slidingWindow: window,
      slidingLayers: types.filter((t) => t === "sliding_attention").length,
    };
  const pattern = num(c, "layers", "sliding_window_pattern") ?? own(DEFAULT_SLIDING_PATTERN, type);
  if (pattern !== undefined)
    return { slidingWindow: window, slidingLayers: layers - Math.floor(layers / pattern) };
  const fullBelow =
    own(c, "use_sliding_window") === true
      ? num(c, "slidingLayers", "max_window_layers")
      : undefined;
  if (fullBelow !== undefined)
    return { slidingWindow: window, slidingLayers: Math.max(0, layers - fullBelow) };
  return { slidingWindow: window };
}

/**
 * Nesting no config.json needs (the deepest transformers writes, a quantization_config's
 * config_groups.group_0.weights, is 4 levels down). A deeper one is refused: the request
 * keeps the pasted config as given, and copying or printing it (the page's "Show the
 * request") recurses once per level.
 */
const MAX_CONFIG_DEPTH = 32;

/** Whether a JSON value nests objects or arrays deeper than `max`, walked without recursion. */
function deeperThan(value: unknown, max: number): boolean {
  const todo: [unknown, number][] = [[value, 0]];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const [v, depth] = next;
    if (typeof v !== "object" || v === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? (v as unknown[]) : Object.values(v))
      todo.push([child, depth + 1]);
  }
  return false;
}

export function parseHfConfig(input: unknown): HfConfigResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, issue: issue("", "hf-not-object") };
  }
  if (deeperThan(input, MAX_CONFIG_DEPTH))
    return { ok: false, issue: issue("", "hf-too-deep", { max: MAX_CONFIG_DEPTH }) };
  const outer = input as Json;
  // Multimodal checkpoints (Gemma 3 4B-27B, Mistral Small 3.1) nest the language model's
  // shape in `text_config`; the vision tower is not sized here.
  const nested = own(outer, "text_config");
  const c =
    own(outer, "num_hidden_layers") === undefined &&
    typeof nested === "object" &&
    nested !== null &&
    !Array.isArray(nested)
      ? ({ model_type: own(outer, "model_type"), ...nested } as Json)
      : outer;
  const given = own(c, "model_type");
  // Sizes are read (and refused when out of range) before the type is judged.
  const type = typeof given === "string" ? given : "";
  try {
    if (type === "gpt2") {
      const hidden = req(c, "hidden", "n_embd");
      return {
        ok: true,
        family: type,
        model: {
          layers: req(c, "layers", "n_layer"),
          hidden,
          heads: req(c, "heads", "n_head"),
          ffn: num(c, "ffn", "n_inner") ?? 4 * hidden,
          vocab: req(c, "vocab", "vocab_size"),
          positionEmbeddings: num(c, "positionEmbeddings", "n_positions") ?? 1024,
          ...GPT2_BERT_BLOCK,
        },
      };
    }
    if (type === "bert" || type === "roberta") {
      return {
        ok: true,
        family: type,
        model: {
          layers: req(c, "layers", "num_hidden_layers"),
          hidden: req(c, "hidden", "hidden_size"),
          heads: req(c, "heads", "num_attention_heads"),
          ffn: req(c, "ffn", "intermediate_size"),
          vocab: req(c, "vocab", "vocab_size"),
          positionEmbeddings: num(c, "positionEmbeddings", "max_position_embeddings") ?? 512,
          typeVocab: num(c, "typeVocab", "type_vocab_size") ?? 2,
          ...GPT2_BERT_BLOCK,
          pooler: true,
        },
      };
    }
    if (type === "chatglm") {
      // GLM-4 (THUDM/glm-4-9b): multi_query_group_num KV groups of kv_channels each.
      const m: ModelArch = {
        layers: req(c, "layers", "num_layers"),
        hidden: req(c, "hidden", "hidden_size"),
        heads: req(c, "heads", "num_attention_heads"),
        kvHeads:
          own(c, "multi_query_attention") === false
            ? req(c, "heads", "num_attention_heads")
            : req(c, "kvHeads", "multi_query_group_num"),
        ffn: req(c, "ffn", "ffn_hidden_size"),
        vocab: req(c, "vocab", "padded_vocab_size", "vocab_size"),
        mlp: "gated",
        norm: "rms",
        bias: own(c, "add_qkv_bias") === true ? "qkv" : "none",
        tiedEmbeddings: false,
      };
      const kvChannels = num(c, "headDim", "kv_channels");
      if (kvChannels !== undefined) m.headDim = kvChannels;
      // Each of the multi_query_group_num K/V groups serves heads / groups query heads
      // (modeling_chatglm.py repeats each group that many times).
      const groups = m.kvHeads ?? m.heads;
      if (groups > m.heads || m.heads % groups !== 0)
        return {
          ok: false,
          issue: issue("multi_query_group_num", "kv-heads-divide", { heads: m.heads }),
        };
      return { ok: true, family: type, model: m };
    }
    const hidden = req(c, "hidden", "hidden_size");
    const heads = req(c, "heads", "num_attention_heads");
    const m: ModelArch = {
      layers: req(c, "layers", "num_hidden_layers"),
      hidden,
      heads,
      kvHeads: num(c, "kvHeads", "num_key_value_heads") ?? heads,
      ffn: req(c, "ffn", "intermediate_size"),
      vocab: req(c, "vocab", "vocab_size"),
      // Every type that reaches here and is kept is in GATED (checked below).
      mlp: "gated",
      norm: "rms",
      bias: type.startsWith("qwen2") || own(c, "attention_bias") === true ? "qkv" : "none",
      tiedEmbeddings:
        own(c, "tie_word_embeddings") === true ||
        (own(c, "tie_word_embeddings") === undefined && type.startsWith("gemma")),
    };
    const headDim = num(c, "headDim", "head_dim");
    if (headDim !== undefined) m.headDim = headDim;
    const experts = num(c, "experts", "n_routed_experts", "num_local_experts", "num_experts");
    if (experts !== undefined && experts > 1) {
      const shared =
        num(c, "sharedExperts", "n_shared_experts") ??
        (num(c, "expertFfn", "shared_expert_intermediate_size") ? 1 : 0);
      m.moe = {
        experts,
        activeExperts: req(c, "activeExperts", "num_experts_per_tok"),
        sharedExperts: shared,
        expertFfn: num(c, "expertFfn", "moe_intermediate_size") ?? m.ffn,
        denseLayers: num(c, "denseLayers", "first_k_dense_replace") ?? 0,
      };
    }
    const kvLoraRank = num(c, "kvLoraRank", "kv_lora_rank");
    if (kvLoraRank !== undefined) {
      m.mla = {
        kvLoraRank,
        qkRopeHeadDim: req(c, "qkRopeHeadDim", "qk_rope_head_dim"),
        qkNopeHeadDim: req(c, "qkNopeHeadDim", "qk_nope_head_dim"),
        vHeadDim: req(c, "vHeadDim", "v_head_dim"),
      };
      const qLoraRank = num(c, "qLoraRank", "q_lora_rank");
      if (qLoraRank !== undefined) m.mla.qLoraRank = qLoraRank;
    }
    Object.assign(m, slidingWindowOf(c, type, m.layers));
    if (!GATED.has(type)) return { ok: false, issue: unknownType(given) };
    const kv = m.kvHeads ?? m.heads;
    if (kv > m.heads || m.heads % kv !== 0)
      return {
        ok: false,
        issue: issue("num_key_value_heads", "kv-heads-divide", { heads: m.heads }),
      };
    if (m.moe && m.moe.activeExperts > m.moe.experts)
      return {
        ok: false,
        issue: issue("num_experts_per_tok", "active-experts", { experts: m.moe.experts }),
      };
    return { ok: true, family: type, model: m };
  } catch (e) {
    if (e instanceof ConfigIssue) return { ok: false, issue: e.issue };
    throw e;
  }
}
