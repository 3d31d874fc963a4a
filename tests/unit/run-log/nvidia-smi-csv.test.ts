import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  analyzeRun,
  checkLogSize,
  createNvidiaSmiCsvParser,
  MAX_LOG_BYTES,
  parseNvidiaSmiCsv,
  parseNvidiaSmiCsvInSlices,
  parseQuantity,
  parseTimestamp,
} from "../../../src/run-log/index.ts";
import { allFinite, fixture, parseFixture } from "./helpers.ts";

describe("nvidia-smi CSV parser", () => {
  it("reads a single-GPU log with units", () => {
    const log = parseFixture("single-gpu-warmup.csv");
    expect(log.hasHeader).toBe(true);
    expect(log.sampleCount).toBe(900);
    expect(log.malformedCount).toBe(0);
    expect(log.gpus).toHaveLength(1);
    const g = log.gpus[0]!;
    expect(g.name).toBe("NVIDIA GeForce RTX 4090");
    expect(g.memoryTotalMiB).toBe(24564);
    expect(g.samples[0]).toMatchObject({ line: 2, memoryUsedMiB: 300, memoryTotalMiB: 24564 });
    expect(g.samples[0]!.epochSeconds).toBeCloseTo(
      Date.UTC(2024, 4, 1, 12, 0, 0) / 1000 + 0.124,
      3,
    );
  });

  it("separates two interleaved GPUs", () => {
    const log = parseFixture("two-gpus-interleaved.csv");
    expect(log.gpus.map((g) => [g.index, g.samples.length, g.memoryTotalMiB])).toEqual([
      [0, 300, 81920],
      [1, 300, 81920],
    ]);
    expect(log.gpus[1]!.samples[0]!.line).toBe(3);
  });

  it("assumes the documented column order for noheader,nounits logs", () => {
    const log = parseFixture("noheader-nounits.csv");
    expect(log.hasHeader).toBe(false);
    expect(log.notes.map((n) => n.code)).toContain("no-header-default-order");
    expect(log.sampleCount).toBe(60);
    expect(log.gpus[0]!.samples[0]!.line).toBe(1);
    expect(Math.max(...log.gpus[0]!.samples.map((s) => s.memoryUsedMiB ?? 0))).toBe(16001);
  });

  it("handles CRLF line endings", () => {
    const log = parseFixture("crlf.csv");
    expect(log.sampleCount).toBe(30);
    expect(log.malformedCount).toBe(0);
    expect(log.gpus[0]!.samples.at(-1)).toMatchObject({
      memoryUsedMiB: 9290,
      powerW: 140,
      utilizationPct: 80,
    });
    expect(log.gpus[0]!.name).toBe("NVIDIA A10");
  });

  it("reports malformed lines with their numbers and keeps [N/A] readings as null", () => {
    const log = parseFixture("malformed.csv");
    expect(log.malformedCount).toBe(6);
    expect(log.malformed.map((m) => [m.line, m.reason, m.field])).toEqual([
      [5, "field-count", null],
      [8, "bad-number", "memoryUsed"],
      [11, "bad-timestamp", "timestamp"],
      [15, "bad-unit", "memoryUsed"],
      [17, "out-of-range", "utilizationGpu"],
      [22, "bad-index", "index"],
    ]);
    expect(log.lineCount).toBe(25);
    expect(log.sampleCount).toBe(17); // 25 lines − header − blank − 6 malformed
    const na = log.gpus[0]!.samples.find((s) => s.line === 20)!;
    expect(na).toMatchObject({ memoryUsedMiB: 6000, utilizationPct: null, powerW: null });
    expect(log.malformed[0]!.excerpt).toContain("5004 MiB");
  });

  it("converts GiB to MiB", () => {
    const log = parseFixture("gib-values.csv");
    const g = log.gpus[0]!;
    expect(g.memoryTotalMiB).toBe(24 * 1024);
    expect(Math.max(...g.samples.map((s) => s.memoryUsedMiB ?? 0))).toBe(17.5 * 1024);
    expect(g.samples[5]!.memoryUsedMiB).toBeNull();
  });

  it("sorts non-monotonic timestamps, reports them, and reads any column order", () => {
    const log = parseFixture("non-monotonic.csv");
    expect(log.columns).toEqual([
      "index",
      "timestamp",
      "utilizationGpu",
      "memoryUsed",
      "name",
      "powerDraw",
      "memoryTotal",
    ]);
    const note = log.notes.find((n) => n.code === "timestamps-reordered");
    expect(note?.params).toEqual({ count: 6, firstLine: 13 });
    const t = log.gpus[0]!.samples.map((s) => s.epochSeconds);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    expect(log.gpus[0]!.samples.map((s) => s.memoryUsedMiB)).toEqual(
      Array.from({ length: 40 }, (_, i) => 7000 + i * 10),
    );
  });

  it("parses values, units and missing readings", () => {
    expect(parseQuantity("1234 MiB", "memory", null)).toEqual({ ok: true, value: 1234 });
    expect(parseQuantity("1.5 GiB", "memory", null)).toEqual({ ok: true, value: 1536 });
    expect(parseQuantity("2", "memory", "gib")).toEqual({ ok: true, value: 2048 });
    expect(parseQuantity("45 %", "pct", null)).toEqual({ ok: true, value: 45 });
    expect(parseQuantity("70.5 W", "power", null)).toEqual({ ok: true, value: 70.5 });
    expect(parseQuantity("[N/A]", "power", null)).toEqual({ ok: true, value: null });
    expect(parseQuantity("[Not Supported]", "memory", null)).toEqual({ ok: true, value: null });
    expect(parseQuantity("12 XB", "memory", null)).toEqual({ ok: false, reason: "bad-unit" });
    expect(parseQuantity("-3 %", "pct", null)).toEqual({ ok: false, reason: "out-of-range" });
    expect(parseTimestamp("2024/05/01 12:00:00.123")).toBeCloseTo(1714564800.123, 3);
    expect(parseTimestamp("2024-05-01T14:00:00+02:00")).toBe(1714564800);
    expect(parseTimestamp("2024/02/30 12:00:00")).toBeNull();
    expect(parseTimestamp("yesterday")).toBeNull();
  });

  it("counts a header before every sample (nvidia-smi in a loop) as one note", () => {
    const header = "timestamp, index, memory.used [MiB], utilization.gpu [%]";
    const lines: string[] = [];
    for (let s = 0; s < 1000; s++)
      lines.push(
        header,
        `2024/05/01 12:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000, 0, ${1000 + s} MiB, 50 %`,
      );
    const r = parseNvidiaSmiCsv(lines.join("\n"));
    if (!r.ok) throw new Error("refused");
    const repeated = r.log.notes.filter((n) => n.code === "repeated-header");
    expect(repeated).toEqual([{ code: "repeated-header", params: { line: 3, count: 999 } }]);
    expect(r.log.sampleCount).toBe(1000);
    expect(r.log.malformedCount).toBe(0);
  });

  it("handles missing columns and repeated headers", () => {
    const text =
      "index, memory.used [MiB]\n0, 100 MiB\n1, 200 MiB\nindex, memory.used [MiB]\n0, 300 MiB\n";
    const r = parseNvidiaSmiCsv(text);
    if (!r.ok) throw new Error("refused");
    expect(r.log.notes.map((n) => n.code)).toEqual([
      "missing-column",
      "no-timestamp-column",
      "repeated-header",
    ]);
    expect(r.log.notes[2]?.params).toEqual({ line: 4, count: 1 });
    expect(
      r.log.gpus[0]!.samples.map((s) => [s.epochSeconds, s.memoryUsedMiB, s.utilizationPct]),
    ).toEqual([
      [0, 100, null],
      [1, 300, null],
    ]);
  });

  it("gives the same result fed in any slices, including CR/LF split across slices", () => {
    const text = fixture("crlf.csv") + fixture("malformed.csv").split("\n").slice(1).join("\r\n");
    const whole = parseNvidiaSmiCsv(text);
    for (const size of [1, 2, 7, 64, 1000]) {
      const p = createNvidiaSmiCsvParser();
      for (let i = 0; i < text.length; i += size) p.feed(text.slice(i, i + size));
      expect(p.finish()).toEqual(whole);
    }
  });

  it("parses in slices with pauses", async () => {
    let pauses = 0;
    const r = await parseNvidiaSmiCsvInSlices(fixture("idle-gaps.csv"), () =>
      Promise.resolve(void pauses++),
    );
    expect(r.ok && r.log.sampleCount).toBe(720);
    expect(pauses).toBeGreaterThan(0);
  });

  it("refuses logs above the size limit", () => {
    expect(checkLogSize(MAX_LOG_BYTES + 1)).toEqual({
      ok: false,
      error: "too-large",
      limitBytes: MAX_LOG_BYTES,
      receivedBytes: MAX_LOG_BYTES + 1,
    });
    expect(checkLogSize(10 * 1024 * 1024)).toEqual({ ok: true });
    const p = createNvidiaSmiCsvParser();
    const mb = "x".repeat(1024 * 1024);
    for (let i = 0; i < 51; i++) p.feed(mb);
    expect(p.finish()).toMatchObject({ ok: false, error: "too-large", limitBytes: MAX_LOG_BYTES });
  });
});

const field = fc.oneof(
  fc.constantFrom(
    "2024/05/01 12:00:00.123",
    "0",
    "1",
    "NVIDIA A100-SXM4-80GB",
    "1234 MiB",
    "1.5 GiB",
    "45 %",
    "70.5 W",
    "[N/A]",
    "",
    "1e400",
    "-0",
    "NaN",
    "Infinity",
    "99999999999999999999 MiB",
    "timestamp",
    "memory.used [MiB]",
  ),
  fc.string({ maxLength: 12 }),
  fc.double().map(String),
);
const lineArb = fc.array(field, { minLength: 1, maxLength: 9 }).map((f) => f.join(", "));
const logArb = fc
  .tuple(fc.boolean(), fc.array(lineArb, { maxLength: 40 }), fc.constantFrom("\n", "\r\n"))
  .map(([withHeader, lines, eol]) =>
    [
      ...(withHeader
        ? [
            "timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%], power.draw [W]",
          ]
        : []),
      ...lines,
    ].join(eol),
  );

describe("parser properties", () => {
  it("never throws and never returns NaN or Infinity, on arbitrary text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), logArb), (text) => {
        const r = parseNvidiaSmiCsv(text);
        expect(r.ok).toBe(true);
        expect(allFinite(r)).toBe(true);
        if (r.ok) {
          expect(r.log.sampleCount + r.log.malformedCount).toBeLessThanOrEqual(r.log.lineCount);
          expect(allFinite(analyzeRun(r.log))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("is independent of how the text is sliced", () => {
    fc.assert(
      fc.property(logArb, fc.integer({ min: 1, max: 50 }), (text, size) => {
        const p = createNvidiaSmiCsvParser();
        for (let i = 0; i < text.length; i += size) p.feed(text.slice(i, i + size));
        expect(p.finish()).toEqual(parseNvidiaSmiCsv(text));
      }),
      { numRuns: 200 },
    );
  });
});
