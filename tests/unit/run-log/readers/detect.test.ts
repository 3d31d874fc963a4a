/**
 * Recognising every fixture, refusing what no reader can read (with the line), and the
 * promise that holds for any text: no exception, no NaN or Infinity, a refusal always says why.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  detectLogFormat,
  LOG_FORMATS,
  LOG_READERS,
  MAX_LOG_CHARS,
  readRunLog,
} from "../../../../src/run-log/readers/index.ts";
import type { ReaderId } from "../../../../src/run-log/readers/index.ts";
import { allFinite, logFixture, reading, refused } from "./helpers.ts";

const FIXTURES: [string, ReaderId][] = [
  ["torchtitan-0.2.2-color.log", "torchtitan-log"],
  ["torchtitan-0.2.1-ranks-restart.log", "torchtitan-log"],
  ["megatron-core_v0.19.log", "megatron-log"],
  ["megatron-resume-crlf.log", "megatron-log"],
  ["hf-trainer-state-final.json", "hf-trainer-state"],
  ["trl-sft-checkpoint-trainer-state.json", "hf-trainer-state"],
  ["hf-trainer-state-truncated.json", "hf-trainer-state"],
  ["hf-trainer-console.log", "hf-trainer-console"],
  ["hf-trainer-5.18-console.log", "hf-trainer-console"],
  ["hf-trainer-5.18-state-checkpoint.json", "hf-trainer-state"],
  ["llamafactory-0.9.5-trainer_log.jsonl", "llamafactory-trainer-log"],
  ["llamafactory-0.9.4-resume-cut.jsonl", "llamafactory-trainer-log"],
  ["vllm-v1-server.log", "vllm-server-log"],
  ["vllm-v0-restart-crlf.log", "vllm-server-log"],
  ["vllm-bench-serve.json", "vllm-bench"],
  ["vllm-bench-console.log", "vllm-bench"],
  ["vllm-bench-invalid.json", "vllm-bench"],
  ["sglang-0.5-server.log", "sglang-server-log"],
  ["sglang-0.4-dp.log", "sglang-server-log"],
  ["sglang-bench-serving.jsonl", "sglang-bench"],
  ["sglang-bench-console.log", "sglang-bench"],
];

const otherFixture = (name: string): string =>
  readFileSync(
    fileURLToPath(new URL(`../../../fixtures/run-logs/${name}`, import.meta.url)),
    "utf8",
  );

describe("format detection", () => {
  it.each(FIXTURES)("recognises %s as %s and reads it as its reader does", (name, id) => {
    const text = logFixture(name);
    expect(detectLogFormat(text)).toBe(id);
    expect(readRunLog(text)).toEqual(LOG_READERS[id](text));
    const r = readRunLog(text);
    expect(r.format?.id ?? id).toBe(id);
  });

  it("names every reader's format with its versions", () => {
    for (const [id, f] of Object.entries(LOG_FORMATS)) {
      expect(f.id).toBe(id);
      expect(f.versions).not.toBe("");
    }
  });
});

describe("refusals", () => {
  it("refuses an empty text", () => {
    expect(refused(readRunLog("")).issues).toEqual([{ line: 1, code: "empty" }]);
    expect(refused(readRunLog(" \n\r\n")).issues).toEqual([{ line: 1, code: "empty" }]);
  });

  it("refuses a text above the limit without reading it", () => {
    const big = "x".repeat(MAX_LOG_CHARS + 1);
    expect(refused(readRunLog(big)).issues).toEqual([{ line: 1, code: "too-large" }]);
  });

  it("refuses the wrong file: notes, an nvidia-smi CSV, a probe file", () => {
    for (const text of [
      logFixture("not-a-log.txt"),
      otherFixture("crlf.csv"),
      otherFixture("probe-single-gpu.json"),
    ]) {
      const r = refused(readRunLog(text));
      expect(r.format).toBeNull();
      expect(r.issues).toEqual([{ line: 1, code: "unrecognised-format" }]);
    }
  });

  it("refuses a log of the right tool with nothing to measure, at its last line", () => {
    const text =
      "[titan] 2026-03-02 14:00:01,530 - root - INFO - Peak FLOPS used for computing MFU: 9.890e+14\n" +
      "[titan] 2026-03-02 14:00:02,004 - root - INFO - Training starts at step 1\n";
    expect(refused(LOG_READERS["torchtitan-log"](text)).issues).toEqual([
      { line: 2, code: "no-readings" },
    ]);
  });

  it("notes a marked line it cannot read and goes on", () => {
    const text =
      "INFO 03-01 10:00:00 [loggers.py:1] Engine 000: Avg prompt throughput: 10.0 tokens/s, Avg generation throughput: 20.0 tokens/s, Running: 1 reqs, Waiting: 0 reqs\n" +
      "INFO 03-01 10:00:10 [loggers.py:1] Engine 000: Avg prompt throughput: lots, Avg generation throughput: ?\n" +
      "INFO 03-01 10:00:20 [loggers.py:1] Engine 000: Avg prompt throughput: 10.0 tokens/s, Avg generation throughput: 20.0 tokens/s, Running: 1 reqs, Waiting: 0 reqs\n";
    const r = reading(readRunLog(text));
    expect(r.issues).toEqual([{ line: 2, code: "unreadable-line" }]);
    expect(r.outputTokensPerSecond!.perSecond).toBe(20);
  });
});

describe("any text", () => {
  const readers = Object.values(LOG_READERS);
  it("every reader on every fixture: no exception, finite numbers, refusals with a line", () => {
    for (const [name] of FIXTURES)
      for (const read of readers) {
        const r = read(logFixture(name));
        expect(allFinite(r)).toBe(true);
        if (!r.ok) expect(r.issues[0]!.line).toBeGreaterThanOrEqual(1);
      }
  });

  it("random and mangled texts never throw nor give NaN", () => {
    const pieces = FIXTURES.map(([name]) => logFixture(name));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: pieces.length - 1 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 4000 }),
        fc.string({ maxLength: 40 }),
        (i, a, b, noise) => {
          const src = pieces[i]!;
          const text = src.slice(0, a) + noise + src.slice(a + b);
          const r = readRunLog(text);
          return allFinite(r) && (r.ok || r.issues.length > 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
