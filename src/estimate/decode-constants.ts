/**
 * Step constants fitted to the calibration rows (content/reference/decode-calibration.tsv and
 * the calibration runs of serving-throughput.tsv) by src/accuracy/decode-fit.ts. Generated
 * by `npm run -s calibrate`: do not edit; a unit
 * test fails when this file is not what the rows give. `rows` counts the measurements
 * behind each constant; a constant missing here had no rows (decode-step.ts says what
 * stands in for it).
 */
import type { DecodeConstants } from "./decode-step.ts";

export const DECODE_CONSTANTS: DecodeConstants = {
  perLayerSeconds: {
    "exllamav2/exl2": 0.00004155,
    "exllamav2/gptq": 0.00005853,
    "llama.cpp/gguf": 0.00006969,
    "sglang/awq": 0.00006735,
    "sglang/fp16": 0.0000795,
    "sglang/fp8": 0.00007559,
    "sglang/gptq": 0.0001083,
    "tensorrt-llm/fp16": 0.0000498,
    "transformers/awq": 0.000258,
    "transformers/fp16": 0.0005522,
    "transformers/fp8": 0.001415,
    "transformers/gptq": 0.001072,
    "vllm/awq": 0.0001406,
    "vllm/fp16": 0.0001026,
    "vllm/gptq": 0.0001393,
  },
  bandwidthShare: {
    "exllamav2/exl2": 0.8804,
    "exllamav2/gptq": 0.9966,
    "llama.cpp/gguf": 0.875,
    "sglang/awq": 0.2752,
    "sglang/fp16": 0.8278,
    "sglang/fp8": 0.6767,
    "sglang/gptq": 0.5135,
    "tensorrt-llm/fp16": 0.7617,
    "transformers/fp16": 1,
    "transformers/fp8": 0.1785,
    "vllm/awq": 0.8836,
    "vllm/fp16": 0.9536,
    "vllm/gptq": 0.9161,
  },
  computeShare: {
    all: 0.5353,
    "tensorrt-llm": 0.5264,
  },
  allReduceSeconds: {
    "gpu-link": 0.00001253,
  },
  rows: {
    "compute:all": 5,
    "compute:tensorrt-llm": 13,
    "layer:exllamav2/exl2": 13,
    "layer:exllamav2/gptq": 8,
    "layer:llama.cpp/gguf": 11,
    "layer:sglang/awq": 4,
    "layer:sglang/fp16": 9,
    "layer:sglang/fp8": 9,
    "layer:sglang/gptq": 4,
    "layer:tensorrt-llm/fp16": 66,
    "layer:transformers/awq": 14,
    "layer:transformers/fp16": 13,
    "layer:transformers/fp8": 6,
    "layer:transformers/gptq": 16,
    "layer:vllm/awq": 9,
    "layer:vllm/fp16": 15,
    "layer:vllm/gptq": 15,
    "link:gpu-link": 44,
    "share:exllamav2/exl2": 13,
    "share:exllamav2/gptq": 8,
    "share:llama.cpp/gguf": 11,
    "share:sglang/awq": 4,
    "share:sglang/fp16": 9,
    "share:sglang/fp8": 9,
    "share:sglang/gptq": 4,
    "share:tensorrt-llm/fp16": 66,
    "share:transformers/fp16": 13,
    "share:transformers/fp8": 6,
    "share:vllm/awq": 9,
    "share:vllm/fp16": 15,
    "share:vllm/gptq": 15,
  },
};
