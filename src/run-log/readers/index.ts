/**
 * Log readers: training and serving logs people already have, read into measurements
 * (`LogReading`). `readRunLog` recognises the format; each `read…` reads one format.
 */
export * from "./types.ts";
export { detectLogFormat, LOG_FORMATS, LOG_READERS, readRunLog } from "./detect.ts";
export { readHfTrainerState, HF_TRAINER_STATE_FORMAT } from "./hf-trainer-state.ts";
export { readHfTrainerConsole, HF_TRAINER_CONSOLE_FORMAT } from "./hf-trainer-console.ts";
export { readLlamaFactoryLog, LLAMAFACTORY_FORMAT } from "./llamafactory-log.ts";
export { readTorchtitanLog, TORCHTITAN_FORMAT } from "./torchtitan.ts";
export { readMegatronLog, MEGATRON_FORMAT } from "./megatron.ts";
export { readVllmServerLog, VLLM_SERVER_FORMAT } from "./vllm-server.ts";
export { readVllmBench, VLLM_BENCH_FORMAT } from "./vllm-bench.ts";
export { readSglangServerLog, SGLANG_SERVER_FORMAT } from "./sglang-server.ts";
export { readSglangBench, SGLANG_BENCH_FORMAT } from "./sglang-bench.ts";
export { MAX_LOG_CHARS, MAX_LINE_CHARS } from "./log-lines.ts";
export { MAX_LISTED_ISSUES } from "./reading.ts";
