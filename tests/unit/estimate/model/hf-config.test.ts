import { describe, expect, it } from "vitest";
import { parseHfConfig } from "../../../../src/estimate/model/hf-config.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";
import { headDimOf, kvHeadsOf, paramCounts } from "../../../../src/estimate/model/model.ts";
import { kvBytesPerToken, kvCacheBytes } from "../../../../src/estimate/serving/kv-cache.ts";
import { findPreset } from "../../../../src/estimate/model/presets.ts";
import { expectRel } from "../helpers.ts";

// config.json files as published on the Hugging Face Hub (abridged only of tokenizer ids).
const LLAMA_31_8B = {
  architectures: ["LlamaForCausalLM"],
  attention_bias: false,
  attention_dropout: 0.0,
  bos_token_id: 128000,
  eos_token_id: 128001,
  hidden_act: "silu",
  hidden_size: 4096,
  initializer_range: 0.02,
  intermediate_size: 14336,
  max_position_embeddings: 131072,
  mlp_bias: false,
  model_type: "llama",
  num_attention_heads: 32,
  num_hidden_layers: 32,
  num_key_value_heads: 8,
  pretraining_tp: 1,
  rms_norm_eps: 1e-5,
  rope_scaling: {
    factor: 8.0,
    low_freq_factor: 1.0,
    high_freq_factor: 4.0,
    original_max_position_embeddings: 8192,
    rope_type: "llama3",
  },
  rope_theta: 500000.0,
  tie_word_embeddings: false,
  torch_dtype: "bfloat16",
  use_cache: true,
  vocab_size: 128256,
};
const QWEN25_7B = {
  architectures: ["Qwen2ForCausalLM"],
  attention_dropout: 0.0,
  hidden_act: "silu",
  hidden_size: 3584,
  initializer_range: 0.02,
  intermediate_size: 18944,
  max_position_embeddings: 131072,
  max_window_layers: 28,
  model_type: "qwen2",
  num_attention_heads: 28,
  num_hidden_layers: 28,
  num_key_value_heads: 4,
  rms_norm_eps: 1e-6,
  rope_theta: 1000000.0,
  sliding_window: 131072,
  tie_word_embeddings: false,
  torch_dtype: "bfloat16",
  use_cache: true,
  use_sliding_window: false,
  vocab_size: 152064,
};
const QWEN3_8B = {
  architectures: ["Qwen3ForCausalLM"],
  attention_bias: false,
  attention_dropout: 0.0,
  head_dim: 128,
  hidden_act: "silu",
  hidden_size: 4096,
  initializer_range: 0.02,
  intermediate_size: 12288,
  max_position_embeddings: 40960,
  max_window_layers: 36,
  model_type: "qwen3",
  num_attention_heads: 32,
  num_hidden_layers: 36,
  num_key_value_heads: 8,
  rms_norm_eps: 1e-6,
  rope_scaling: null,
  rope_theta: 1000000,
  sliding_window: null,
  tie_word_embeddings: false,
  torch_dtype: "bfloat16",
  use_cache: true,
  use_sliding_window: false,
  vocab_size: 151936,
};
const QWEN3_4B = {
  ...QWEN3_8B,
  hidden_size: 2560,
  intermediate_size: 9728,
  num_hidden_layers: 36,
  tie_word_embeddings: true,
};
const MIXTRAL_8X7B = {
  architectures: ["MixtralForCausalLM"],
  attention_dropout: 0.0,
  hidden_act: "silu",
  hidden_size: 4096,
  initializer_range: 0.02,
  intermediate_size: 14336,
  max_position_embeddings: 32768,
  model_type: "mixtral",
  num_attention_heads: 32,
  num_experts_per_tok: 2,
  num_hidden_layers: 32,
  num_key_value_heads: 8,
  num_local_experts: 8,
  output_router_logits: false,
  rms_norm_eps: 1e-5,
  rope_theta: 1000000.0,
  router_aux_loss_coef: 0.02,
  sliding_window: null,
  tie_word_embeddings: false,
  torch_dtype: "bfloat16",
  use_cache: true,
  vocab_size: 32000,
};
const DEEPSEEK_V3 = {
  architectures: ["DeepseekV3ForCausalLM"],
  attention_bias: false,
  attention_dropout: 0.0,
  aux_loss_alpha: 0.001,
  ep_size: 1,
  first_k_dense_replace: 3,
  hidden_act: "silu",
  hidden_size: 7168,
  initializer_range: 0.02,
  intermediate_size: 18432,
  kv_lora_rank: 512,
  max_position_embeddings: 163840,
  model_type: "deepseek_v3",
  moe_intermediate_size: 2048,
  moe_layer_freq: 1,
  n_group: 8,
  n_routed_experts: 256,
  n_shared_experts: 1,
  norm_topk_prob: true,
  num_attention_heads: 128,
  num_experts_per_tok: 8,
  num_hidden_layers: 61,
  num_key_value_heads: 128,
  num_nextn_predict_layers: 1,
  q_lora_rank: 1536,
  qk_nope_head_dim: 128,
  qk_rope_head_dim: 64,
  quantization_config: {
    activation_scheme: "dynamic",
    fmt: "e4m3",
    quant_method: "fp8",
    weight_block_size: [128, 128],
  },
  rms_norm_eps: 1e-6,
  rope_theta: 10000,
  routed_scaling_factor: 2.5,
  scoring_func: "sigmoid",
  seq_aux: true,
  tie_word_embeddings: false,
  topk_group: 4,
  topk_method: "noaux_tc",
  torch_dtype: "bfloat16",
  use_cache: true,
  v_head_dim: 128,
  vocab_size: 129280,
};
const GLM4_9B = {
  _name_or_path: "THUDM/glm-4-9b",
  model_type: "chatglm",
  architectures: ["ChatGLMModel"],
  add_bias_linear: false,
  add_qkv_bias: true,
  apply_query_key_layer_scaling: true,
  apply_residual_connection_post_layernorm: false,
  attention_dropout: 0.0,
  attention_softmax_in_fp32: true,
  bias_dropout_fusion: true,
  ffn_hidden_size: 13696,
  fp32_residual_connection: false,
  hidden_dropout: 0.0,
  hidden_size: 4096,
  kv_channels: 128,
  layernorm_epsilon: 1.5625e-7,
  multi_query_attention: true,
  multi_query_group_num: 2,
  num_attention_heads: 32,
  num_layers: 40,
  original_rope: true,
  padded_vocab_size: 151552,
  post_layer_norm: true,
  rmsnorm: true,
  rope_ratio: 1,
  seq_length: 8192,
  use_cache: true,
  torch_dtype: "bfloat16",
  tie_word_embeddings: false,
};
const GEMMA_7B = {
  architectures: ["GemmaForCausalLM"],
  attention_bias: false,
  attention_dropout: 0.0,
  bos_token_id: 2,
  eos_token_id: 1,
  head_dim: 256,
  hidden_act: "gelu",
  hidden_size: 3072,
  initializer_range: 0.02,
  intermediate_size: 24576,
  max_position_embeddings: 8192,
  model_type: "gemma",
  num_attention_heads: 16,
  num_hidden_layers: 28,
  num_key_value_heads: 16,
  pad_token_id: 0,
  rms_norm_eps: 1e-6,
  rope_scaling: null,
  rope_theta: 10000.0,
  torch_dtype: "bfloat16",
  use_cache: true,
  vocab_size: 256000,
};
const BERT_LARGE = {
  architectures: ["BertForMaskedLM"],
  attention_probs_dropout_prob: 0.1,
  gradient_checkpointing: false,
  hidden_act: "gelu",
  hidden_dropout_prob: 0.1,
  hidden_size: 1024,
  initializer_range: 0.02,
  intermediate_size: 4096,
  layer_norm_eps: 1e-12,
  max_position_embeddings: 512,
  model_type: "bert",
  num_attention_heads: 16,
  num_hidden_layers: 24,
  pad_token_id: 0,
  position_embedding_type: "absolute",
  type_vocab_size: 2,
  use_cache: true,
  vocab_size: 30522,
};
const GPT2 = {
  activation_function: "gelu_new",
  architectures: ["GPT2LMHeadModel"],
  attn_pdrop: 0.1,
  bos_token_id: 50256,
  embd_pdrop: 0.1,
  eos_token_id: 50256,
  initializer_range: 0.02,
  layer_norm_epsilon: 1e-5,
  model_type: "gpt2",
  n_ctx: 1024,
  n_embd: 768,
  n_head: 12,
  n_inner: null,
  n_layer: 12,
  n_positions: 1024,
  resid_pdrop: 0.1,
  summary_type: "cls_index",
  vocab_size: 50257,
};

function ok(config: unknown): ModelArch {
  const r = parseHfConfig(config);
  if (!r.ok) throw new Error(JSON.stringify(r.issue));
  return r.model;
}

describe("parseHfConfig: published parameter counts from pasted config.json files", () => {
  it.each([
    ["Llama-3.1-8B", LLAMA_31_8B, 8.03e9],
    ["Qwen2.5-7B (q/k/v biases, untied)", QWEN25_7B, 7.61e9],
    ["Qwen3-8B", QWEN3_8B, 8.19e9],
    ["Qwen3-4B (tied, head_dim 128 ≠ 2560/32)", QWEN3_4B, 4.02e9],
    ["Mixtral-8x7B", MIXTRAL_8X7B, 46.7e9],
    ["DeepSeek-V3 (MTP module not counted)", DEEPSEEK_V3, 671e9],
    ["GLM-4-9B (chatglm)", GLM4_9B, 9.4e9],
    ["Gemma-7B (head_dim 256, tied)", GEMMA_7B, 8.54e9],
    ["BERT-large", BERT_LARGE, 335e6],
    ["GPT-2", GPT2, 124.4e6],
  ] as const)("%s", (_name, config, published) => {
    expectRel(paramCounts(ok(config)).total, published, 0.01);
  });

  it("matches the presets exactly where both exist", () => {
    const pairs: [unknown, string][] = [
      [LLAMA_31_8B, "llama-3.1-8b"],
      [QWEN25_7B, "qwen2.5-7b"],
      [QWEN3_8B, "qwen3-8b"],
      [MIXTRAL_8X7B, "mixtral-8x7b"],
      [DEEPSEEK_V3, "deepseek-v3"],
      [GLM4_9B, "glm-4-9b"],
      [BERT_LARGE, "bert-large"],
      [GPT2, "gpt2"],
    ];
    for (const [config, id] of pairs) {
      expect(paramCounts(ok(config)), id).toEqual(paramCounts(findPreset(id)!.model));
    }
  });

  it("MoE: Mixtral 12.9B active; DeepSeek-V3 ~37B active with 3 dense layers, 256 routed + 1 shared, top-8", () => {
    expectRel(paramCounts(ok(MIXTRAL_8X7B)).active, 12.9e9, 0.01);
    const ds = ok(DEEPSEEK_V3);
    expect(ds.moe).toEqual({
      experts: 256,
      activeExperts: 8,
      sharedExperts: 1,
      expertFfn: 2048,
      denseLayers: 3,
    });
    expectRel(paramCounts(ds).active, 37e9, 0.02);
  });

  it("reads GQA heads and head_dim, never hidden/heads when head_dim is given", () => {
    expect(kvHeadsOf(ok(LLAMA_31_8B))).toBe(8);
    expect(headDimOf(ok(GEMMA_7B))).toBe(256); // 3072/16 would be 192
    expect(headDimOf(ok(QWEN3_4B))).toBe(128); // 2560/32 would be 80
    expect(kvBytesPerToken(ok(GEMMA_7B), 16)).toBe(2 * 28 * 16 * 256 * 2);
    expect(kvBytesPerToken(ok(LLAMA_31_8B), 16)).toBe(131072);
  });

  it("GLM-4: num_layers, padded_vocab_size, multi_query_group_num, kv_channels, add_qkv_bias", () => {
    const m = ok(GLM4_9B);
    expect(m).toMatchObject({
      layers: 40,
      vocab: 151552,
      kvHeads: 2,
      headDim: 128,
      bias: "qkv",
      ffn: 13696,
    });
    expect(kvHeadsOf(ok({ ...GLM4_9B, multi_query_attention: false }))).toBe(32);
  });

  it("DeepSeek-V3 MLA: latent 512 + rope 64 cached per layer per token", () => {
    const m = ok(DEEPSEEK_V3);
    expect(m.mla).toEqual({
      kvLoraRank: 512,
      qLoraRank: 1536,
      qkRopeHeadDim: 64,
      qkNopeHeadDim: 128,
      vHeadDim: 128,
    });
    expect(kvBytesPerToken(m, 16)).toBe(61 * (512 + 64) * 2);
  });

  it("GPT-2 and BERT names: n_layer/n_embd/n_head; biases, LayerNorm, tied, positions", () => {
    expect(ok(GPT2)).toMatchObject({
      layers: 12,
      hidden: 768,
      heads: 12,
      ffn: 3072,
      positionEmbeddings: 1024,
      tiedEmbeddings: true,
      mlp: "plain",
    });
    expect(ok(BERT_LARGE)).toMatchObject({
      layers: 24,
      typeVocab: 2,
      pooler: true,
      norm: "layer",
      bias: "all",
    });
  });

  it("Gemma ties embeddings by default; Llama does not", () => {
    expect(ok(GEMMA_7B).tiedEmbeddings).toBe(true);
    const { tie_word_embeddings: _, ...noTie } = LLAMA_31_8B;
    expect(ok(noTie).tiedEmbeddings).toBe(false);
  });
});

// Gemma 3 27B's multimodal config.json: the decoder's shape sits in text_config (keys as in
// transformers' Gemma3TextConfig; figures from the conversion script, see presets.ts).
const GEMMA3_27B = {
  architectures: ["Gemma3ForConditionalGeneration"],
  model_type: "gemma3",
  text_config: {
    model_type: "gemma3_text",
    head_dim: 128,
    hidden_size: 5376,
    intermediate_size: 21504,
    num_attention_heads: 32,
    num_hidden_layers: 62,
    num_key_value_heads: 16,
    sliding_window: 1024,
    sliding_window_pattern: 6,
    vocab_size: 262208,
  },
  vision_config: { hidden_size: 1152, num_hidden_layers: 27, model_type: "siglip_vision_model" },
};

describe("parseHfConfig: sliding-window attention", () => {
  it("reads a multimodal config's text_config: Gemma 3 27B as its preset, 52 of 62 layers local", () => {
    const m = ok(GEMMA3_27B);
    const preset = findPreset("gemma-3-27b")!.model;
    expect(m.slidingWindow).toBe(1024);
    expect(m.slidingLayers).toBe(52);
    expect(paramCounts(m).total).toBe(paramCounts(preset).total);
    expect(kvCacheBytes(m, 32_768, 16)).toBe(kvCacheBytes(preset, 32_768, 16));
  });
  it("counts layer_types when given (gpt-oss alternates sliding and full attention)", () => {
    const layer_types = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0 ? "sliding_attention" : "full_attention",
    );
    const m = ok({ ...LLAMA_31_8B, num_hidden_layers: 24, sliding_window: 128, layer_types });
    expect([m.slidingWindow, m.slidingLayers]).toEqual([128, 12]);
  });
  it("a window on every layer when no pattern is given (Mistral 7B v0.1)", () => {
    const m = ok({ ...LLAMA_31_8B, model_type: "mistral", sliding_window: 4096 });
    expect(m.slidingWindow).toBe(4096);
    expect(m.slidingLayers).toBeUndefined();
    expect(kvCacheBytes(m, 8192, 16)).toBe(kvCacheBytes(m, 4096, 16));
  });
  it("ignores a window the config switches off (Qwen2 use_sliding_window false) or leaves null", () => {
    expect(ok(QWEN25_7B).slidingWindow).toBeUndefined();
    expect(ok({ ...LLAMA_31_8B, sliding_window: null }).slidingWindow).toBeUndefined();
  });
});

describe("parseHfConfig: errors name the field", () => {
  it.each([
    ["a string", '{"hidden_size": 4096', ""],
    ["an array", [LLAMA_31_8B], ""],
    ["null", null, ""],
  ] as const)("rejects %s as a whole", (_n, input, field) => {
    const r = parseHfConfig(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issue.field).toBe(field);
      expect(r.issue.code).toBe("hf-not-object");
    }
  });

  it.each([
    [
      "llama without num_hidden_layers",
      { ...LLAMA_31_8B, num_hidden_layers: undefined },
      "num_hidden_layers",
    ],
    ["llama with hidden_size as a string", { ...LLAMA_31_8B, hidden_size: "4096" }, "hidden_size"],
    ["llama with zero heads", { ...LLAMA_31_8B, num_attention_heads: 0 }, "num_attention_heads"],
    ["llama with negative vocab", { ...LLAMA_31_8B, vocab_size: -5 }, "vocab_size"],
    ["gpt2 without n_embd", { ...GPT2, n_embd: undefined }, "n_embd"],
    [
      "bert without intermediate_size",
      { ...BERT_LARGE, intermediate_size: undefined },
      "intermediate_size",
    ],
    ["chatglm without num_layers", { ...GLM4_9B, num_layers: undefined }, "num_layers"],
    [
      "chatglm without multi_query_group_num",
      { ...GLM4_9B, multi_query_group_num: undefined },
      "multi_query_group_num",
    ],
    [
      "mixtral without num_experts_per_tok",
      { ...MIXTRAL_8X7B, num_experts_per_tok: undefined },
      "num_experts_per_tok",
    ],
    [
      "deepseek without qk_rope_head_dim",
      { ...DEEPSEEK_V3, qk_rope_head_dim: undefined },
      "qk_rope_head_dim",
    ],
    ["NaN hidden size", { ...LLAMA_31_8B, hidden_size: Number.NaN }, "hidden_size"],
    [
      "Infinity layers",
      { ...LLAMA_31_8B, num_hidden_layers: Number.POSITIVE_INFINITY },
      "num_hidden_layers",
    ],
  ])("%s", (_n, config, field) => {
    const r = parseHfConfig(
      JSON.parse(
        JSON.stringify(config, (_k, v: unknown) =>
          Number.isNaN(v) ? "NaN" : v === Infinity ? "Infinity" : v,
        ),
      ),
    );
    const direct = parseHfConfig(config);
    for (const x of [r, direct]) {
      expect(x.ok).toBe(false);
      if (!x.ok) {
        expect(x.issue.field).toBe(field);
        expect(["hf-missing", "hf-out-of-range"]).toContain(x.issue.code);
        expect(x.issue.params["key"]).toBe(field);
      }
    }
  });

  it("holds every size to the architecture's ranges: hidden_size 1e12 is refused, naming it", () => {
    const r = parseHfConfig({ ...LLAMA_31_8B, hidden_size: 1e12 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issue).toMatchObject({
        field: "hidden_size",
        code: "hf-out-of-range",
        params: { key: "hidden_size", value: 1e12, min: 1, max: 131072 },
      });
    }
    const kv = parseHfConfig({ ...LLAMA_31_8B, num_key_value_heads: 5 });
    expect(kv.ok ? null : kv.issue.code).toBe("kv-heads-divide");
  });
});
