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
import { benchSegments, burstSize, readBenchText } from "./bench-result.ts";
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

/** Sets a benchmark's mean requests in flight beside its peak (both readers). */
export function setMeanConcurrency(r: LogReading, mean: number | null): void {
  if (mean === null) return;
  r.runningRequests = r.runningRequests
    ? { ...r.runningRequests, mean }
    : { max: null, maxLine: null, median: null, mean, readings: 1 };
}

/** What a vLLM result says of its requests' latency, milliseconds, and how many there were. */
interface Latency {
  completed: number | null;
  durationSeconds: number | null;
  outputTokens: number | null;
  meanE2eMs: number | null;
  meanTtftMs: number | null;
  meanTpotMs: number | null;
}

/**
 * The mean number of requests in flight, by Little's law: the requests' summed latency over
 * the run's duration, as SGLang's bench_serving saves its `concurrency`. vLLM saves the mean
 * end-to-end latency only when asked (`--percentile-metrics ...,e2el`); else a request's
 * latency is its first token plus one token interval per further output token, vLLM's own
 * definition of TPOT ((e2el − ttft) / (output − 1), `calculate_metrics` in
 * vllm/benchmarks/serve.py), at the run's mean output length.
 */
function meanInFlight(l: Latency): number | null {
  const { completed, durationSeconds } = l;
  if (!completed || !durationSeconds || completed <= 0 || durationSeconds <= 0) return null;
  const perRequestOutput = l.outputTokens !== null ? l.outputTokens / completed : null;
  const e2eMs =
    l.meanE2eMs ??
    (l.meanTtftMs !== null && l.meanTpotMs !== null && perRequestOutput !== null
      ? l.meanTtftMs + l.meanTpotMs * Math.max(0, perRequestOutput - 1)
      : null);
  if (e2eMs === null) return null;
  // A damaged file's tiny duration or huge latency gives no figure rather than Infinity.
  const mean = (completed * e2eMs) / 1000 / durationSeconds;
  return Number.isFinite(mean) && mean >= 0 ? mean : null;
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
    const value = (label: string) => num(b.rows.get(label)?.text);
    // Without the lines printed before the run, the rate is not known: no burst is assumed.
    const requests = value("Successful requests");
    const burst = burstSize(
      b.load.get("Traffic request rate"),
      b.rows.get("Maximum request concurrency")?.text ?? b.load.get("Maximum request concurrency"),
      requests === null ? null : requests + (value("Failed requests") ?? 0),
    );
    if (burst !== null)
      r.burstRequests = {
        value: burst,
        line: b.rows.get("Successful requests")?.line ?? b.line,
      };
    setMeanConcurrency(
      r,
      meanInFlight({
        completed: value("Successful requests"),
        durationSeconds: f.durationSeconds,
        outputTokens: value("Total generated tokens"),
        meanE2eMs: value("Mean E2EL (ms)"),
        meanTtftMs: value("Mean TTFT (ms)"),
        meanTpotMs: value("Mean TPOT (ms)"),
      }),
    );
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
  const burst = burstSize(
    v["request_rate"],
    v["max_concurrency"],
    num(v["num_prompts"]) ?? num(v["completed"]),
  );
  if (burst !== null) r.burstRequests = { value: burst, line: lineOf("request_rate") };
  setMeanConcurrency(
    r,
    meanInFlight({
      completed: num(v["completed"]),
      durationSeconds: f.durationSeconds,
      outputTokens: num(v["total_output_tokens"]),
      meanE2eMs: num(v["mean_e2el_ms"]),
      meanTtftMs: num(v["mean_ttft_ms"]),
      meanTpotMs: num(v["mean_tpot_ms"]),
    }),
  );
  return r;
}
