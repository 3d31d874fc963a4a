/**
 * Serving readers (server logs and benchmark results) against hand-written fixtures; each
 * expected figure is worked out from the fixture in the comment beside it.
 */
import { describe, expect, it } from "vitest";
import {
  readSglangBench,
  readSglangServerLog,
  readVllmBench,
  readVllmServerLog,
} from "../../../../src/run-log/readers/index.ts";
import { allFinite, logFixture, reading, refused } from "./helpers.ts";

describe("vLLM server log reader", () => {
  it("reads the KV pool, the steady rates across a pause and the new year, and the queue", () => {
    const r = reading(readVllmServerLog(logFixture("vllm-v1-server.log")));
    expect(r.workload).toBe("serving");
    expect(r.kvPoolTokens).toEqual({ value: 686_320, line: 7 });
    expect(r.maxConcurrency).toEqual({
      times: 6.86,
      tokensPerRequest: 100_000,
      line: 8,
      derived: false,
    });
    // Metrics every 10 s from 12-31 23:57:00: two ramp lines (96.5 and 820.4 tok/s), twelve
    // steady lines (23:57:20–23:59:10, lines 15–28), one idle line (23:59:20, 0.0), two quiet
    // minutes, six steady lines (01-01 00:01:20–00:02:10, lines 30–36), two drain lines.
    // Steady generation values come in pairs around 1,580: (12 + 6) × 1,580 / 18 = 1,580.
    const out = r.outputTokensPerSecond!;
    expect(out.perSecond).toBeCloseTo(1580, 9);
    expect(out).toMatchObject({ per: "job", scope: "steady-window", line: 15 });
    expect(out.window).toEqual({
      found: true,
      startLine: 15,
      endLine: 36,
      warmupSeconds: 20,
      // 23:57:20 → 00:02:10 across midnight of the new year: 2 min 40 s + 2 min 10 s.
      windowSeconds: 290,
      tailSeconds: 20,
      readings: 19,
      pausedReadings: 1,
      pausedSeconds: 10,
    });
    // Prompt values pair around 3,200 on the same counted lines.
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(3200, 9);
    // Running: max 64 first on line 18; the window's 19 values are 0, 60, 62, 63 × 4, 64 × 12:
    // median (10th) 64. Waiting: max 18 (line 18); window values sorted 0 9 10 11 11 12 12 12 12
    // 13 13 14 14 14 15 15 16 17 18: median 13.
    expect(r.runningRequests).toEqual({
      max: 64,
      maxLine: 18,
      median: 64,
      mean: null,
      readings: 23,
    });
    expect(r.waitingRequests).toMatchObject({ max: 18, maxLine: 18, median: 13 });
    expect(r.kvCacheUsagePct).toMatchObject({ max: 87.5, maxLine: 18 });
    expect(r.issues).toEqual([]);
    expect(allFinite(r)).toBe(true);
  });

  it("reads V0 lines with CRLF, measures the run after a restart, and notes the cut last line", () => {
    const r = reading(readVllmServerLog(logFixture("vllm-v0-restart-crlf.log")));
    // The server died (out of memory) and started again: a second concurrency line on line 12.
    expect(r.segments).toMatchObject({ count: 2, used: 1, firstLine: 12, lastLine: 24 });
    expect(r.issues).toEqual([
      { line: 12, code: "restart" },
      { line: 25, code: "partial-last-line" },
    ]);
    // V0 prints blocks, not a token pool; its concurrency line has no thousands separators.
    expect(r.kvPoolTokens).toBeNull();
    expect(r.maxConcurrency).toMatchObject({ times: 26.86, tokensPerRequest: 16_384, line: 12 });
    // After one ramp line (150 tok/s), 11 lines pair around 1,200 (1,205 + 1,195, …).
    expect(r.outputTokensPerSecond!.perSecond).toBeCloseTo(1200, 9);
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(2000, 9);
    // "Pending" is V0's name for waiting: 3 + i mod 4 → sorted 3 3 3 4 4 4 5 5 5 6 6, median 4.
    expect(r.waitingRequests).toMatchObject({ max: 6, median: 4 });
    // Running 40 + i mod 3: 40 × 4, 41 × 4, 42 × 3 → median 41.
    expect(r.runningRequests).toMatchObject({ max: 42, median: 41 });
  });

  it("reads a log of start-up only (no traffic yet): the pool and nothing else", () => {
    const text =
      "INFO 03-01 10:00:00 [kv_cache_utils.py:1050] GPU KV cache size: 34,952 tokens, Maximum concurrency for 8,192 tokens per request: 4.27x\n";
    const r = reading(readVllmServerLog(text));
    expect(r.kvPoolTokens).toEqual({ value: 34_952, line: 1 });
    expect(r.maxConcurrency).toMatchObject({ times: 4.27, tokensPerRequest: 8192 });
    expect(r.outputTokensPerSecond).toBeNull();
  });
});

describe("SGLang server log reader", () => {
  it("reads decode and prefill lines, skipping TP1", () => {
    const r = reading(readSglangServerLog(logFixture("sglang-0.5-server.log")));
    expect(r.kvPoolTokens).toEqual({ value: 482_080, line: 4 });
    // SGLang prints no concurrency: pool ÷ context_len = 482,080 / 131,072.
    expect(r.maxConcurrency).toEqual({
      times: 482_080 / 131_072,
      tokensPerRequest: 131_072,
      line: 4,
      derived: true,
    });
    // Decode lines every 5 s from 10:00:00: 310.52 and 1,288.40 ramp, 2,410/2,390 × 6 pairs
    // (10:00:10–10:01:05), 1,100.25 and 150.75 drain: 2,400 tokens/s.
    const out = r.outputTokensPerSecond!;
    expect(out.perSecond).toBeCloseTo(2400, 9);
    expect(out.window).toMatchObject({
      startLine: 10,
      endLine: 34,
      windowSeconds: 55,
      readings: 12,
    });
    // Eleven prefill lines of 4,000 new tokens between the window's ends: 44,000 / 55 s.
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(800, 9);
    // Running in the window: 60 62 62 62 63 63 64 64 64 64 64 64 → median 63.5; max 64.
    expect(r.runningRequests).toMatchObject({ max: 64, maxLine: 14, median: 63.5, readings: 16 });
    // The first prefill line had 24 requests queued.
    expect(r.waitingRequests).toMatchObject({ max: 24, maxLine: 6 });
    // token usage 0.83 → 83 %.
    expect(r.kvCacheUsagePct).toMatchObject({ max: 83 });
    expect(r.issues).toEqual([]);
  });

  it("sums data-parallel ranks (older 'Decode batch.' lines)", () => {
    const r = reading(readSglangServerLog(logFixture("sglang-0.4-dp.log")));
    // DP0 and DP1 (TP0) pools: 241,040 × 2; the DP1 TP1 line is a duplicate and skipped.
    expect(r.kvPoolTokens).toEqual({ value: 482_080, line: 3 });
    // DP0 steady at 1,200, DP1 at 1,000 (each after one ramp line): 2,200 tokens/s.
    expect(r.outputTokensPerSecond!.perSecond).toBeCloseTo(2200, 9);
    // No prefill lines: no prompt rate rather than zero.
    expect(r.promptTokensPerSecond).toBeNull();
    expect(r.maxConcurrency!.times).toBeCloseTo(482_080 / 32_768, 12);
  });
});

describe("vLLM benchmark reader", () => {
  it("reads a saved result", () => {
    const r = reading(readVllmBench(logFixture("vllm-bench-serve.json")));
    // output_throughput as saved: 256,000 generated tokens / 125.6 s.
    expect(r.outputTokensPerSecond).toMatchObject({ scope: "benchmark", per: "job", line: 1 });
    expect(r.outputTokensPerSecond!.perSecond).toBeCloseTo(256_000 / 125.6, 9);
    // No input rate in the file: 1,024,000 input tokens / 125.6 s.
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(1_024_000 / 125.6, 9);
    expect(r.runningRequests).toMatchObject({ max: 64, median: null });
    // Requests in flight on average, by Little's law: 1,000 requests of 256 output tokens,
    // each 812.4 ms to its first token and 255 × 28.3 ms after it (8.0289 s), over 125.6 s:
    // 1000 × 8.0289 / 125.6 = 63.92, the client's cap of 64 held nearly all the run.
    expect(r.runningRequests!.mean).toBeCloseTo((1000 * 8.0289) / 125.6, 9);
    expect(r.runSeconds).toEqual({ value: 125.6, line: 1 });
  });

  it("reads the printed block after the progress bar", () => {
    const r = reading(readVllmBench(logFixture("vllm-bench-console.log")));
    expect(r.outputTokensPerSecond).toMatchObject({ perSecond: 1513, line: 17 });
    // 256,000 input tokens / 42.30 s.
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(256_000 / 42.3, 9);
    // No mean TPOT printed (only the TTFT section): no mean in flight, not a guess.
    expect(r.runningRequests).toMatchObject({ max: 32, maxLine: 19, mean: null });
    expect(r.runSeconds).toEqual({ value: 42.3, line: 13 });
  });

  it("finds the mean in flight from a printed block's TTFT and TPOT, or from its E2EL", () => {
    const row = (label: string, value: string) => `${`${label}:`.padEnd(40)} ${value}`;
    const block = (latency: string[]) =>
      [
        "============ Serving Benchmark Result ============",
        row("Successful requests", "200"),
        row("Benchmark duration (s)", "50.00"),
        row("Total input tokens", "102400"),
        row("Total generated tokens", "25600"),
        row("Output token throughput (tok/s)", "512.00"),
        ...latency,
        "==================================================",
      ].join("\n");
    // 200 requests of 128 output tokens: 100 ms + 127 × 20 ms = 2.64 s each, over 50 s:
    // 200 × 2.64 / 50 = 10.56 in flight.
    const ttftTpot = reading(
      readVllmBench(block([row("Mean TTFT (ms)", "100.00"), row("Mean TPOT (ms)", "20.00")])),
    );
    expect(ttftTpot.runningRequests!.mean).toBeCloseTo(10.56, 9);
    // A measured end-to-end mean wins: 200 × 3 s / 50 s = 12.
    const e2e = reading(
      readVllmBench(
        block([
          row("Mean TTFT (ms)", "100.00"),
          row("Mean TPOT (ms)", "20.00"),
          row("Mean E2EL (ms)", "3000.00"),
        ]),
      ),
    );
    expect(e2e.runningRequests!.mean).toBeCloseTo(12, 9);
    // A duration too small to divide by (a damaged file): no mean, never Infinity.
    const damaged = reading(
      readVllmBench(block([row("Mean E2EL (ms)", "1e308")]).replace(/50\.00/, "1e-300")),
    );
    expect(damaged.runningRequests?.mean ?? null).toBeNull();
  });

  it("tells a burst (request rate inf, no concurrency limit) from a capped run", () => {
    // Saved: request_rate "inf", max_concurrency null, num_prompts 1,000: one burst of 1,000.
    const saved = reading(readVllmBench(logFixture("vllm-bench-burst.json")));
    expect(saved.burstRequests).toEqual({ value: 1000, line: 1 });
    // 1,000 requests, 198,240 output tokens (198.24 each): 28,410.5 ms to the first token and
    // 197.24 × 61.2 ms after it (40,481.6 ms), over 98.4 s: 411.4 in flight on average.
    expect(saved.runningRequests!.mean).toBeCloseTo((1000 * 40.481588) / 98.4, 6);
    // Printed: "Traffic request rate: inf" and "Maximum request concurrency: None" before the
    // run; 198 successful and 2 failed requests were all sent at once.
    const printed = reading(readVllmBench(logFixture("vllm-bench-burst-console.log")));
    expect(printed.burstRequests).toEqual({ value: 200, line: 10 });
    expect(printed.outputTokensPerSecond).toMatchObject({ perSecond: 1255.42 });
    // A client cap of 64 below 1,000 requests (saved) or of 32 (printed): a steady load.
    expect(reading(readVllmBench(logFixture("vllm-bench-serve.json"))).burstRequests).toBeNull();
    expect(reading(readVllmBench(logFixture("vllm-bench-console.log"))).burstRequests).toBeNull();
    // The block alone, without the lines printed before the run: the rate is unknown.
    const blockOnly = logFixture("vllm-bench-burst-console.log").split("\n").slice(8).join("\n");
    expect(reading(readVllmBench(blockOnly)).burstRequests).toBeNull();
  });

  it("refuses broken JSON at the line of the error", () => {
    const r = refused(readVllmBench(logFixture("vllm-bench-invalid.json")));
    expect(r.issues).toEqual([{ line: 2, code: "invalid-json" }]);
  });
});

describe("SGLang benchmark reader", () => {
  it("reads the last of appended results, and the server's pool from server_info", () => {
    const r = reading(readSglangBench(logFixture("sglang-bench-serving.jsonl")));
    expect(r.segments).toMatchObject({ count: 2, used: 1, firstLine: 2 });
    expect(r.outputTokensPerSecond).toMatchObject({ perSecond: 1939.39, line: 2 });
    expect(r.promptTokensPerSecond).toMatchObject({ perSecond: 7757.58, line: 2 });
    // Peak in flight 76, mean ("concurrency") 47.61.
    expect(r.runningRequests).toMatchObject({ max: 76, mean: 47.61 });
    expect(r.kvPoolTokens).toEqual({ value: 482_080, line: 2 });
  });

  it("reads a printed block without peak rows: a mean concurrency and no maximum", () => {
    const r = reading(readSglangBench(logFixture("sglang-bench-console.log")));
    expect(r.outputTokensPerSecond).toMatchObject({ perSecond: 2464.26, line: 17 });
    expect(r.promptTokensPerSecond).toMatchObject({ perSecond: 3800.7, line: 16 });
    expect(r.runningRequests).toEqual({
      max: null,
      maxLine: null,
      median: null,
      mean: 58.32,
      readings: 1,
    });
    expect(r.runSeconds).toEqual({ value: 79.49, line: 11 });
  });

  it("reads a burst saved with Python's bare Infinity, and printed with a limit 'not set'", () => {
    // json.dumps writes float("inf") as Infinity, which JSON.parse alone refuses.
    const saved = reading(readSglangBench(logFixture("sglang-bench-burst.jsonl")));
    expect(saved.burstRequests).toEqual({ value: 500, line: 1 });
    expect(saved.outputTokensPerSecond).toMatchObject({ perSecond: 1576.7912772585669 });
    expect(saved.runningRequests).toMatchObject({ mean: 187.28, max: 500 });
    expect(saved.kvPoolTokens).toEqual({ value: 612_480, line: 1 });
    const printed = reading(readSglangBench(logFixture("sglang-bench-burst-console.log")));
    // "Successful requests: 500" on line 10.
    expect(printed.burstRequests).toEqual({ value: 500, line: 10 });
    // A steady rate of 16 requests/s is no burst.
    expect(
      reading(readSglangBench(logFixture("sglang-bench-console.log"))).burstRequests,
    ).toBeNull();
  });
});
