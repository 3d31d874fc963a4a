/**
 * What the log readers return: the measurements a sizing needs, read from logs people already
 * have (training frameworks' step lines and state files, inference servers' periodic metrics,
 * benchmark clients' results). Plain data only, like `../types.ts`, so a result can sit in a
 * store or cross a worker boundary. Units are in the names; a value the log does not carry is
 * `null`, never NaN or Infinity; every value says which line it came from.
 */

/** One reader per tool and file kind. */
export type ReaderId =
  | "hf-trainer-state"
  | "hf-trainer-console"
  | "llamafactory-trainer-log"
  | "torchtitan-log"
  | "megatron-log"
  | "vllm-server-log"
  | "vllm-bench"
  | "sglang-server-log"
  | "sglang-bench";

export interface LogFormat {
  id: ReaderId;
  /** Human name, English (the UI translates by id). */
  name: string;
  /** The releases whose source the reader was written from, e.g. "torchtitan 0.2.1–0.2.2". */
  versions: string;
}

export type Workload = "training" | "serving";

/** A single figure and the 1-based line it was read from. */
export interface LineValue {
  value: number;
  line: number;
}

/**
 * Where a rate was measured. The seed's method (run, drop the warm-up, measure the steady
 * part) decides the order of preference:
 * - "steady-window": warm-up and tail dropped by `../steady-state.ts`, idle readings left out;
 * - "all-readings": the log had too few readings, or no stable band, to find a window: the mean
 *   of every busy reading, warm-up included;
 * - "whole-run": the tool's own end-of-run average (Trainer's train_*_per_second), warm-up
 *   included;
 * - "benchmark": a benchmark client's figure over its own run (`vllm bench serve`,
 *   `sglang.bench_serving`), ramp-up included.
 */
export type RateScope = "steady-window" | "all-readings" | "whole-run" | "benchmark";

/** The readings a steady rate was averaged over. */
export interface SteadyWindow {
  /** Whether `../steady-state.ts` found a stable band; false: every reading was used. */
  found: boolean;
  startLine: number;
  endLine: number;
  /** Seconds on the log's clock from the segment's first reading to the window's first. */
  warmupSeconds: number;
  windowSeconds: number;
  /** Seconds from the window's last reading to the segment's last. */
  tailSeconds: number;
  /** Readings in the window, and those of them left out as idle (pauses). */
  readings: number;
  pausedReadings: number;
  /** Seconds the paused readings cover (the gaps before them on the log's clock). */
  pausedSeconds: number;
}

export interface Rate {
  perSecond: number;
  /** What the rate is for: one device (torchtitan's tps) or the whole job or server. */
  per: "device" | "job";
  scope: RateScope;
  /** The averaged readings; null for a figure the tool computed itself. */
  window: SteadyWindow | null;
  /** The figure's line; for a window, its first line. */
  line: number;
}

/**
 * Which memory figure a peak is: PyTorch's caching allocator peaks (`max_memory_reserved`,
 * `max_memory_allocated`), or the device's own used memory (NVML, what nvidia-smi shows, which
 * adds the CUDA context and other processes' memory to the reserved pool).
 */
export type MemoryView = "torch-max-reserved" | "torch-max-allocated" | "device-used";

export interface PeakMemory {
  bytes: number;
  view: MemoryView;
  line: number;
  /** The rank that printed it, where the log says. */
  rank: number | null;
}

/** A count read on every metrics line (running requests, waiting requests, KV use). */
export interface CountSummary {
  /** Null when the tool printed only a mean (older sglang.bench_serving). */
  max: number | null;
  maxLine: number | null;
  /** Median over the steady window's readings (all readings when there is none); null for a single figure. */
  median: number | null;
  /** A mean the tool computed itself (sglang.bench_serving's "Concurrency"); null otherwise. */
  mean: number | null;
  readings: number;
}

/** The KV pool's capacity in requests of a given length. */
export interface MaxConcurrency {
  times: number;
  tokensPerRequest: number;
  line: number;
  /** True when computed here (SGLang: pool ÷ context length) rather than printed by the tool. */
  derived: boolean;
}

export interface StepCount {
  done: number;
  total: number | null;
  line: number;
}

/**
 * Restarts (a step counter going back, a server starting again) and concatenated files split a
 * log into segments; the reader measures one: the one with the most readings, the later on a
 * tie.
 */
export interface Segments {
  count: number;
  /** 0-based index of the segment measured. */
  used: number;
  firstLine: number;
  lastLine: number;
}

export type IssueCode =
  /** Refusals. */
  | "empty"
  | "too-large"
  | "unrecognised-format"
  | "invalid-json"
  | "truncated-json"
  | "missing-field"
  | "no-readings"
  /** Notes on a reading that went through. */
  | "unreadable-line"
  | "partial-last-line"
  | "line-too-long"
  | "restart";

export interface ReadIssue {
  /** 1-based line number. */
  line: number;
  code: IssueCode;
}

export interface LogReading {
  ok: true;
  format: LogFormat;
  workload: Workload;
  /** Lines in the text, counted by line feeds. */
  lineCount: number;
  segments: Segments;
  trainingTokensPerSecond: Rate | null;
  trainingSamplesPerSecond: Rate | null;
  trainingStepsPerSecond: Rate | null;
  /** Model TFLOP/s per device as the framework computes it (torchtitan, Megatron-LM). */
  tflopsPerDevice: Rate | null;
  outputTokensPerSecond: Rate | null;
  promptTokensPerSecond: Rate | null;
  /** The largest figure of each memory view the log prints, over the measured segment. */
  peakMemory: PeakMemory[];
  runningRequests: CountSummary | null;
  waitingRequests: CountSummary | null;
  /** KV cache use, percent of the pool. */
  kvCacheUsagePct: CountSummary | null;
  /** The server's KV pool, tokens (summed over data-parallel engines). */
  kvPoolTokens: LineValue | null;
  maxConcurrency: MaxConcurrency | null;
  /**
   * A benchmark that sent every request at once (request rate inf, no concurrency limit: the
   * default of `vllm bench serve` and `sglang.bench_serving`): how many it sent. Its
   * throughput is a burst's (ramp, queue and drain included), not a steady load's.
   */
  burstRequests: LineValue | null;
  /** Run time the tool reports (Trainer's train_runtime, LLaMA-Factory's elapsed time, a benchmark's duration). */
  runSeconds: LineValue | null;
  steps: StepCount | null;
  /** Devices of the job, where the log prints it (Megatron-LM's world_size). */
  devices: LineValue | null;
  /** Notes on lines skipped or segments cut, the first MAX_LISTED_ISSUES of them. */
  issues: ReadIssue[];
  issueCount: number;
}

/** A text the reader cannot measure; `issues` names the line and why (never empty). */
export interface LogRefusal {
  ok: false;
  format: LogFormat | null;
  issues: ReadIssue[];
}

export type LogReadResult = LogReading | LogRefusal;
