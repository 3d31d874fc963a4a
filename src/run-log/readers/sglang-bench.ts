/**
 * `python -m sglang.bench_serving` results. Read from `python/sglang/bench_serving.py` (stored
 * versions at 50a6136 and the one with the peak rows): the JSON line appended to its output
 * file (backend, dataset_name, request_rate, max_concurrency, server_info, duration, completed,
 * total_input_tokens, total_output_tokens, request_throughput, input_throughput,
 * output_throughput, total_throughput, latency statistics, concurrency, accept_length, and in
 * newer versions max_output_tokens_per_s and max_concurrent_requests) and the printed block
 * (vLLM's rows plus "Backend:", "Traffic request rate:", "Max request concurrency:", "Input
 * token throughput (tok/s):", "Concurrency:"). "Concurrency" is the mean number of requests in
 * flight (the sum of request latencies over the duration). server_info is the server's
 * /get_server_info, which carries max_total_num_tokens where the server reports it.
 * Not tied to release tags, for the reasons in `sglang-server.ts`.
 */
import type { BenchBlock } from "./bench-result.ts";
import { benchSegments, burstSize, readBenchText } from "./bench-result.ts";
import { isObject } from "./json-text.ts";
import { blankReading, checkText, createIssues, num, refusal } from "./reading.ts";
import type { LogFormat, LogReadResult } from "./types.ts";
import type { BenchFigures } from "./vllm-bench.ts";
import { benchReading, setMeanConcurrency } from "./vllm-bench.ts";

export const SGLANG_BENCH_FORMAT: LogFormat = {
  id: "sglang-bench",
  name: "SGLang serving benchmark result",
  versions: "sglang.bench_serving 0.4–0.5",
};

/** max_total_num_tokens from /get_server_info: at the top, or in internal_states[0]. */
function poolOf(serverInfo: unknown): number | null {
  if (!isObject(serverInfo)) return null;
  const top = num(serverInfo["max_total_num_tokens"]);
  if (top !== null) return top;
  const states = serverInfo["internal_states"];
  return Array.isArray(states) && isObject(states[0])
    ? num(states[0]["max_total_num_tokens"])
    : null;
}

/** Read a `sglang.bench_serving` result file or printed result. */
export function readSglangBench(text: string): LogReadResult {
  const refused = checkText(text, SGLANG_BENCH_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const found = readBenchText(text, issues);
  if (found.kind === "none") return refusal(SGLANG_BENCH_FORMAT, found.line, found.code);
  if (found.kind === "block") {
    const b = found.blocks[found.blocks.length - 1] as BenchBlock;
    const row = (label: string): { value: number | null; line: number } => {
      const x = b.rows.get(label);
      return { value: num(x?.text), line: x?.line ?? b.line };
    };
    const output = row("Output token throughput (tok/s)");
    if (output.value === null) return refusal(SGLANG_BENCH_FORMAT, b.line, "missing-field");
    const duration = row("Benchmark duration (s)");
    const input = row("Input token throughput (tok/s)");
    const peak = row("Peak concurrent requests");
    const f: BenchFigures = {
      durationSeconds: duration.value,
      inputTokens: num(b.rows.get("Total input tokens")?.text),
      outputTokensPerSecond: output.value,
      peakConcurrent: peak.value,
      lines: { duration: duration.line, input: input.line, output: output.line, peak: peak.line },
    };
    const r = blankReading(
      SGLANG_BENCH_FORMAT,
      "serving",
      found.lineCount,
      issues,
      benchSegments(found.blocks.length, b.line, b.lastLine),
    );
    benchReading(r, f, input.value);
    setMeanConcurrency(r, row("Concurrency").value);
    // "Max request concurrency: not set" is not a number: no limit.
    const requests = row("Successful requests");
    const burst = burstSize(
      b.rows.get("Traffic request rate")?.text,
      b.rows.get("Max request concurrency")?.text,
      requests.value,
    );
    if (burst !== null) r.burstRequests = { value: burst, line: requests.line };
    return r;
  }
  const last = found.results[found.results.length - 1] as (typeof found.results)[number];
  const v = last.value;
  const output = num(v["output_throughput"]);
  if (output === null) return refusal(SGLANG_BENCH_FORMAT, last.line, "missing-field");
  const at = last.line;
  const f: BenchFigures = {
    durationSeconds: num(v["duration"]),
    inputTokens: num(v["total_input_tokens"]),
    outputTokensPerSecond: output,
    peakConcurrent: num(v["max_concurrent_requests"]),
    lines: { duration: at, input: at, output: at, peak: at },
  };
  const r = blankReading(
    SGLANG_BENCH_FORMAT,
    "serving",
    found.lineCount,
    issues,
    benchSegments(found.results.length, at, at),
  );
  benchReading(r, f, num(v["input_throughput"]));
  setMeanConcurrency(r, num(v["concurrency"]));
  const burst = burstSize(v["request_rate"], v["max_concurrency"], num(v["completed"]));
  if (burst !== null) r.burstRequests = { value: burst, line: at };
  const pool = poolOf(v["server_info"]);
  if (pool !== null) r.kvPoolTokens = { value: pool, line: at };
  return r;
}
