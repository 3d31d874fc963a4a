/**
 * Reads a pasted Hugging Face `config.json` (no network) into a `ModelArch`. Field names
 * per model family follow the transformers configuration classes.
 */
import type { ModelArch } from "./model.ts";

export type HfConfigResult =
  { ok: true; model: ModelArch; family: string } | { ok: false; field: string; message: string };

type Json = Record<string, unknown>;

function num(c: Json, ...keys: string[]): number | undefined {
  for (const k of keys) {
    const v = c[k];
    if (typeof v === "number" && Number.isFinite(v) && v > 0) return v;
  }
  return undefined;
}

class MissingField extends Error {
  field: string;
  constructor(field: string) {
    super(field);
    this.field = field;
  }
}

function req(c: Json, ...keys: string[]): number {
  const v = num(c, ...keys);
  if (v === undefined) throw new MissingField(keys[0] ?? "?");
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
  "deepseek_v2",
  "deepseek_v3",
  "glm",
  "glm4",
  "chatglm",
  "phi3",
]);

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

export function parseHfConfig(input: unknown): HfConfigResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, field: "config", message: "config.json must be a JSON object" };
  }
  const c = input as Json;
  const type = typeof c["model_type"] === "string" ? (c["model_type"] as string) : "llama";
  try {
    if (type === "gpt2") {
      const hidden = req(c, "n_embd");
      return {
        ok: true,
        family: type,
        model: {
          layers: req(c, "n_layer"),
          hidden,
          heads: req(c, "n_head"),
          ffn: num(c, "n_inner") ?? 4 * hidden,
          vocab: req(c, "vocab_size"),
          positionEmbeddings: num(c, "n_positions") ?? 1024,
          ...GPT2_BERT_BLOCK,
        },
      };
    }
    if (type === "bert" || type === "roberta") {
      return {
        ok: true,
        family: type,
        model: {
          layers: req(c, "num_hidden_layers"),
          hidden: req(c, "hidden_size"),
          heads: req(c, "num_attention_heads"),
          ffn: req(c, "intermediate_size"),
          vocab: req(c, "vocab_size"),
          positionEmbeddings: num(c, "max_position_embeddings") ?? 512,
          typeVocab: num(c, "type_vocab_size") ?? 2,
          ...GPT2_BERT_BLOCK,
          pooler: true,
        },
      };
    }
    if (type === "chatglm") {
      // GLM-4 (THUDM/glm-4-9b): multi_query_group_num KV groups of kv_channels each.
      const m: ModelArch = {
        layers: req(c, "num_layers"),
        hidden: req(c, "hidden_size"),
        heads: req(c, "num_attention_heads"),
        kvHeads:
          c["multi_query_attention"] === false
            ? req(c, "num_attention_heads")
            : req(c, "multi_query_group_num"),
        ffn: req(c, "ffn_hidden_size"),
        vocab: req(c, "padded_vocab_size", "vocab_size"),
        mlp: "gated",
        norm: "rms",
        bias: c["add_qkv_bias"] === true ? "qkv" : "none",
        tiedEmbeddings: false,
      };
      const kvChannels = num(c, "kv_channels");
      if (kvChannels !== undefined) m.headDim = kvChannels;
      return { ok: true, family: type, model: m };
    }
    const hidden = req(c, "hidden_size");
    const heads = req(c, "num_attention_heads");
    const m: ModelArch = {
      layers: req(c, "num_hidden_layers"),
      hidden,
      heads,
      kvHeads: num(c, "num_key_value_heads") ?? heads,
      ffn: req(c, "intermediate_size"),
      vocab: req(c, "vocab_size"),
      mlp: GATED.has(type) ? "gated" : "plain",
      norm: "rms",
      bias: type.startsWith("qwen2") || c["attention_bias"] === true ? "qkv" : "none",
      tiedEmbeddings:
        c["tie_word_embeddings"] === true ||
        (c["tie_word_embeddings"] === undefined && type.startsWith("gemma")),
    };
    const headDim = num(c, "head_dim");
    if (headDim !== undefined) m.headDim = headDim;
    const experts = num(c, "n_routed_experts", "num_local_experts", "num_experts");
    if (experts !== undefined && experts > 1) {
      const shared =
        num(c, "n_shared_experts") ?? (num(c, "shared_expert_intermediate_size") ? 1 : 0);
      m.moe = {
        experts,
        activeExperts: req(c, "num_experts_per_tok"),
        sharedExperts: shared,
        expertFfn: num(c, "moe_intermediate_size") ?? m.ffn,
        denseLayers: num(c, "first_k_dense_replace") ?? 0,
      };
    }
    const kvLoraRank = num(c, "kv_lora_rank");
    if (kvLoraRank !== undefined) {
      m.mla = {
        kvLoraRank,
        qkRopeHeadDim: req(c, "qk_rope_head_dim"),
        qkNopeHeadDim: req(c, "qk_nope_head_dim"),
        vHeadDim: req(c, "v_head_dim"),
      };
      const qLoraRank = num(c, "q_lora_rank");
      if (qLoraRank !== undefined) m.mla.qLoraRank = qLoraRank;
    }
    return { ok: true, family: type, model: m };
  } catch (e) {
    if (e instanceof MissingField) {
      return {
        ok: false,
        field: `config.${e.field}`,
        message: `config.json field "${e.field}" is missing or not a positive number`,
      };
    }
    throw e;
  }
}
