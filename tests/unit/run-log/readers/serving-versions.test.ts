/**
 * The serving readers against the newest formats found in the stored sources (see the readers'
 * headers for which versions those are). Each fixture is written by hand from the format strings;
 * each expected figure is worked out from the fixture in the comment beside it.
 */
import { describe, expect, it } from "vitest";
import { readSglangServerLog, readVllmServerLog } from "../../../../src/run-log/readers/index.ts";
import { allFinite, logFixture, reading } from "./helpers.ts";

describe("SGLang 0.5.18 server log (#pending-token, input throughput, EP rank tags)", () => {
  const r = reading(readSglangServerLog(logFixture("sglang-0.5.18-server.log")));

  it("reads the pool of TP0 only and derives the concurrency", () => {
    // Line 2 is TP0 EP0; line 3 (TP1 EP1) prints the same pool and is not added.
    expect(r.kvPoolTokens).toEqual({ value: 720_000, line: 2 });
    // 720,000 / 163,840 = 4.39453125.
    expect(r.maxConcurrency).toEqual({
      times: 4.39453125,
      tokensPerRequest: 163_840,
      line: 2,
      derived: true,
    });
  });

  it("measures the steady decode rate and the prompt tokens computed in it", () => {
    // Decode lines every 5 s: 412.50 ramp (line 6, 10:00:00), twelve lines alternating
    // 3,010/2,990 (lines 7–40, 10:00:05–10:01:00), 180.25 drain (line 41):
    // (6 × 3,010 + 6 × 2,990) / 12 = 3,000 tokens/s over 55 s.
    const out = r.outputTokensPerSecond!;
    expect(out.perSecond).toBeCloseTo(3000, 9);
    expect(out.window).toMatchObject({
      startLine: 7,
      endLine: 40,
      windowSeconds: 55,
      readings: 12,
    });
    // Prefill lines after line 7 and up to line 40: lines 8, 11, …, 38 = 11 lines of 2,000 new
    // tokens = 22,000 / 55 s = 400 tokens/s ("input throughput" is not used: it is per gap
    // between prefill lines, not per second of the run).
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(400, 9);
  });

  it("summarises the queue, the running requests and the token usage", () => {
    // Running in the window: 60, 62, then 64 × 10 → median 64; 64 first on line 13.
    expect(r.runningRequests).toMatchObject({ max: 64, maxLine: 13, median: 64, readings: 14 });
    // 28 queued on the first prefill line (line 5), the decode line after it also 28.
    expect(r.waitingRequests).toMatchObject({ max: 28, maxLine: 5 });
    // token usage 0.91 on line 25 → 91 %.
    expect(r.kvCacheUsagePct).toMatchObject({ max: 91, maxLine: 25 });
    expect(r.issues).toEqual([]);
    expect(allFinite(r)).toBe(true);
  });
});

describe("vLLM server log, log_parts form (Deferred, Preemptions, External prefix cache)", () => {
  const r = reading(readVllmServerLog(logFixture("vllm-log-parts-server.log")));

  it("reads the one-line KV pool and concurrency of the engine core", () => {
    expect(r.kvPoolTokens).toEqual({ value: 1_048_576, line: 3 });
    expect(r.maxConcurrency).toEqual({
      times: 8,
      tokensPerRequest: 131_072,
      line: 3,
      derived: false,
    });
  });

  it("measures the steady rates past the optional fields", () => {
    // Metrics every 10 s: 150.0 ramp (line 5, 14:01:00), twelve lines alternating 2,510/2,490
    // (lines 6–18 less the access line 9, 14:01:10–14:03:00), 90.0 drain (line 19):
    // (6 × 2,510 + 6 × 2,490) / 12 = 2,500 tokens/s over 110 s.
    const out = r.outputTokensPerSecond!;
    expect(out.perSecond).toBeCloseTo(2500, 9);
    expect(out.window).toMatchObject({
      startLine: 6,
      endLine: 18,
      windowSeconds: 110,
      readings: 12,
    });
    // Prompt 4,010/3,990 on the same lines → 4,000.
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(4000, 9);
  });

  it("takes Waiting as printed (deferred requests included), not Waiting plus Deferred", () => {
    // The maximum is over every line: 60 on the ramp line 5. Window values: 12 × 11 and 20
    // (line 11, of which 8 deferred) → median 12; had Deferred been added, 16 × 11 and 28.
    expect(r.waitingRequests).toMatchObject({ max: 60, maxLine: 5, median: 12 });
    expect(r.runningRequests).toMatchObject({ max: 96, maxLine: 6, median: 96 });
    // 93.5 % on line 12.
    expect(r.kvCacheUsagePct).toMatchObject({ max: 93.5, maxLine: 12 });
    expect(r.issues).toEqual([]);
    expect(allFinite(r)).toBe(true);
  });
});

describe("SGLang with DP attention (TP ranks numbered across DP ranks: [DP1 TP1 EP1])", () => {
  const r = reading(readSglangServerLog(logFixture("sglang-0.5.18-dp-attention.log")));

  it("reads every DP rank's pool and batches from the one TP rank that prints for it", () => {
    // DP0 on TP0 (line 2) and DP1 on TP1 (line 3): 300,000 tokens each = 600,000.
    expect(r.kvPoolTokens).toEqual({ value: 600_000, line: 3 });
    // 600,000 / 163,840 = 3.662109375 requests of the full context.
    expect(r.maxConcurrency!.times).toBeCloseTo(3.662109375, 12);
    // Decode lines every 5 s, 10:00:00–10:01:05: DP0 steady at 1,500 and DP1 at 1,300 after
    // one ramp line each (200 and 150): 2,800 tokens/s.
    expect(r.outputTokensPerSecond!.perSecond).toBeCloseTo(2800, 9);
    // Running: 40 + 36 = 76 at once, at most; queued: DP1's 20 on the first lines (line 6).
    expect(r.waitingRequests).toMatchObject({ max: 20, maxLine: 6 });
    expect(allFinite(r)).toBe(true);
  });

  it("drops a rank's lines once a lower TP rank of the same DP rank shows up", () => {
    const clock = (s: number) =>
      `10:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
    const line = (s: number, tag: string, rate: number) =>
      `[2026-09-01 ${clock(s)} ${tag}] Decode batch, #running-req: 10, #token: 1000, token usage: 0.10, cuda graph: True, gen throughput (token/s): ${rate}.00, #queue-req: 0`;
    // TP1 of DP0 prints first (900 tokens/s); then TP0 of DP0 prints a 100 ramp and 500 every
    // 5 s for 65 s. Read from TP0 alone: 500 tokens/s; TP1's 900 kept would raise the rate.
    const seconds = Array.from({ length: 13 }, (_, i) => 5 * (i + 1));
    const text = [
      line(0, "DP0 TP1", 900),
      line(0, "DP0 TP0", 100),
      ...seconds.map((t) => line(t, "DP0 TP0", 500)),
    ].join("\n");
    const d = reading(readSglangServerLog(text));
    expect(d.outputTokensPerSecond!.perSecond).toBeCloseTo(500, 9);
    expect(d.runningRequests).toMatchObject({ max: 10 });
  });
});
