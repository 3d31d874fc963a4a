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
const qwen3 = (layers: number, hidden: number, heads: number, ffn: number): ModelArch => ({
  ...llama(layers, hidden, heads, 8, ffn, 151936),
  headDim: 128,
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
    model: llama(32, 4096, 32, 8, 14336, 32000),
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
];

export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export const PRESET_IDS: readonly string[] = PRESETS.map((p) => p.id);
