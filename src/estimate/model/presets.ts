/**
 * Popular open models, transcribed from their published config.json files. Kept out of the
 * core so a calculator that does not offer presets does not ship them.
 */
import type { ModelArch } from "./model.ts";
import { GPT2_BERT_BLOCK } from "./hf-config.ts";

export interface Preset {
  id: string;
  name: string;
  /** Where the figures come from. */
  source: string;
  model: ModelArch;
}

const llama = (
  layers: number,
  hidden: number,
  heads: number,
  kvHeads: number,
  ffn: number,
  vocab: number,
): ModelArch => ({
  layers,
  hidden,
  heads,
  kvHeads,
  ffn,
  vocab,
  mlp: "gated",
  norm: "rms",
  bias: "none",
  tiedEmbeddings: false,
});
const qwen2 = (
  layers: number,
  hidden: number,
  heads: number,
  kvHeads: number,
  ffn: number,
): ModelArch => ({
  ...llama(layers, hidden, heads, kvHeads, ffn, 152064),
  bias: "qkv",
});
/** Qwen3 dense: 8 KV heads of an explicit head_dim 128; the three smallest tie the head. */
const qwen3 = (
  layers: number,
  hidden: number,
  heads: number,
  ffn: number,
  tiedEmbeddings = false,
): ModelArch => ({
  ...llama(layers, hidden, heads, 8, ffn, 151936),
  headDim: 128,
  tiedEmbeddings,
});
/** Qwen3 MoE: every layer routed (decoder_sparse_step 1, mlp_only_layers []), no shared expert. */
const qwen3Moe = (layers: number, hidden: number, heads: number, expertFfn: number): ModelArch => ({
  ...qwen3(layers, hidden, heads, expertFfn),
  kvHeads: 4,
  moe: { experts: 128, activeExperts: 8, expertFfn, denseLayers: 0 },
});
/** Gemma 3 interleaves 5 local layers per global one (layer i global iff (i+1) % 6 == 0). */
export const GEMMA3_SLIDING_PATTERN = 6;
/** Gemma 3 text decoder: GeGLU (3 matrices), RMSNorm, tied head, sliding-window local layers. */
const gemma3 = (
  layers: number,
  hidden: number,
  heads: number,
  kvHeads: number,
  headDim: number,
  ffn: number,
  vocab: number,
  slidingWindow: number,
): ModelArch => ({
  ...llama(layers, hidden, heads, kvHeads, ffn, vocab),
  headDim,
  tiedEmbeddings: true,
  slidingWindow,
  slidingLayers: layers - Math.floor(layers / GEMMA3_SLIDING_PATTERN),
});
/** GLM-4.5 (Glm4MoeForCausalLM): q/k/v biases, head_dim 128, one shared expert, dense first layers. */
const glm45 = (
  layers: number,
  hidden: number,
  ffn: number,
  moe: { experts: number; expertFfn: number; denseLayers: number },
): ModelArch => ({
  ...llama(layers, hidden, 96, 8, ffn, 151552),
  headDim: 128,
  bias: "qkv",
  moe: { activeExperts: 8, sharedExperts: 1, ...moe },
});
const deepseekV3: ModelArch = {
  layers: 61,
  hidden: 7168,
  heads: 128,
  ffn: 18432,
  vocab: 129280,
  mlp: "gated",
  norm: "rms",
  bias: "none",
  tiedEmbeddings: false,
  moe: { experts: 256, activeExperts: 8, sharedExperts: 1, expertFfn: 2048, denseLayers: 3 },
  mla: { kvLoraRank: 512, qLoraRank: 1536, qkRopeHeadDim: 64, qkNopeHeadDim: 128, vHeadDim: 128 },
};

export const PRESETS: readonly Preset[] = [
  {
    id: "llama-3.1-8b",
    name: "Llama 3.1 8B",
    source: "meta-llama/Llama-3.1-8B config.json",
    model: llama(32, 4096, 32, 8, 14336, 128256),
  },
  {
    id: "llama-3.1-70b",
    name: "Llama 3.1 70B",
    source: "meta-llama/Llama-3.1-70B config.json",
    model: llama(80, 8192, 64, 8, 28672, 128256),
  },
  {
    id: "llama-2-7b",
    name: "Llama 2 7B",
    source: "meta-llama/Llama-2-7b-hf config.json",
    model: llama(32, 4096, 32, 32, 11008, 32000),
  },
  {
    id: "llama-2-13b",
    name: "Llama 2 13B",
    source: "meta-llama/Llama-2-13b-hf config.json",
    model: llama(40, 5120, 40, 40, 13824, 32000),
  },
  {
    id: "qwen2.5-7b",
    name: "Qwen2.5 7B",
    source: "Qwen/Qwen2.5-7B config.json",
    model: qwen2(28, 3584, 28, 4, 18944),
  },
  {
    id: "qwen2.5-14b",
    name: "Qwen2.5 14B",
    source: "Qwen/Qwen2.5-14B config.json",
    model: qwen2(48, 5120, 40, 8, 13824),
  },
  {
    id: "qwen2.5-32b",
    name: "Qwen2.5 32B",
    source: "Qwen/Qwen2.5-32B config.json",
    model: qwen2(64, 5120, 40, 8, 27648),
  },
  {
    id: "qwen2.5-72b",
    name: "Qwen2.5 72B",
    source: "Qwen/Qwen2.5-72B config.json",
    model: qwen2(80, 8192, 64, 8, 29568),
  },
  {
    id: "qwen3-8b",
    name: "Qwen3 8B",
    source: "Qwen/Qwen3-8B config.json",
    model: qwen3(36, 4096, 32, 12288),
  },
  {
    id: "qwen3-32b",
    name: "Qwen3 32B",
    source: "Qwen/Qwen3-32B config.json",
    model: qwen3(64, 5120, 64, 25600),
  },
  {
    id: "deepseek-v3",
    name: "DeepSeek-V3",
    source: "deepseek-ai/DeepSeek-V3 config.json (MTP module not counted)",
    model: deepseekV3,
  },
  {
    id: "deepseek-r1",
    name: "DeepSeek-R1",
    source: "deepseek-ai/DeepSeek-R1 config.json (same architecture as V3)",
    model: deepseekV3,
  },
  {
    id: "mistral-7b",
    name: "Mistral 7B v0.1",
    source: "mistralai/Mistral-7B-v0.1 config.json",
    // sliding_window 4096 on every layer (config.json; Jiang et al. 2023, arXiv 2310.06825 sec. 2).
    model: { ...llama(32, 4096, 32, 8, 14336, 32000), slidingWindow: 4096 },
  },
  {
    id: "mixtral-8x7b",
    name: "Mixtral 8x7B",
    source: "mistralai/Mixtral-8x7B-v0.1 config.json",
    model: {
      ...llama(32, 4096, 32, 8, 14336, 32000),
      moe: { experts: 8, activeExperts: 2, expertFfn: 14336 },
    },
  },
  {
    id: "glm-4-9b",
    name: "GLM-4 9B",
    source: "THUDM/glm-4-9b config.json (multi_query_group_num 2, kv_channels 128)",
    model: { ...llama(40, 4096, 32, 2, 13696, 151552), headDim: 128, bias: "qkv" },
  },
  {
    id: "bert-large",
    name: "BERT-large (uncased)",
    source: "google-bert/bert-large-uncased config.json",
    model: {
      layers: 24,
      hidden: 1024,
      heads: 16,
      ffn: 4096,
      vocab: 30522,
      positionEmbeddings: 512,
      typeVocab: 2,
      ...GPT2_BERT_BLOCK,
      pooler: true,
    },
  },
  {
    id: "gpt2",
    name: "GPT-2 (124M)",
    source: "openai-community/gpt2 config.json",
    model: {
      layers: 12,
      hidden: 768,
      heads: 12,
      ffn: 3072,
      vocab: 50257,
      positionEmbeddings: 1024,
      ...GPT2_BERT_BLOCK,
    },
  },
  {
    id: "octocoder",
    name: "OctoCoder 15.5B",
    source: "bigcode/octocoder config.json (GPTBigCode, multi-query attention)",
    model: {
      layers: 40,
      hidden: 6144,
      heads: 48,
      kvHeads: 1,
      ffn: 24576,
      vocab: 49152,
      positionEmbeddings: 8192,
      mlp: "plain",
      norm: "layer",
      bias: "all",
      tiedEmbeddings: true,
    },
  },
  {
    id: "llama-3.2-1b",
    name: "Llama 3.2 1B",
    source:
      "huggingface.co/meta-llama/Llama-3.2-1B-Instruct config.json @4e20de36 (mirrored copy, 2026-12); tied head: MODEL_CARD.md 'Shared Embeddings: Yes'",
    model: { ...llama(16, 2048, 32, 8, 8192, 128256), headDim: 64, tiedEmbeddings: true },
  },
  {
    id: "llama-3.2-3b",
    name: "Llama 3.2 3B",
    source:
      "huggingface.co/meta-llama/Llama-3.2-3B config.json (mirrored copy, 2026-12); meta-llama/llama-models sku_list.py; MODEL_CARD.md 'Shared Embeddings: Yes'",
    model: { ...llama(28, 3072, 24, 8, 8192, 128256), tiedEmbeddings: true },
  },
  {
    id: "llama-3.3-70b",
    name: "Llama 3.3 70B",
    source:
      "huggingface.co/meta-llama/Llama-3.3-70B-Instruct config.json; shape from meta-llama/llama-models sku_list.py (arch args identical to 3.1 70B), read 2026-12",
    model: llama(80, 8192, 64, 8, 28672, 128256),
  },
  {
    id: "qwen3-0.6b",
    name: "Qwen3 0.6B",
    source:
      "huggingface.co/Qwen/Qwen3-0.6B config.json (mirrored copy, 2026-12); tied: Qwen3 tech report Table 1",
    model: qwen3(28, 1024, 16, 3072, true),
  },
  {
    id: "qwen3-1.7b",
    name: "Qwen3 1.7B",
    source:
      "huggingface.co/Qwen/Qwen3-1.7B config.json (mirrored copy, 2026-12); tied: Qwen3 tech report Table 1",
    model: qwen3(28, 2048, 16, 6144, true),
  },
  {
    id: "qwen3-4b",
    name: "Qwen3 4B",
    source:
      "huggingface.co/Qwen/Qwen3-4B config.json (mirrored copy, 2026-12); tied: Qwen3 tech report Table 1",
    model: qwen3(36, 2560, 32, 9728, true),
  },
  {
    id: "qwen3-14b",
    name: "Qwen3 14B",
    source: "huggingface.co/Qwen/Qwen3-14B config.json @40c06982 (mirrored copy, 2026-12)",
    model: qwen3(40, 5120, 40, 17408),
  },
  {
    id: "qwen3-30b-a3b",
    name: "Qwen3 30B-A3B (MoE)",
    source: "huggingface.co/Qwen/Qwen3-30B-A3B config.json @ad44e777 (mirrored copy, 2026-12)",
    model: qwen3Moe(48, 2048, 32, 768),
  },
  {
    id: "qwen3-235b-a22b",
    name: "Qwen3 235B-A22B (MoE)",
    source: "huggingface.co/Qwen/Qwen3-235B-A22B config.json @8efa6172 (mirrored copy, 2026-12)",
    model: qwen3Moe(94, 4096, 64, 1536),
  },
  {
    id: "gemma-3-1b",
    name: "Gemma 3 1B",
    source:
      "huggingface.co/google/gemma-3-1b-pt config.json; transformers convert_gemma3_weights_orbax_to_hf.py @58827fc9 and google/gemma_pytorch config.py @014acb7a, read 2026-12",
    model: gemma3(26, 1152, 4, 1, 256, 6912, 262144, 512),
  },
  {
    id: "gemma-3-4b",
    name: "Gemma 3 4B (text)",
    source:
      "huggingface.co/google/gemma-3-4b-pt config.json text_config (vision tower not counted); transformers convert_gemma3_weights_orbax_to_hf.py @58827fc9, read 2026-12",
    model: gemma3(34, 2560, 8, 4, 256, 10240, 262208, 1024),
  },
  {
    id: "gemma-3-12b",
    name: "Gemma 3 12B (text)",
    source:
      "huggingface.co/google/gemma-3-12b-pt config.json text_config (vision tower not counted); transformers convert_gemma3_weights_orbax_to_hf.py @58827fc9, read 2026-12",
    model: gemma3(48, 3840, 16, 8, 256, 15360, 262208, 1024),
  },
  {
    id: "gemma-3-27b",
    name: "Gemma 3 27B (text)",
    source:
      "huggingface.co/google/gemma-3-27b-pt config.json text_config (vision tower not counted); transformers convert_gemma3_weights_orbax_to_hf.py @58827fc9, read 2026-12",
    model: gemma3(62, 5376, 32, 16, 128, 21504, 262208, 1024),
  },
  {
    id: "phi-4",
    name: "Phi-4 (14B)",
    source:
      "huggingface.co/microsoft/phi-4 config.json @2db69c1c (mirrored copy, 2026-12; model_type phi3)",
    model: llama(40, 5120, 40, 10, 17920, 100352),
  },
  {
    id: "deepseek-r1-distill-qwen-1.5b",
    name: "DeepSeek-R1-Distill-Qwen 1.5B",
    source:
      "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B config.json (mirrored copy, 2026-12): untied, unlike Qwen2.5-1.5B",
    model: { ...qwen2(28, 1536, 12, 2, 8960), vocab: 151936 },
  },
  {
    id: "deepseek-r1-distill-qwen-7b",
    name: "DeepSeek-R1-Distill-Qwen 7B",
    source:
      "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-7B config.json (mirrored copies, 2026-12: Qwen2.5-Math-7B shape)",
    model: qwen2(28, 3584, 28, 4, 18944),
  },
  {
    id: "deepseek-r1-distill-qwen-14b",
    name: "DeepSeek-R1-Distill-Qwen 14B",
    source:
      "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-14B config.json (mirrored copies, 2026-12: Qwen2.5-14B shape)",
    model: qwen2(48, 5120, 40, 8, 13824),
  },
  {
    id: "deepseek-r1-distill-qwen-32b",
    name: "DeepSeek-R1-Distill-Qwen 32B",
    source:
      "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B config.json (mirrored copies, 2026-12: Qwen2.5-32B shape)",
    model: qwen2(64, 5120, 40, 8, 27648),
  },
  {
    id: "deepseek-r1-distill-llama-8b",
    name: "DeepSeek-R1-Distill-Llama 8B",
    source:
      "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Llama-8B config.json (mirrored copies, 2026-12: Llama 3.1 8B shape)",
    model: llama(32, 4096, 32, 8, 14336, 128256),
  },
  {
    id: "deepseek-r1-distill-llama-70b",
    name: "DeepSeek-R1-Distill-Llama 70B",
    source:
      "huggingface.co/deepseek-ai/DeepSeek-R1-Distill-Llama-70B config.json (mirrored copies, 2026-12: Llama 3.3 70B shape)",
    model: llama(80, 8192, 64, 8, 28672, 128256),
  },
  {
    id: "mistral-small-3-24b",
    name: "Mistral Small 3.x 24B",
    source:
      "huggingface.co/mistralai/Mistral-Small-24B-Instruct-2501 params.json and model.safetensors.index.json (mirrored copies, 2026-12); 3.1/3.2 text decoder has the same shape (config.json @68faf511)",
    model: { ...llama(40, 5120, 32, 8, 32768, 131072), headDim: 128 },
  },
  {
    id: "mistral-nemo-12b",
    name: "Mistral Nemo 12B",
    source: "huggingface.co/mistralai/Mistral-Nemo-Base-2407 config.json (mirrored copy, 2026-12)",
    model: { ...llama(40, 5120, 32, 8, 14336, 131072), headDim: 128 },
  },
  {
    id: "glm-4.5-air",
    name: "GLM-4.5-Air (MoE)",
    source:
      "huggingface.co/zai-org/GLM-4.5-Air config.json not read: shape from Z.ai's THUDM/slime scripts/models/glm4.5-106B-A12B.sh @624b824a, read 2026-12 (MTP layer not counted)",
    model: glm45(46, 4096, 10944, { experts: 128, expertFfn: 1408, denseLayers: 1 }),
  },
  {
    id: "glm-4.5",
    name: "GLM-4.5 (MoE)",
    source:
      "huggingface.co/zai-org/GLM-4.5 config.json @cbb2c7cf (mirrored copy, 2026-12) and THUDM/slime glm4.5-355B-A32B.sh @624b824a (MTP layer not counted)",
    model: glm45(92, 5120, 12288, { experts: 160, expertFfn: 1536, denseLayers: 3 }),
  },
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export const PRESET_IDS: readonly string[] = PRESETS.map((p) => p.id);
