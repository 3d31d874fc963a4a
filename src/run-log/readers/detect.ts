/**
 * Which reader a text needs, from marks only that tool prints, and reading it. The marks are
 * looked for with `includes` over the whole text (a few linear scans, fast on 50 MB): a
 * server log may print its first metrics line minutes after start-up output of any length.
 *
 * Order matters where one tool's output can hold another's marks: a benchmark's result block
 * is unambiguous, servers and trainers next, and the Trainer console last, because tqdm bars
 * (its mark) also appear in the others' output (vLLM's checkpoint loading, benchmark clients).
 */
import { BENCH_TITLE } from "./bench-result.ts";
import { HF_TRAINER_CONSOLE_FORMAT, readHfTrainerConsole } from "./hf-trainer-console.ts";
import { HF_TRAINER_STATE_FORMAT, readHfTrainerState } from "./hf-trainer-state.ts";
import { LLAMAFACTORY_FORMAT, readLlamaFactoryLog } from "./llamafactory-log.ts";
import { MEGATRON_FORMAT, readMegatronLog } from "./megatron.ts";
import { checkText, refusal } from "./reading.ts";
import { readSglangBench, SGLANG_BENCH_FORMAT } from "./sglang-bench.ts";
import { readSglangServerLog, SGLANG_SERVER_FORMAT } from "./sglang-server.ts";
import { readTorchtitanLog, TORCHTITAN_FORMAT } from "./torchtitan.ts";
import type { LogFormat, LogReadResult, ReaderId } from "./types.ts";
import { readVllmBench, VLLM_BENCH_FORMAT } from "./vllm-bench.ts";
import { readVllmServerLog, VLLM_SERVER_FORMAT } from "./vllm-server.ts";

export const LOG_READERS: Record<ReaderId, (text: string) => LogReadResult> = {
  "hf-trainer-state": readHfTrainerState,
  "hf-trainer-console": readHfTrainerConsole,
  "llamafactory-trainer-log": readLlamaFactoryLog,
  "torchtitan-log": readTorchtitanLog,
  "megatron-log": readMegatronLog,
  "vllm-server-log": readVllmServerLog,
  "vllm-bench": readVllmBench,
  "sglang-server-log": readSglangServerLog,
  "sglang-bench": readSglangBench,
};

export const LOG_FORMATS: Record<ReaderId, LogFormat> = {
  "hf-trainer-state": HF_TRAINER_STATE_FORMAT,
  "hf-trainer-console": HF_TRAINER_CONSOLE_FORMAT,
  "llamafactory-trainer-log": LLAMAFACTORY_FORMAT,
  "torchtitan-log": TORCHTITAN_FORMAT,
  "megatron-log": MEGATRON_FORMAT,
  "vllm-server-log": VLLM_SERVER_FORMAT,
  "vllm-bench": VLLM_BENCH_FORMAT,
  "sglang-server-log": SGLANG_SERVER_FORMAT,
  "sglang-bench": SGLANG_BENCH_FORMAT,
};

/** A JSON text (a state file, a saved benchmark result, JSON lines): which tool wrote it. */
function detectJson(text: string): ReaderId | null {
  if (text.includes('"log_history"')) return "hf-trainer-state";
  if (text.includes('"current_steps"')) return "llamafactory-trainer-log";
  if (text.includes('"output_throughput"')) {
    // SGLang names its totals total_throughput and input_throughput; vLLM total_token_throughput.
    const sglang =
      text.includes('"total_throughput"') ||
      text.includes('"input_throughput"') ||
      text.includes('"dataset_name"');
    return sglang ? "sglang-bench" : "vllm-bench";
  }
  return null;
}

/** The reader for a text, or null when no reader recognises it. */
export function detectLogFormat(text: string): ReaderId | null {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head.startsWith("{") || head.startsWith("[")) {
    const json = detectJson(text);
    if (json) return json;
  }
  const title = text.lastIndexOf(BENCH_TITLE);
  if (title !== -1) {
    const block = text.slice(title, title + 8192);
    const sglang =
      block.includes("Input token throughput (tok/s):") ||
      block.includes("\nBackend:") ||
      block.includes("\nConcurrency:");
    return sglang ? "sglang-bench" : "vllm-bench";
  }
  if (text.includes("Avg prompt throughput:") || text.includes("GPU KV cache size:"))
    return "vllm-server-log";
  if (
    (text.includes("Decode batch") && text.includes("#running-req:")) ||
    text.includes("max_total_num_tokens=")
  )
    return "sglang-server-log";
  if (text.includes("elapsed time per iteration (ms):")) return "megatron-log";
  if (text.includes("tps:") && text.includes("tflops:") && text.includes("step:"))
    return "torchtitan-log";
  if (
    text.includes("'train_runtime'") ||
    text.includes("{'loss'") ||
    text.includes("it/s]") ||
    text.includes("s/it]")
  )
    return "hf-trainer-console";
  return null;
}

/** Recognise a text's format and read it. */
export function readRunLog(text: string): LogReadResult {
  const refused = checkText(text, null);
  if (refused) return refused;
  const id = detectLogFormat(text);
  if (id === null) return refusal(null, 1, "unrecognised-format");
  return LOG_READERS[id](text);
}
