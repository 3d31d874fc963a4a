/**
 * Each preset's total parameter count as its makers publish it, with where it is written.
 * `total` keeps the figure as printed ("1.7B" is not "1.70B"): the digits given are all a
 * computed count can be held to. `unverified` marks a figure carried over from this
 * project's earlier tests without being re-read at its source on 2026-12-01.
 */
export interface PublishedSize {
  total: string;
  source: string;
  unverified?: true;
}

const hfPage = (repo: string): string =>
  `huggingface.co/${repo} model page (parameter count from its safetensors files)`;
const qwenCard = (repo: string): string =>
  `huggingface.co/${repo} model card, "Number of Parameters" (the card layout read for Qwen3-8B)`;
const GEMMA3_TABLE =
  "Gemma 3 Technical Report (arXiv 2503.19786) Table 1: embedding + non-embedding, vision encoder excluded";
const GLM45_README = "zai-org/GLM-4.5 README.md, 'Model Introduction' (read 2026-12-01)";

export const PUBLISHED_SIZES: Record<string, PublishedSize> = {
  "llama-3.1-8b": { total: "8.03B", source: hfPage("meta-llama/Llama-3.1-8B"), unverified: true },
  "llama-3.1-70b": {
    total: "70.6B",
    source: hfPage("meta-llama/Llama-3.1-70B"),
    unverified: true,
  },
  "llama-2-7b": { total: "6.74B", source: hfPage("meta-llama/Llama-2-7b-hf"), unverified: true },
  "llama-2-13b": { total: "13.0B", source: hfPage("meta-llama/Llama-2-13b-hf"), unverified: true },
  "qwen2.5-7b": { total: "7.61B", source: qwenCard("Qwen/Qwen2.5-7B"), unverified: true },
  "qwen2.5-14b": { total: "14.7B", source: qwenCard("Qwen/Qwen2.5-14B"), unverified: true },
  "qwen2.5-32b": { total: "32.5B", source: qwenCard("Qwen/Qwen2.5-32B"), unverified: true },
  "qwen2.5-72b": { total: "72.7B", source: qwenCard("Qwen/Qwen2.5-72B"), unverified: true },
  "qwen3-0.6b": { total: "0.6B", source: qwenCard("Qwen/Qwen3-0.6B"), unverified: true },
  "qwen3-1.7b": { total: "1.7B", source: qwenCard("Qwen/Qwen3-1.7B"), unverified: true },
  "qwen3-4b": { total: "4.0B", source: qwenCard("Qwen/Qwen3-4B"), unverified: true },
  "qwen3-8b": { total: "8.2B", source: qwenCard("Qwen/Qwen3-8B") },
  "qwen3-14b": { total: "14.8B", source: qwenCard("Qwen/Qwen3-14B"), unverified: true },
  "qwen3-32b": { total: "32.8B", source: qwenCard("Qwen/Qwen3-32B"), unverified: true },
  "qwen3-30b-a3b": { total: "30.5B", source: qwenCard("Qwen/Qwen3-30B-A3B"), unverified: true },
  "qwen3-235b-a22b": {
    total: "235B",
    source: "Qwen3 Technical Report (arXiv 2505.09388) sec. 2: 235B total, 22B activated",
  },
  "deepseek-v3": {
    total: "671B",
    source: "DeepSeek-V3 Technical Report (arXiv 2412.19437) abstract; MTP module excluded",
    unverified: true,
  },
  "deepseek-r1": {
    total: "671B",
    source: "DeepSeek-R1 README (deepseek-ai/DeepSeek-R1 @0cf78561) model table",
    unverified: true,
  },
  "mistral-7b": {
    total: "7.24B",
    source: hfPage("mistralai/Mistral-7B-v0.1"),
    unverified: true,
  },
  "mixtral-8x7b": {
    total: "46.7B",
    source: "mistral.ai/news/mixtral-of-experts (2023-12-11): 46.7B total parameters",
    unverified: true,
  },
  "glm-4-9b": { total: "9.4B", source: hfPage("THUDM/glm-4-9b"), unverified: true },
  "bert-large": {
    total: "335M",
    source: `${hfPage("google-bert/bert-large-uncased")}; the paper rounds it to 340M`,
    unverified: true,
  },
  gpt2: {
    total: "124M",
    source:
      "huggingface.co/openai-community/gpt2 model card: 'the smallest version of GPT-2, with 124M parameters'",
    unverified: true,
  },
  octocoder: {
    total: "15.5B",
    source:
      "Muennighoff et al. 2023 (OctoPack, arXiv 2308.07124): OctoCoder, 15.5B (StarCoder base)",
    unverified: true,
  },
  "llama-3.2-1b": {
    total: "1.23B",
    source: "meta-llama/llama-models models/llama3_2/MODEL_CARD.md, 'Params 1B (1.23B)'",
  },
  "llama-3.2-3b": {
    total: "3.21B",
    source: "meta-llama/llama-models models/llama3_2/MODEL_CARD.md, 'Params 3B (3.21B)'",
  },
  "llama-3.3-70b": {
    total: "70B",
    source: "meta-llama/llama-models models/llama3_3/MODEL_CARD.md, 'Params 70B'",
  },
  "gemma-3-1b": { total: "1000M", source: `${GEMMA3_TABLE}: 302M + 698M` },
  "gemma-3-4b": { total: "3884M", source: `${GEMMA3_TABLE}: 675M + 3,209M` },
  "gemma-3-12b": { total: "11771M", source: `${GEMMA3_TABLE}: 1,012M + 10,759M` },
  "gemma-3-27b": { total: "27016M", source: `${GEMMA3_TABLE}: 1,416M + 25,600M` },
  "phi-4": {
    total: "14.7B",
    source: `${hfPage("microsoft/phi-4")}; the technical report (arXiv 2412.08905) says 14B`,
    unverified: true,
  },
  "deepseek-r1-distill-qwen-1.5b": {
    total: "1.78B",
    source: hfPage("deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B"),
    unverified: true,
  },
  "deepseek-r1-distill-qwen-7b": {
    total: "7.62B",
    source: hfPage("deepseek-ai/DeepSeek-R1-Distill-Qwen-7B"),
    unverified: true,
  },
  "deepseek-r1-distill-qwen-14b": {
    total: "14.8B",
    source: hfPage("deepseek-ai/DeepSeek-R1-Distill-Qwen-14B"),
    unverified: true,
  },
  "deepseek-r1-distill-qwen-32b": {
    total: "32.8B",
    source: hfPage("deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"),
    unverified: true,
  },
  "deepseek-r1-distill-llama-8b": {
    total: "8.03B",
    source: hfPage("deepseek-ai/DeepSeek-R1-Distill-Llama-8B"),
    unverified: true,
  },
  "deepseek-r1-distill-llama-70b": {
    total: "70.6B",
    source: `${hfPage("deepseek-ai/DeepSeek-R1-Distill-Llama-70B")}; the same 70.6 in a third-party catalog read 2026-12-01`,
  },
  "mistral-small-3-24b": {
    total: "23.57B",
    source:
      "Mistral-Small-24B-Instruct-2501 model.safetensors.index.json: total_size 47,144,806,400 bytes / 2 bytes per bf16 weight (mirrored copy, 2026-12)",
  },
  "mistral-nemo-12b": {
    total: "12B",
    source: "huggingface.co/mistralai/Mistral-Nemo-Base-2407 model card: a 12B parameter model",
    unverified: true,
  },
  "glm-4.5-air": { total: "106B", source: `${GLM45_README}: 106 billion total parameters` },
  "glm-4.5": { total: "355B", source: `${GLM45_README}: 355 billion total parameters` },
};
