/**
 * Large logs: a ~50 MB vLLM server log (days of metrics lines between access-log lines) and a
 * Trainer console of tqdm redraws, built here, read whole. The result is checked, not the time:
 * a reader that rescanned or backtracked would still be caught by the suite's hang guard, and
 * the figures it must reach are known from how the logs were built.
 */
import { describe, expect, it } from "vitest";
import { readRunLog } from "../../../../src/run-log/readers/index.ts";
import { allFinite, reading } from "./helpers.ts";

const pad = (n: number): string => String(n).padStart(2, "0");

/** "MM-DD HH:MM:SS" of a second count from 1 March 00:00 (31-day months are enough here). */
function stamp(s: number): string {
  const day = Math.floor(s / 86_400);
  const month = 3 + Math.floor(day / 31);
  return `${pad(month)}-${pad((day % 31) + 1)} ${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

describe("large logs", () => {
  it("reads a 50 MB vLLM server log", () => {
    const parts: string[] = [
      "INFO 03-01 00:00:00 [kv_cache_utils.py:1087] GPU KV cache size: 1,234,560 tokens\n",
      "INFO 03-01 00:00:00 [kv_cache_utils.py:1091] Maximum concurrency for 32,768 tokens per request: 37.68x\n",
    ];
    let size = parts[0]!.length + parts[1]!.length;
    let n = 0;
    while (size < 50_000_000) {
      const t = 10 + n * 10;
      // The first 30 lines ramp up; then 2,000 ± 20 tokens/s in pairs averaging 2,000.
      const gen = n < 30 ? 50 * (n + 1) : n % 2 === 0 ? 2020 : 1980;
      const running = n < 30 ? n : 100 + (n % 5);
      const metrics = `(APIServer pid=7) INFO ${stamp(t)} [loggers.py:123] Engine 000: Avg prompt throughput: 4000.0 tokens/s, Avg generation throughput: ${gen.toFixed(1)} tokens/s, Running: ${running} reqs, Waiting: ${n % 7} reqs, GPU KV cache usage: 61.5%, Prefix cache hit rate: 12.0%\n`;
      const access = `(APIServer pid=7) INFO:     10.1.2.${n % 250}:5${n % 9999} - "POST /v1/chat/completions HTTP/1.1" 200 OK\n`;
      parts.push(metrics, access, access);
      size += metrics.length + 2 * access.length;
      n++;
    }
    const text = parts.join("");
    expect(text.length).toBeGreaterThanOrEqual(50_000_000);
    const r = reading(readRunLog(text));
    expect(r.format.id).toBe("vllm-server-log");
    expect(r.lineCount).toBe(2 + 3 * n);
    expect(r.kvPoolTokens!.value).toBe(1_234_560);
    // After the ramp, equal numbers of 2,020 and 1,980 (± one): the mean is 2,000 within 0.01 %.
    expect(r.outputTokensPerSecond!.perSecond).toBeCloseTo(2000, 0);
    expect(r.outputTokensPerSecond!.window!.startLine).toBeGreaterThan(2 + 3 * 20);
    expect(r.promptTokensPerSecond!.perSecond).toBeCloseTo(4000, 9);
    expect(r.runningRequests).toMatchObject({ max: 104, median: 102 });
    expect(r.waitingRequests!.max).toBe(6);
    expect(allFinite(r)).toBe(true);
  });

  it("reads a Trainer console of 200,000 tqdm redraws", () => {
    const lines: string[] = [];
    let line = "";
    for (let step = 0; step <= 200_000; step++) {
      // 1 step per second after a 60-second first step.
      const elapsed = step === 0 ? 0 : 59 + step;
      const m = Math.floor(elapsed / 60);
      const h = Math.floor(m / 60);
      const e =
        h > 0 ? `${h}:${pad(m % 60)}:${pad(elapsed % 60)}` : `${pad(m)}:${pad(elapsed % 60)}`;
      line += `\r${String(Math.floor(step / 2000)).padStart(3)}%|█         | ${step}/200000 [${e}<10:00:00,  1.00it/s]`;
      if (step % 500 === 0) {
        lines.push(line);
        line = "";
      }
    }
    lines.push(line);
    const r = reading(readRunLog(lines.join("\n") + "\n"));
    expect(r.format.id).toBe("hf-trainer-console");
    expect(r.trainingStepsPerSecond!.perSecond).toBeCloseTo(1, 9);
    expect(r.steps).toMatchObject({ done: 200_000, total: 200_000 });
  });
});
