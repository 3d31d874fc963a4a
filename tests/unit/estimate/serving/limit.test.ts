/**
 * The limit a decode step names is its largest part, never a part of 0 s (issue #24: a row
 * said "per-layer overhead" beside an overhead of 0 s). Step times made up by hand, in ms.
 */
import { describe, expect, it } from "vitest";
import { limitOf } from "../../../../src/estimate/serving/speed.ts";

const step = (
  weightReadSeconds: number,
  kvReadSeconds: number,
  computeSeconds: number,
  overheadSeconds: number,
  allReduceSeconds: number,
) => ({ weightReadSeconds, kvReadSeconds, computeSeconds, overheadSeconds, allReduceSeconds });

describe("the limit of a decode step", () => {
  it("is the all-reduces when they outlast the reads and the per-layer cost is 0", () => {
    // Reads 2 + 1 = 3 ms, all-reduces 5 ms, no per-layer cost: communication, not overhead.
    expect(limitOf(step(2, 1, 1, 0, 5))).toBe("communication");
  });
  it("is the per-layer cost when it is the largest part", () => {
    // Reads 1 + 0.5 = 1.5 ms, per-layer 2 ms, all-reduces 0.4 ms.
    expect(limitOf(step(1, 0.5, 0.2, 2, 0.4))).toBe("launch-overhead");
  });
  it("is compute when the arithmetic outlasts the weight read and every other part", () => {
    // Arithmetic 4 ms hides the 2 ms weight read; KV 1 ms, per-layer 0.5 ms.
    expect(limitOf(step(2, 1, 4, 0.5, 0))).toBe("compute");
  });
  it("is memory bandwidth when the KV reads outlast even the arithmetic", () => {
    // Arithmetic 3 ms hides the 2 ms weight read, but the KV read is 4 ms.
    expect(limitOf(step(2, 4, 3, 0.5, 0))).toBe("memory-bandwidth");
  });
  it("counts the weight read as memory while the arithmetic is shorter", () => {
    // Reads 2 + 1 = 3 ms beat the 2.5 ms per-layer cost though each read alone does not.
    expect(limitOf(step(2, 1, 1, 2.5, 0))).toBe("memory-bandwidth");
  });
  it("never names a part of 0 s", () => {
    for (const t of [step(1, 0, 0, 0, 0), step(0, 1, 0, 0, 0), step(0, 0, 1, 0, 0)])
      expect(limitOf(t)).toBe(
        t.computeSeconds > t.weightReadSeconds ? "compute" : "memory-bandwidth",
      );
    expect(limitOf(step(0, 0, 0, 1, 0))).toBe("launch-overhead");
    expect(limitOf(step(0, 0, 0, 0, 1))).toBe("communication");
  });
});
