/**
 * parseHfConfig's rules one at a time, on a small config.json in transformers' key names
 * (LlamaConfig, Qwen2Config, Qwen2MoeConfig, DeepseekV3Config, ChatGLMConfig, GPT2Config,
 * BertConfig): defaults, key fallbacks, zero-means-unused, ranges, nesting and refusals.
 */
import { describe, expect, it } from "vitest";
import type { HfConfigResult } from "../../../../src/estimate/model/hf-config.ts";
import {
  GPT2_BERT_BLOCK,
  KNOWN_MODEL_TYPES,
  parseHfConfig,
} from "../../../../src/estimate/model/hf-config.ts";
import type { ModelArch } from "../../../../src/estimate/model/model.ts";

const LLAMA = {
  model_type: "llama",
  num_hidden_layers: 4,
  hidden_size: 64,
  num_attention_heads: 8,
  intermediate_size: 128,
  vocab_size: 100,
};

function ok(config: unknown): ModelArch {
  const r = parseHfConfig(config);
  if (!r.ok) throw new Error(JSON.stringify(r.issue));
  return r.model;
}
const issueOf = (r: HfConfigResult) => (r.ok ? null : r.issue);
const refused = (config: unknown) => issueOf(parseHfConfig(config));

describe("the generic (Llama-family) reader", () => {
  it("reads the sizes; KV heads default to the heads; RMSNorm, gated, no biases, untied", () => {
    expect(parseHfConfig(LLAMA)).toEqual({
      ok: true,
      family: "llama",
      model: {
        layers: 4,
        hidden: 64,
        heads: 8,
        kvHeads: 8,
        ffn: 128,
        vocab: 100,
        mlp: "gated",
        norm: "rms",
        bias: "none",
        tiedEmbeddings: false,
      },
    });
  });
  it("q/k/v biases for every qwen2 type and wherever attention_bias is true", () => {
    expect(ok({ ...LLAMA, model_type: "qwen2" }).bias).toBe("qkv");
    expect(ok({ ...LLAMA, model_type: "qwen2_moe" }).bias).toBe("qkv");
    expect(ok({ ...LLAMA, attention_bias: true }).bias).toBe("qkv");
    expect(ok({ ...LLAMA, attention_bias: false }).bias).toBe("none");
    expect(ok({ ...LLAMA, model_type: "qwen3" }).bias).toBe("none");
  });
  it("tied when tie_word_embeddings is true, or absent for a gemma type", () => {
    expect(ok({ ...LLAMA, tie_word_embeddings: true }).tiedEmbeddings).toBe(true);
    expect(ok({ ...LLAMA, model_type: "gemma2" }).tiedEmbeddings).toBe(true);
    expect(ok({ ...LLAMA, model_type: "gemma2", tie_word_embeddings: false }).tiedEmbeddings).toBe(
      false,
    );
    expect(ok({ ...LLAMA, model_type: "mistral" }).tiedEmbeddings).toBe(false);
  });
  it("head_dim when given; none otherwise", () => {
    expect(ok({ ...LLAMA, head_dim: 16 }).headDim).toBe(16);
    expect(ok(LLAMA)).not.toHaveProperty("headDim");
    // null is as good as absent.
    expect(ok({ ...LLAMA, head_dim: null })).not.toHaveProperty("headDim");
  });
  it("KV heads must divide the heads", () => {
    expect(refused({ ...LLAMA, num_key_value_heads: 3 })).toEqual({
      field: "num_key_value_heads",
      code: "kv-heads-divide",
      params: { heads: 8 },
    });
    expect(refused({ ...LLAMA, num_key_value_heads: 16 })?.code).toBe("kv-heads-divide");
    expect(ok({ ...LLAMA, num_key_value_heads: 8 }).kvHeads).toBe(8);
    expect(ok({ ...LLAMA, num_key_value_heads: 2 }).kvHeads).toBe(2);
  });
});

describe("numbers: types, ranges and zeros", () => {
  it("a fraction where a whole number belongs is a missing key", () => {
    expect(refused({ ...LLAMA, hidden_size: 64.5 })).toEqual({
      field: "hidden_size",
      code: "hf-missing",
      params: { key: "hidden_size" },
    });
  });
  it("out of range names the key, the value and the range", () => {
    expect(refused({ ...LLAMA, num_hidden_layers: 1001 })).toEqual({
      field: "num_hidden_layers",
      code: "hf-out-of-range",
      params: { key: "num_hidden_layers", value: 1001, min: 1, max: 1000 },
    });
    expect(refused({ ...LLAMA, num_hidden_layers: -1 })?.code).toBe("hf-out-of-range");
    expect(ok({ ...LLAMA, num_hidden_layers: 1000 }).layers).toBe(1000);
    expect(ok({ ...LLAMA, num_hidden_layers: 1 }).layers).toBe(1);
  });
  it("a zero size is out of its range; a null one is absent", () => {
    expect(refused({ ...LLAMA, intermediate_size: 0 })).toEqual({
      field: "intermediate_size",
      code: "hf-out-of-range",
      params: { key: "intermediate_size", value: 0, min: 1, max: 1048576 },
    });
    // q_lora_rank null: queries not compressed (DeepSeek-V2-Lite).
    const mla = {
      ...LLAMA,
      model_type: "deepseek_v2",
      kv_lora_rank: 16,
      qk_rope_head_dim: 4,
      qk_nope_head_dim: 8,
      v_head_dim: 8,
    };
    expect(ok({ ...mla, q_lora_rank: null }).mla).toEqual({
      kvLoraRank: 16,
      qkRopeHeadDim: 4,
      qkNopeHeadDim: 8,
      vHeadDim: 8,
    });
    expect(ok({ ...mla, q_lora_rank: 24 }).mla?.qLoraRank).toBe(24);
    expect(ok({ ...mla, kv_lora_rank: null }).mla).toBeUndefined();
    // A zero where zero is in range (no dense leading layers) is kept as zero.
    const moe = { ...LLAMA, num_local_experts: 4, num_experts_per_tok: 1 };
    expect(ok({ ...moe, first_k_dense_replace: 0 }).moe?.denseLayers).toBe(0);
  });
  it("the first key present wins; a null one is passed over", () => {
    const glm = {
      model_type: "chatglm",
      num_layers: 2,
      hidden_size: 64,
      num_attention_heads: 8,
      multi_query_group_num: 2,
      ffn_hidden_size: 128,
      padded_vocab_size: 128,
      vocab_size: 100,
    };
    expect(ok(glm).vocab).toBe(128);
    expect(ok({ ...glm, padded_vocab_size: null }).vocab).toBe(100);
    const { padded_vocab_size: _, ...noPadded } = glm;
    expect(ok(noPadded).vocab).toBe(100);
    // Neither: the first key is the one named missing.
    const { vocab_size: __, ...neither } = noPadded;
    expect(refused(neither)).toEqual({
      field: "padded_vocab_size",
      code: "hf-missing",
      params: { key: "padded_vocab_size" },
    });
  });
});

describe("mixture of experts", () => {
  const QWEN_MOE = {
    ...LLAMA,
    model_type: "qwen2_moe",
    num_experts: 8,
    num_experts_per_tok: 2,
    moe_intermediate_size: 32,
  };
  it("experts, active experts, expert FFN; no shared and no dense layers by default", () => {
    expect(ok(QWEN_MOE).moe).toEqual({
      experts: 8,
      activeExperts: 2,
      sharedExperts: 0,
      expertFfn: 32,
      denseLayers: 0,
    });
  });
  it("a shared expert's size means one shared expert; n_shared_experts gives the count", () => {
    expect(ok({ ...QWEN_MOE, shared_expert_intermediate_size: 64 }).moe?.sharedExperts).toBe(1);
    expect(ok({ ...QWEN_MOE, n_shared_experts: 2 }).moe?.sharedExperts).toBe(2);
    // Zero shared experts given explicitly stays zero, even beside a size.
    expect(
      ok({ ...QWEN_MOE, n_shared_experts: 0, shared_expert_intermediate_size: 64 }).moe
        ?.sharedExperts,
    ).toBe(0);
  });
  it("the expert FFN defaults to the dense one; first_k_dense_replace is kept", () => {
    const { moe_intermediate_size: _, ...noSize } = QWEN_MOE;
    expect(ok(noSize).moe?.expertFfn).toBe(128);
    expect(ok({ ...QWEN_MOE, first_k_dense_replace: 1 }).moe?.denseLayers).toBe(1);
  });
  it("each key for the expert count: n_routed_experts, num_local_experts, num_experts", () => {
    const { num_experts: _, ...none } = QWEN_MOE;
    expect(ok({ ...none, n_routed_experts: 4 }).moe?.experts).toBe(4);
    expect(ok({ ...none, num_local_experts: 4 }).moe?.experts).toBe(4);
    expect(ok(none).moe).toBeUndefined();
  });
  it("one expert is a dense model", () => {
    expect(ok({ ...QWEN_MOE, num_experts: 1 }).moe).toBeUndefined();
  });
  it("more active than routed experts is refused", () => {
    expect(refused({ ...QWEN_MOE, num_experts_per_tok: 9 })).toEqual({
      field: "num_experts_per_tok",
      code: "active-experts",
      params: { experts: 8 },
    });
    expect(ok({ ...QWEN_MOE, num_experts_per_tok: 8 }).moe?.activeExperts).toBe(8);
  });
});

describe("sliding windows", () => {
  const W = { ...LLAMA, model_type: "mistral", sliding_window: 32 };
  it("Qwen2-style: layers from max_window_layers slide when use_sliding_window is true", () => {
    const qwen = { ...W, model_type: "qwen2", use_sliding_window: true };
    expect(ok({ ...qwen, max_window_layers: 1 })).toMatchObject({
      slidingWindow: 32,
      slidingLayers: 3,
    });
    // A bound past the last layer: no layer slides.
    expect(ok({ ...qwen, max_window_layers: 9 }).slidingLayers).toBe(0);
    // No bound: every layer.
    const all = ok(qwen);
    expect(all.slidingWindow).toBe(32);
    expect(all).not.toHaveProperty("slidingLayers");
    // max_window_layers alone (window not switched on explicitly) is not a bound.
    expect(ok({ ...W, max_window_layers: 1 })).not.toHaveProperty("slidingLayers");
  });
  it("sliding_window_pattern: every pattern-th layer global", () => {
    // 4 layers, pattern 3: floor(4/3) = 1 global, 3 local.
    expect(ok({ ...W, sliding_window_pattern: 3 }).slidingLayers).toBe(3);
    // The pattern wins over Qwen2's bound.
    expect(
      ok({ ...W, sliding_window_pattern: 2, use_sliding_window: true, max_window_layers: 0 })
        .slidingLayers,
    ).toBe(2);
  });
  it("transformers' default patterns: gemma2 every other layer, gemma3_text five in six", () => {
    expect(ok({ ...W, model_type: "gemma2", num_hidden_layers: 5 }).slidingLayers).toBe(3);
    expect(ok({ ...W, model_type: "gemma3_text", num_hidden_layers: 12 }).slidingLayers).toBe(10);
    expect(ok({ ...W, model_type: "gemma3", num_hidden_layers: 13 }).slidingLayers).toBe(11);
  });
  it("layer_types of the wrong length is passed over", () => {
    const types = ["sliding_attention", "full_attention", "sliding_attention"];
    // 3 entries for 4 layers: gemma2's default instead, 4 − 2 = 2.
    expect(ok({ ...W, model_type: "gemma2", layer_types: types }).slidingLayers).toBe(2);
    expect(ok({ ...W, layer_types: [...types, "full_attention"] }).slidingLayers).toBe(2);
    expect(ok({ ...W, layer_types: "sliding_attention" })).not.toHaveProperty("slidingLayers");
  });
  it("a window switched off is no window, whatever else is given", () => {
    const off = ok({ ...W, use_sliding_window: false, sliding_window_pattern: 2 });
    expect(off).not.toHaveProperty("slidingWindow");
    expect(off).not.toHaveProperty("slidingLayers");
  });
});

describe("chatglm", () => {
  const GLM = {
    model_type: "chatglm",
    num_layers: 2,
    hidden_size: 64,
    num_attention_heads: 8,
    multi_query_group_num: 2,
    ffn_hidden_size: 128,
    padded_vocab_size: 100,
  };
  it("K/V groups, no qkv bias unless add_qkv_bias, untied, no head dim unless kv_channels", () => {
    expect(parseHfConfig(GLM)).toEqual({
      ok: true,
      family: "chatglm",
      model: {
        layers: 2,
        hidden: 64,
        heads: 8,
        kvHeads: 2,
        ffn: 128,
        vocab: 100,
        mlp: "gated",
        norm: "rms",
        bias: "none",
        tiedEmbeddings: false,
      },
    });
    expect(ok({ ...GLM, add_qkv_bias: true }).bias).toBe("qkv");
    expect(ok({ ...GLM, add_qkv_bias: "yes" }).bias).toBe("none");
    expect(ok({ ...GLM, kv_channels: 16 }).headDim).toBe(16);
  });
  it("multi_query_attention false: one K/V head per head, the groups key not needed", () => {
    const { multi_query_group_num: _, ...noGroups } = GLM;
    expect(ok({ ...noGroups, multi_query_attention: false }).kvHeads).toBe(8);
    expect(refused(noGroups)?.field).toBe("multi_query_group_num");
  });
  it("groups must divide the heads", () => {
    for (const g of [3, 16])
      expect(refused({ ...GLM, multi_query_group_num: g })).toEqual({
        field: "multi_query_group_num",
        code: "kv-heads-divide",
        params: { heads: 8 },
      });
    expect(ok({ ...GLM, multi_query_group_num: 8 }).kvHeads).toBe(8);
  });
});

describe("gpt2 and bert", () => {
  const GPT2 = { model_type: "gpt2", n_layer: 2, n_embd: 64, n_head: 4, vocab_size: 100 };
  it("GPT-2: ffn 4h and 1024 positions by default; n_inner and n_positions when given", () => {
    expect(parseHfConfig(GPT2)).toEqual({
      ok: true,
      family: "gpt2",
      model: {
        layers: 2,
        hidden: 64,
        heads: 4,
        ffn: 256,
        vocab: 100,
        positionEmbeddings: 1024,
        ...GPT2_BERT_BLOCK,
      },
    });
    expect(ok({ ...GPT2, n_inner: 100, n_positions: 2048 })).toMatchObject({
      ffn: 100,
      positionEmbeddings: 2048,
    });
  });
  it("the GPT-2/BERT block: plain MLP, LayerNorm, all biases, tied, dropout", () => {
    expect(GPT2_BERT_BLOCK).toEqual({
      mlp: "plain",
      norm: "layer",
      bias: "all",
      tiedEmbeddings: true,
      dropout: true,
    });
  });
  it("BERT and RoBERTa: 512 positions and 2 token types by default, and a pooler", () => {
    const bert = {
      model_type: "roberta",
      num_hidden_layers: 2,
      hidden_size: 64,
      num_attention_heads: 4,
      intermediate_size: 256,
      vocab_size: 100,
    };
    expect(parseHfConfig(bert)).toEqual({
      ok: true,
      family: "roberta",
      model: {
        layers: 2,
        hidden: 64,
        heads: 4,
        ffn: 256,
        vocab: 100,
        positionEmbeddings: 512,
        typeVocab: 2,
        ...GPT2_BERT_BLOCK,
        pooler: true,
      },
    });
    expect(
      ok({ ...bert, model_type: "bert", max_position_embeddings: 514, type_vocab_size: 1 }),
    ).toMatchObject({ positionEmbeddings: 514, typeVocab: 1 });
  });
});

describe("the type and the file", () => {
  it("a type not known is refused after the sizes are read, with the nearest known one", () => {
    const known = KNOWN_MODEL_TYPES.join(", ");
    expect(refused({ ...LLAMA, model_type: "lama" })).toEqual({
      field: "model_type",
      code: "hf-model-type",
      params: { type: "lama", known, nearest: "llama" },
    });
    expect(refused({ ...LLAMA, model_type: "zzzzzzzzzzzzzzzz" })).toEqual({
      field: "model_type",
      code: "hf-model-type",
      params: { type: "zzzzzzzzzzzzzzzz", known },
    });
    expect(refused({ ...LLAMA, model_type: 5 })).toEqual({
      field: "model_type",
      code: "hf-no-model-type",
      params: { known },
    });
    const { model_type: _, ...untyped } = LLAMA;
    expect(refused(untyped)?.code).toBe("hf-no-model-type");
    // A size missing is named before the type is judged.
    expect(refused({ model_type: "olmo2" })?.code).toBe("hf-missing");
  });
  it("the known types: the gated families, gpt2, bert, roberta", () => {
    expect(KNOWN_MODEL_TYPES).toEqual([
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
      "gpt2",
      "bert",
      "roberta",
    ]);
    for (const t of KNOWN_MODEL_TYPES.filter(
      (x) => !["gpt2", "bert", "roberta", "chatglm"].includes(x),
    ))
      expect(parseHfConfig({ ...LLAMA, model_type: t }).ok, t).toBe(true);
  });
  it("text_config holds the decoder when the outer config has no layers", () => {
    const { model_type: _, ...text } = LLAMA;
    expect(parseHfConfig({ model_type: "llama", text_config: text })).toMatchObject({
      ok: true,
      family: "llama",
    });
    // The inner type wins over the outer.
    expect(
      parseHfConfig({ model_type: "gemma3", text_config: { ...LLAMA, model_type: "qwen3" } }),
    ).toMatchObject({ ok: true, family: "qwen3" });
    // With layers outside, the outer config is read and text_config ignored.
    expect(ok({ ...LLAMA, text_config: { ...LLAMA, hidden_size: 32 } }).hidden).toBe(64);
    // A text_config that is not an object is no decoder.
    for (const bad of [[text], null, "x"])
      expect(refused({ model_type: "llama", text_config: bad })?.code).toBe("hf-missing");
  });
  it("nesting deeper than 32 levels is refused; 32 is read", () => {
    const nest = (levels: number): unknown => {
      let v: unknown = 1;
      for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
      return v;
    };
    // The config is level 0, its key's object level 1, … the innermost object level n.
    expect(ok({ ...LLAMA, x: nest(32) }).layers).toBe(4);
    expect(refused({ ...LLAMA, x: nest(33) })).toEqual({
      field: "",
      code: "hf-too-deep",
      params: { max: 32 },
    });
    // Depth is counted along each branch, not summed across siblings.
    expect(ok({ ...LLAMA, x: nest(20), y: nest(20), z: [nest(31)] }).layers).toBe(4);
  });
});
