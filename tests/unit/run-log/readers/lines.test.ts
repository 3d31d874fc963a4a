/**
 * The pieces every reader stands on: walking lines (CRLF, carriage-return redraws, colours, a
 * byte-order mark, overlong lines), the logs' clocks, and the steady-rate rule on series built
 * by hand.
 */
import { describe, expect, it } from "vitest";
import {
  createYearlessClock,
  findDateTimeSeconds,
  findMonthDaySeconds,
  parseDurationSeconds,
} from "../../../../src/run-log/readers/log-clock.ts";
import {
  forEachLine,
  MAX_LINE_CHARS,
  stripAnsi,
} from "../../../../src/run-log/readers/log-lines.ts";
import { counterReadings, fitSteadyRate } from "../../../../src/run-log/readers/steady-rate.ts";
import type { RateReading } from "../../../../src/run-log/readers/steady-rate.ts";
import { LOG_READERS, readRunLog } from "../../../../src/run-log/readers/index.ts";
import { logFixture, reading } from "./helpers.ts";

const visits = (text: string): [number, string, boolean][] => {
  const out: [number, string, boolean][] = [];
  forEachLine(
    text,
    (v) => out.push([v.line, v.text, v.unterminated]),
    (line) => out.push([line, "<too long>", false]),
  );
  return out;
};

describe("line walking", () => {
  it("counts LF and CRLF lines alike and drops a byte-order mark", () => {
    expect(visits("\uFEFFa\r\nb\n\nc")).toEqual([
      [1, "a", false],
      [2, "b", false],
      [4, "c", true],
    ]);
  });

  it("visits every carriage-return redraw with its line's number", () => {
    expect(visits("x\r 10%| 1/10 [00:01<00:09]\r 20%| 2/10 [00:02<00:08]\ny\n")).toEqual([
      [1, "x", false],
      [1, " 10%| 1/10 [00:01<00:09]", false],
      [1, " 20%| 2/10 [00:02<00:08]", false],
      [2, "y", false],
    ]);
  });

  it("removes colour codes, including 24-bit ones", () => {
    expect(stripAnsi("\u001b[31mstep:  1  \u001b[38;2;54;234;195mmemory: 1.00GiB\u001b[39m")).toBe(
      "step:  1  memory: 1.00GiB",
    );
  });

  it("skips a line longer than any tool prints and says where", () => {
    expect(visits(`a\n${"z".repeat(MAX_LINE_CHARS + 1)}\nb`)).toEqual([
      [1, "a", false],
      [2, "<too long>", false],
      [3, "b", true],
    ]);
  });

  it.each([
    "torchtitan-0.2.2-color.log",
    "vllm-v1-server.log",
    "sglang-0.5-server.log",
    "megatron-core_v0.19.log",
    "hf-trainer-console.log",
    "llamafactory-0.9.5-trainer_log.jsonl",
  ])("reads %s the same with CRLF endings and without colours", (name) => {
    const text = logFixture(name);
    const crlf = text.replaceAll("\n", "\r\n");
    const plain = stripAnsi(text);
    expect(readRunLog(crlf)).toEqual(readRunLog(text));
    expect(readRunLog(plain)).toEqual(readRunLog(text));
  });
});

describe("log clocks", () => {
  it("reads Python logging, Megatron and SGLang stamps as epoch seconds", () => {
    expect(findDateTimeSeconds("[titan] 2026-03-02 14:00:30,412 - root")).toBeCloseTo(
      Date.UTC(2026, 2, 2, 14, 0, 30) / 1000 + 0.412,
      6,
    );
    expect(findDateTimeSeconds(" [2026-08-20 10:00:09.500000] iteration")).toBeCloseTo(
      Date.UTC(2026, 7, 20, 10, 0, 9) / 1000 + 0.5,
      6,
    );
    expect(findDateTimeSeconds("[2026-02-30 10:00:00 TP0]")).toBeNull();
  });

  it("unrolls vLLM's year-less stamps across the new year", () => {
    const clock = createYearlessClock();
    const a = clock(findMonthDaySeconds("INFO 12-31 23:59:50 [x.py:1]")!);
    const b = clock(findMonthDaySeconds("INFO 01-01 00:00:05 [x.py:1]")!);
    expect(b - a).toBe(15);
  });

  it("reads timedelta and tqdm durations", () => {
    expect(parseDurationSeconds("0:01:23")).toBe(83);
    expect(parseDurationSeconds("07:00")).toBe(420);
    expect(parseDurationSeconds("1 day, 2:03:04")).toBe(93_784);
    expect(parseDurationSeconds("3 days, 0:00:01")).toBe(259_201);
    expect(parseDurationSeconds("1d, 2:03:04")).toBe(93_784);
    expect(parseDurationSeconds("?")).toBeNull();
  });
});

describe("steady rate", () => {
  const series = (rates: number[], stepSeconds = 10): RateReading[] =>
    rates.map((r, i) => ({ line: i + 1, tSeconds: i * stepSeconds, amount: r, seconds: 1 }));

  it("drops a warm-up and a tail, and leaves an idle reading out as a pause", () => {
    // 2 warm-up readings, 10 at 100, one at 0, 10 at 100, 2 tail readings.
    const rates = [
      20,
      60,
      ...Array<number>(10).fill(100),
      0,
      ...Array<number>(10).fill(100),
      50,
      5,
    ];
    const fit = fitSteadyRate(series(rates))!;
    expect(fit.perSecond).toBe(100);
    expect(fit.window).toMatchObject({
      found: true,
      startLine: 3,
      endLine: 23,
      readings: 21,
      pausedReadings: 1,
      pausedSeconds: 10,
      warmupSeconds: 20,
      tailSeconds: 20,
    });
  });

  it("uses every reading, and says so, when there are too few to find a window", () => {
    const fit = fitSteadyRate(series([10, 50, 100]))!;
    expect(fit.window.found).toBe(false);
    expect(fit.perSecond).toBeCloseTo(160 / 3, 12);
  });

  it("gives zero, not NaN, for a series of zeros", () => {
    expect(fitSteadyRate(series(Array<number>(12).fill(0)))!.perSecond).toBe(0);
  });

  it("merges counter points closer than 10 seconds", () => {
    const pts = [0, 4, 8, 12, 16, 20, 24].map((t, i) => ({
      line: i + 1,
      tSeconds: t,
      count: t / 2,
    }));
    // 0→12 (6 steps), 12→24 (6 steps).
    expect(counterReadings(pts)).toEqual([
      { line: 4, tSeconds: 12, amount: 6, seconds: 12 },
      { line: 7, tSeconds: 24, amount: 6, seconds: 12 },
    ]);
  });
});

describe("rotated logs", () => {
  it("measures the longer of two concatenated vLLM logs whatever their order", () => {
    const a = logFixture("vllm-v1-server.log");
    const b = logFixture("vllm-v0-restart-crlf.log").replace(/INFO 05-27 20:13:00[^\n]*$/, "");
    const ab = reading(LOG_READERS["vllm-server-log"](a + b));
    const ba = reading(LOG_READERS["vllm-server-log"](b + a));
    expect(ab.outputTokensPerSecond!.perSecond).toBeCloseTo(1580, 9);
    expect(ba.outputTokensPerSecond!.perSecond).toBeCloseTo(1580, 9);
    expect(ab.segments.count).toBe(3);
    expect(ba.segments.count).toBe(3);
  });
});
