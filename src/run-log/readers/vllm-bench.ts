/**
 * `vllm bench serve` results (and `benchmarks/benchmark_serving.py` before the CLI). Read from
 * `vllm/benchmarks/serve.py` at def9ce8: the saved JSON (`main_async`: date, endpoint_type,
 * backend, label, model_id, tokenizer_id, num_prompts, request_rate, burstiness,
 * max_concurrency, then the benchmark's duration, completed, failed, total_input_tokens,
 * total_output_tokens, request_throughput, output_throughput, total_token_throughput,
 * latency statistics, and in newer versions max_output_tokens_per_s and
 * max_concurrent_requests; --append-result writes one object a line) and the printed block
 * ("Successful requests:", "Failed requests:", "Benchmark duration (s):", "Total input
 * tokens:", "Total generated tokens:", "Output token throughput (tok/s):", "Peak output token
 * throughput (tok/s):", "Peak concurrent requests:", "Total token throughput (tok/s):").
 * The client's figures cover its whole run (ramp-up and drain included); the prompt rate is the
 * input tokens over the duration, as vLLM computes its total rate.
 * Not tied to release tags, for the reasons in `vllm-server.ts`; the newest stored text of the
 * printed block (same rows; "Peak concurrent requests:" printed with two decimals, read as a
 * number) needed no change.
 */
import type { BenchBlock } from "./bench-result.ts";
import { benchSegments, readBenchText } from "./bench-result.ts";
import { lineOfKey } from "./json-text.ts";
import { blankReading, checkText, createIssues, num, refusal } from "./reading.ts";
import type { LogFormat, LogReadResult, LogReading, Rate } from "./types.ts";

export const VLLM_BENCH_FORMAT: LogFormat = {
  id: "vllm-bench",
  name: "vLLM serving benchmark result",
  versions: "vllm bench serve and benchmarks/benchmark_serving.py",
};

/** The figures both shapes carry, with their lines. */
export interface BenchFigures {
  durationSeconds: number | null;
  inputTokens: number | null;
  outputTokensPerSecond: number | null;
  peakConcurrent: number | null;
  lines: Record<"duration" | "input" | "output" | "peak", number>;
}

function fromBlock(b: BenchBlock): BenchFigures {
  const row = (label: string): { value: number | null; line: number } => {
    const r = b.rows.get(label);
    return { value: num(r?.text), line: r?.line ?? b.line };
  };
  const duration = row("Benchmark duration (s)");
  const input = row("Total input tokens");
  const output = row("Output token throughput (tok/s)");
  const peak = row("Peak concurrent requests");
  return {
    durationSeconds: duration.value,
    inputTokens: input.value,
    outputTokensPerSecond: output.value,
    peakConcurrent: peak.value,
    lines: { duration: duration.line, input: input.line, output: output.line, peak: peak.line },
  };
}

/** Fill a reading from a benchmark's figures (shared with SGLang's, which prints the same rows). */
export function benchReading(r: LogReading, f: BenchFigures, promptPerSecond: number | null): void {
  const rate = (perSecond: number, line: number): Rate => ({
    perSecond,
    per: "job",
    scope: "benchmark",
    window: null,
    line,
  });
  if (f.outputTokensPerSecond !== null)
    r.outputTokensPerSecond = rate(f.outputTokensPerSecond, f.lines.output);
  const prompt =
    promptPerSecond ??
    (f.inputTokens !== null && f.durationSeconds !== null && f.durationSeconds > 0
      ? f.inputTokens / f.durationSeconds
      : null);
  if (prompt !== null) r.promptTokensPerSecond = rate(prompt, f.lines.input);
  if (f.durationSeconds !== null)
    r.runSeconds = { value: f.durationSeconds, line: f.lines.duration };
  if (f.peakConcurrent !== null)
    r.runningRequests = {
      max: f.peakConcurrent,
      maxLine: f.lines.peak,
      median: null,
      mean: null,
      readings: 1,
    };
}

/** Read a `vllm bench serve` result file or printed result. */
export function readVllmBench(text: string): LogReadResult {
  const refused = checkText(text, VLLM_BENCH_FORMAT);
  if (refused) return refused;
  const issues = createIssues();
  const found = readBenchText(text, issues);
  if (found.kind === "none") return refusal(VLLM_BENCH_FORMAT, found.line, found.code);
  if (found.kind === "block") {
    const b = found.blocks[found.blocks.length - 1] as BenchBlock;
    const f = fromBlock(b);
    if (f.outputTokensPerSecond === null)
      return refusal(VLLM_BENCH_FORMAT, b.line, "missing-field");
    const r = blankReading(
      VLLM_BENCH_FORMAT,
      "serving",
      found.lineCount,
      issues,
      benchSegments(found.blocks.length, b.line, b.lastLine),
    );
    benchReading(r, f, null);
    return r;
  }
  const last = found.results[found.results.length - 1] as (typeof found.results)[number];
  const v = last.value;
  // A pretty-printed file puts each key on its own line; a JSON-lines file, all on one.
  const lineOf = (key: string): number =>
    found.results.length === 1 && last.line === 1 ? lineOfKey(text, key) : last.line;
  const f: BenchFigures = {
    durationSeconds: num(v["duration"]),
    inputTokens: num(v["total_input_tokens"]),
    outputTokensPerSecond: num(v["output_throughput"]),
    peakConcurrent: num(v["max_concurrent_requests"]),
    lines: {
      duration: lineOf("duration"),
      input: lineOf("total_input_tokens"),
      output: lineOf("output_throughput"),
      peak: lineOf("max_concurrent_requests"),
    },
  };
  if (f.outputTokensPerSecond === null)
    return refusal(VLLM_BENCH_FORMAT, last.line, "missing-field");
  const r = blankReading(
    VLLM_BENCH_FORMAT,
    "serving",
    found.lineCount,
    issues,
    benchSegments(
      found.results.length,
      last.line,
      found.results.length === 1 ? found.lineCount : last.line,
    ),
  );
  benchReading(r, f, null);
  return r;
}
